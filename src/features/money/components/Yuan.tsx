import { formatYuan } from '#domain/rules/money';

/** A signed change in yuan: +green / −red, '—' for none. */
export function Change({ value }: { value: number }) {
  if (value === 0) return <span className="money-zero">—</span>;
  return <span className={value > 0 ? 'money-in tabular' : 'money-out tabular'}>{`${value > 0 ? '+' : '−'}${formatYuan(Math.abs(value), { suffix: '' })}`}</span>;
}
