import { z } from 'zod';
import { FOUR_EYES_KIND_KEYS, type ApprovalState, type FourEyesKind } from '#domain/rules/staff';
import { optionalId } from '@/lib/searchParams';

const STATES = ['pending', 'approved', 'rejected', 'withdrawn'] as const satisfies readonly ApprovalState[];

/** 待复核's filters in the URL: state (absent: pending; `all`: every state), kind, page. */
export const approvalsSearch = z.object({
  state: z.enum([...STATES, 'all']).optional().catch(undefined),
  kind: z.enum(FOUR_EYES_KIND_KEYS as [FourEyesKind, ...FourEyesKind[]]).optional().catch(undefined),
  current: optionalId,
});
export type ApprovalsSearch = z.infer<typeof approvalsSearch>;

/** The state the server is asked for. */
export const stateFilter = (search: ApprovalsSearch): ApprovalState | undefined => (search.state === 'all' ? undefined : (search.state ?? 'pending'));
