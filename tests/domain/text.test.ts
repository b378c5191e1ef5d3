import { AUCTION_NAME_MAX_LENGTH, ELLIPSIS_MAX_LENGTH, NEWS_TITLE_MAX_LENGTH, truncate } from '#domain/rules/text';

describe('truncate', () => {
  it('has the spec limits', () => {
    expect(AUCTION_NAME_MAX_LENGTH).toBe(22);
    expect(NEWS_TITLE_MAX_LENGTH).toBe(20);
    expect(ELLIPSIS_MAX_LENGTH).toBe(96);
  });

  it('keeps text up to the limit', () => {
    const twenty = '河北省石家庄市国有资产转让项目公告第一二'; // 20 characters
    expect([...twenty]).toHaveLength(20);
    expect(truncate(twenty, NEWS_TITLE_MAX_LENGTH)).toBe(twenty);
  });

  it('cuts longer text and appends ...', () => {
    const name = '石家庄市长安区某某路12号商业用房及附属设施整体转让项目'; // 28 characters
    expect(truncate(name, AUCTION_NAME_MAX_LENGTH)).toBe('石家庄市长安区某某路12号商业用房及附属设施...');
    expect(truncate('一二三四五六七八九十一二三四五六七八九十一', 20)).toBe('一二三四五六七八九十一二三四五六七八九十...');
  });

  it('counts code points', () => {
    const emoji = '😀'.repeat(23);
    expect(truncate(emoji, 22)).toBe(`${'😀'.repeat(22)}...`);
    expect(truncate('😀'.repeat(22), 22)).toBe('😀'.repeat(22));
    expect(truncate('𠀀𠀁𠀂', 2)).toBe('𠀀𠀁...');
  });

  it('handles empty input and odd limits', () => {
    expect(truncate(null, 5)).toBe('');
    expect(truncate(undefined, 5)).toBe('');
    expect(truncate('', 5)).toBe('');
    expect(truncate('abc', 0)).toBe('...');
    expect(truncate('abc', -1)).toBe('...');
    expect(truncate('abcdef', 2.9)).toBe('ab...');
    expect(truncate('a'.repeat(97), ELLIPSIS_MAX_LENGTH)).toBe(`${'a'.repeat(96)}...`);
  });
});
