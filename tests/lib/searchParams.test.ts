/** The route search schemas' building blocks: a malformed value is dropped, the rest of the search kept. */
import { describe, expect, it } from 'vitest';
import { lenient, optionalId, pageSearch, positiveInt, searchText } from '@/lib/searchParams';
import { hallSearch } from '@/features/hall/search';
import { projectSearch } from '@/features/projects/search';
import { findAccountSuccessSearch } from '@/features/auth/search';
import { z } from 'zod/mini';

describe('search schemas', () => {
  it('optionalId: a positive integer from the URL (text or number), undefined when absent or malformed', () => {
    expect(optionalId.parse('12')).toBe(12);
    expect(optionalId.parse(12)).toBe(12);
    for (const bad of ['abc', '0', '-3', '1.5', undefined]) expect(optionalId.parse(bad)).toBeUndefined();
    expect(positiveInt.safeParse('0').success).toBe(false);
  });

  it('searchText: digits the router read as a number come back as text; trimmed; empty or too long is dropped', () => {
    const text = searchText(5);
    expect(text.parse(2026)).toBe('2026');
    expect(text.parse('  石家庄 ')).toBe('石家庄');
    expect(text.parse('   ')).toBeUndefined();
    expect(text.parse('太长的关键字了')).toBeUndefined();
    expect(lenient(z.enum(['a', 'b'])).parse('c')).toBeUndefined();
  });

  it('a page search keeps what is valid and drops only what is not', () => {
    expect(pageSearch.parse({ current: 'x' })).toEqual({});
    expect(projectSearch.parse({ q: ' 土地 ', size: '101', current: '2', order: 'up', minPrice: '-1', maxPrice: '5000' })).toEqual({ q: '土地', current: 2, maxPrice: 5000 });
    expect(hallSearch.parse({ assetsName: '厂房', size: '500' })).toEqual({ assetsName: '厂房', size: 500 });
    expect(hallSearch.parse({ size: '100000' }).size).toBeUndefined();
    expect(findAccountSuccessSearch.parse({ loginNames: ['a*c', 'b*d'] })).toEqual({ loginNames: ['a*c', 'b*d'] });
    expect(findAccountSuccessSearch.parse({ loginNames: Array.from({ length: 51 }, () => 'x') })).toEqual({});
  });
});
