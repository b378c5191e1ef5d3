/** The money pages' URL state, validated by the route table. */
import { z } from 'zod';
import { LEDGER_ENTRY_KINDS } from '#domain/contract/ledger';
import { optionalId } from '@/lib/searchParams';

/** /wallet/detail: one entry (id), or the list's page and filters. */
export const walletDetailSearch = z.object({
  id: optionalId,
  current: optionalId,
  kind: z.enum(LEDGER_ENTRY_KINDS).optional().catch(undefined),
  direction: z.enum(['in', 'out']).optional().catch(undefined),
});
/** /wallet/handle: top up or withdraw. */
export const walletHandleSearch = z.object({ action: z.enum(['topUp', 'withdraw']).optional().catch(undefined) });
/** /projectSettleDetail and /settleDetailPayInfo: the deal. */
export const dealSearch = z.object({ id: optionalId });
