/**
 * Search keys of a listing, computed whenever its name or code is written (seed, load test; migration
 * 0005 has its own frozen copy, db/migrations/frozen/0005-search-keys.ts): the full
 * toneless pinyin of the name without spaces ('shijiazhuangshi…'), its initials ('sjzs…'), and the one
 * column the keyword search scans, `search_text` = name | pinyin | initials | code, lower case, without
 * whitespace, joined by U+0001 (which no keyword contains, so a match never spans two parts).
 * ü is written v, as typed. Other characters (digits, %, Latin letters) stay in place: '35%股权' gives
 * '35%guquan' / '35%gq'. Polyphonic characters get pinyin-pro's reading in context (its word list), else the
 * most common one: an unusual reading is then not found by its other reading (a few Hebei place names are
 * fixed below).
 */
import { customPinyin, pinyin } from 'pinyin-pro';

// Hebei place names whose reading the word list gets wrong in our names ('…市长安区' is not 市长 + 安区).
customPinyin({ 长安区: 'cháng ān qū', 乐亭: 'lào tíng', 蔚县: 'yù xiàn' });

export interface SearchKeys {
  name_pinyin: string;
  name_initials: string;
  search_text: string;
}

export const SEARCH_TEXT_SEPARATOR = '\u0001';

/** What the keyword is compared with: lower case, no whitespace, no separator. */
export function normaliseKeyword(text: string): string {
  return text.toLowerCase().replace(/[\s\u0000-\u001f]+/g, '');
}

export function searchKeys(name: string, code: string): SearchKeys {
  const syllables = pinyin(name, { toneType: 'none', type: 'array', v: true });
  const initials = pinyin(name, { toneType: 'none', type: 'array', pattern: 'first', v: true });
  const name_pinyin = normaliseKeyword(syllables.join(''));
  const name_initials = normaliseKeyword(initials.join(''));
  return {
    name_pinyin,
    name_initials,
    search_text: [normaliseKeyword(name), name_pinyin, name_initials, normaliseKeyword(code)].join(SEARCH_TEXT_SEPARATOR),
  };
}

