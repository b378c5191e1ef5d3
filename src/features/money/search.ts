/** The money pages' URL state, validated by the route table. */
import { z } from 'zod/mini';
import { LEDGER_ENTRY_KINDS } from '#domain/contract/ledger';
import { lenient, optionalId } from '@/lib/searchParams';

/** /wallet/detail: one entry (id), or the list's page and filters. */
export const walletDetailSearch = z.object({
  id: optionalId,
  current: optionalId,
  kind: lenient(z.enum(LEDGER_ENTRY_KINDS)),
  direction: lenient(z.enum(['in', 'out'])),
});
/** /wallet/handle: top up or withdraw. */
export const walletHandleSearch = z.object({ action: lenient(z.enum(['topUp', 'withdraw'])) });
/** /projectSettleDetail and /settleDetailPayInfo: the deal. */
export const dealSearch = z.object({ id: optionalId });
