import { Money } from '@/components/Money';

/** A signed change in yuan by the one money rule: +green / −red, '—' for none, the exact yuan on hover. */
export function Change({ value }: { value: number }) {
  return <Money yuan={value} signed />;
}
