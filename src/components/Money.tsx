import { Price } from '@/components/Price';
import { tableMoneyCell } from '#domain/rules/money';

/**
 * An amount (yuan) in a table or a summary, by the one money rule of lists (spec section 5 "Money display",
 * tableMoneyCell): 万元 from 10000 yuan, yuan below, the exact yuan on hover — so '42.24万元' in the user
 * centre reads like the hall, never '422,415,000.00 元' that is easily misread by a factor of ten.
 * - `signed`: a change (ledger entries): '+' / '−' before it, '—' for none;
 * - `exact`: the exact yuan also written after a 万元 amount, where the user must pay it to the fen.
 */
export function Money({ yuan, signed = false, exact = false }: { yuan: number | null | undefined; signed?: boolean; exact?: boolean }) {
  if (signed && yuan === 0) return <span className="money-zero">—</span>;
  const value = signed && typeof yuan === 'number' ? Math.abs(yuan) : yuan;
  const cell = tableMoneyCell(value);
  const price = <Price text={cell.text} tooltip={cell.tooltip} />;
  const withExact =
    exact && cell.tooltip !== null && cell.tooltip !== cell.text ? (
      <>
        {price}
        <span className="money-exact tabular">（{cell.tooltip}）</span>
      </>
    ) : (
      price
    );
  if (!signed || typeof yuan !== 'number') return withExact;
  return (
    <span className={yuan > 0 ? 'money-in tabular' : 'money-out tabular'}>
      {yuan > 0 ? '+' : '−'}
      {withExact}
    </span>
  );
}
