/** /verify's URL state, validated by the route table. */
import { z } from 'zod/mini';
import { optionalId } from '@/lib/searchParams';

/** ?activityId=: check the exchange's published 电子竞价记录 of that activity (fetched, then checked here). */
export const verifySearch = z.object({ activityId: optionalId });
export type VerifySearch = z.infer<typeof verifySearch>;
