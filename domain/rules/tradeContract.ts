/**
 * 产权交易合同 (guide after-the-hammer.md step 4): shared by the server and the pages.
 * drafting → confirming → signing → signed → sealed. The parties edit only the template's open fields
 * while drafting; every party confirms the whole draft (the PDF is then frozen); each signatory signs in
 * order; the exchange seals last.
 */
import { type ContractState, type PartyRole, type PartyKind, OPEN_FIELDS, type OpenFieldKey } from '../contract/tradeContract';

export const CONTRACT_STATE_TEXT: Record<ContractState, string> = {
  drafting: '起草中',
  confirming: '待确认',
  signing: '签署中',
  signed: '已签署',
  sealed: '已盖章',
};

export const PARTY_ROLE_TEXT: Record<PartyRole, string> = { transferor: '转让方（甲方）', buyer: '受让方（乙方）', added: '其他签署方' };

export const OPEN_FIELD_KEYS = OPEN_FIELDS.map((f) => f.key) as [OpenFieldKey, ...OpenFieldKey[]];

export const OPEN_FIELD_MAX = 5000;

export const openFieldLabel = (key: string) => OPEN_FIELDS.find((f) => f.key === key)?.label ?? key;

const DIGITS = '零壹贰叁肆伍陆柒捌玖';

const UNITS = ['', '拾', '佰', '仟'];

const BIG = ['', '万', '亿', '万亿'];

/** An amount in fen as the 大写 of Chinese contracts: 壹拾贰万叁仟肆佰伍拾陆元柒角捌分 / …元整. */
export function rmbUpper(fen: number): string {
  if (!Number.isSafeInteger(fen) || fen < 0) throw new RangeError('amount');
  const yuan = Math.floor(fen / 100);
  const jiao = Math.floor(fen / 10) % 10;
  const cent = fen % 10;
  let out = '';
  if (yuan === 0) out = '零';
  else {
    const groups: number[] = [];
    for (let y = yuan; y > 0; y = Math.floor(y / 10000)) groups.push(y % 10000);
    let zero = false;
    for (let g = groups.length - 1; g >= 0; g--) {
      const n = groups[g]!;
      if (n === 0) {
        zero = out !== '';
        continue;
      }
      if (zero || (out !== '' && n < 1000)) out += '零';
      zero = false;
      let part = '';
      let inner = false;
      for (let i = 3; i >= 0; i--) {
        const d = Math.floor(n / 10 ** i) % 10;
        if (d === 0) inner = part !== '';
        else {
          if (inner) part += '零';
          inner = false;
          part += DIGITS[d]! + UNITS[i]!;
        }
      }
      out += part + BIG[g]!;
    }
  }
  out += '元';
  if (jiao === 0 && cent === 0) return `${out}整`;
  if (jiao > 0) out += `${DIGITS[jiao]}角`;
  else if (yuan > 0) out += '零';
  if (cent > 0) out += `${DIGITS[cent]}分`;
  return out;
}

/** 张三 → 张*, 张建国 → 张**, 河北冀通物流有限公司 → 河北****有限公司. */
export function maskName(name: string, kind: PartyKind): string {
  const chars = [...name];
  if (kind === 'person') return chars.length <= 1 ? name : chars[0] + '*'.repeat(chars.length - 1);
  if (chars.length <= 6) return chars[0] + '*'.repeat(Math.max(chars.length - 2, 1)) + chars[chars.length - 1];
  return chars.slice(0, 2).join('') + '****' + chars.slice(-4).join('');
}

/** 13800000001 → 138****0001; bidder01 → bi****01. */
export function maskAccount(text: string): string {
  if (/^1\d{10}$/.test(text)) return `${text.slice(0, 3)}****${text.slice(7)}`;
  if (text.length <= 3) return `${text[0]}**`;
  return `${text.slice(0, 2)}****${text.slice(-2)}`;
}
