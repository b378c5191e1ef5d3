/** The enrolment pages' URL state, validated by the route table. */
import { z } from 'zod/mini';
import { optionalId } from '@/lib/searchParams';

/** /bidEnrollNormal, /bidEnrollPkg: the project to enrol in. */
export const enrolSearch = z.object({ assetsId: optionalId });
export type EnrolSearch = z.infer<typeof enrolSearch>;

/** /cashierDesk, /depositAddPayInfo: the deposit to pay. */
export const depositPaySearch = z.object({ depositId: optionalId });
export type DepositPaySearch = z.infer<typeof depositPaySearch>;

/** /enrollDetail, /depositDetail: the record shown. */
export const recordSearch = z.object({ id: optionalId });
export type RecordSearch = z.infer<typeof recordSearch>;
