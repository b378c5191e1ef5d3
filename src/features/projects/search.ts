/** The trading centre's URL state (its schema, validated by the route table) and its API query. */
import { z } from 'zod/mini';
import { PROJECT_SEARCH_DEFAULT_SIZE } from '#domain/rules/projects';
import { PROJECT_SORTS, type ProjectSearchParams } from '#domain/contract/projects';
import { lenient, optionalId, positiveInt, searchText } from '@/lib/searchParams';

const placeName = searchText(20);
/** Yuan. */
const yuan = lenient(z.coerce.number().check(z.nonnegative(), z.lte(1e13)));

/**
 * /project and /gyzcProject: the search state lives in the URL (spec section 2: q, typeCode, associationId,
 * size, current; ours add the filters of api-reference: city, county, price range in yuan, state word, sort).
 */
export const projectSearch = z.object({
  q: searchText(50),
  typeCode: optionalId,
  associationId: optionalId,
  size: lenient(positiveInt.check(z.lte(100))),
  current: optionalId,
  city: placeName,
  county: placeName,
  minPrice: yuan,
  maxPrice: yuan,
  state: searchText(20),
  orderBy: lenient(z.enum(PROJECT_SORTS)),
  order: lenient(z.enum(['asc', 'desc'])),
});
export type ProjectUrlSearch = z.infer<typeof projectSearch>;

/** The search call of a URL state; `fixed` adds what a page always filters on (projectNature 1 for /gyzcProject). */
export function toSearchParams(search: ProjectUrlSearch, fixed: Partial<ProjectSearchParams> = {}): ProjectSearchParams {
  const { size = PROJECT_SEARCH_DEFAULT_SIZE, current = 1, orderBy = 'publishDate', order = 'desc', ...filters } = search;
  return { ...filters, ...fixed, size, current, orderBy, order };
}

/** A filter changed: back to the first page (paging keeps the rest). */
export function withFilter(search: ProjectUrlSearch, change: Partial<ProjectUrlSearch>): ProjectUrlSearch {
  return { ...search, ...change, current: undefined };
}

/** Whether any filter (not paging or sort) is set: the empty state then suggests clearing them. */
export function hasFilters(search: ProjectUrlSearch): boolean {
  const { size: _size, current: _current, orderBy: _orderBy, order: _order, ...filters } = search;
  return Object.values(filters).some((value) => value !== undefined && value !== '');
}
