/**
 * Frozen copy of `searchKeys` as services/projects-pinyin.ts (now services/projects/search-keys.ts) had it when 0005_projects shipped.
 * A migration that has run must do the same thing forever: were it to import the live service, changing
 * how search keys are built would silently change what 0005 writes on a database that migrates later,
 * and leave databases that migrated earlier different from it. So 0005 uses this copy; never edit it
 * (a new way of building keys gets a new migration that rewrites the columns).
 *
 * pinyin-pro's custom words are global to the package: these entries merge with the service's, so they
 * must stay a subset of them with the same readings.
 */
import { customPinyin, pinyin } from 'pinyin-pro';

customPinyin({ 长安区: 'cháng ān qū', 乐亭: 'lào tíng', 蔚县: 'yù xiàn' });

export interface SearchKeys0005 {
  name_pinyin: string;
  name_initials: string;
  search_text: string;
}

const SEPARATOR = '\u0001';

function normalise(text: string): string {
  return text.toLowerCase().replace(/[\s\u0000-\u001f]+/g, '');
}

export function searchKeys0005(name: string, code: string): SearchKeys0005 {
  const syllables = pinyin(name, { toneType: 'none', type: 'array', v: true });
  const initials = pinyin(name, { toneType: 'none', type: 'array', pattern: 'first', v: true });
  const name_pinyin = normalise(syllables.join(''));
  const name_initials = normalise(initials.join(''));
  return {
    name_pinyin,
    name_initials,
    search_text: [normalise(name), name_pinyin, name_initials, normalise(code)].join(SEPARATOR),
  };
}
