import { z } from 'zod/mini';
import { FOUR_EYES_KIND_KEYS, type ApprovalState, type FourEyesKind } from '#domain/rules/staff';
import { lenient, optionalId } from '@/lib/searchParams';

const STATES = ['pending', 'approved', 'rejected', 'withdrawn'] as const satisfies readonly ApprovalState[];

/** 待复核's filters in the URL: state (absent: pending; `all`: every state), kind, page. */
export const approvalsSearch = z.object({
  state: lenient(z.enum([...STATES, 'all'])),
  kind: lenient(z.enum(FOUR_EYES_KIND_KEYS as [FourEyesKind, ...FourEyesKind[]])),
  current: optionalId,
});
export type ApprovalsSearch = z.infer<typeof approvalsSearch>;

/** The state the server is asked for. */
export const stateFilter = (search: ApprovalsSearch): ApprovalState | undefined => (search.state === 'all' ? undefined : (search.state ?? 'pending'));
