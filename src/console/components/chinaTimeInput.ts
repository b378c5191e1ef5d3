/**
 * The console's date-time fields are the browser's own `<input type="datetime-local">` (no picker
 * dependency, typed or picked): its value 'YYYY-MM-DDTHH:mm' is China time as the server's wire
 * 'YYYY-MM-DD HH:mm:ss' (the exchange and its staff work in China time).
 */
export const toWireTime = (local: string | null | undefined): string | undefined =>
  local ? `${local.replace('T', ' ').slice(0, 16)}:00` : undefined;

export const fromWireTime = (wire: string | null | undefined): string => (wire ? wire.slice(0, 16).replace(' ', 'T') : '');

/** An amount in yuan as the console shows it. */
export const yuan = (amount: number | null | undefined): string =>
  amount === null || amount === undefined ? '—' : `${amount.toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} 元`;
