/** The user centre's URL state, validated by the route table. */
import { z } from 'zod/mini';
import { optionalId } from '@/lib/searchParams';

/** /myProject: the page of enrolments, or the bidding-room list (list=2). */
export const myProjectSearch = z.object({ list: optionalId, current: optionalId });
export type MyProjectSearch = z.infer<typeof myProjectSearch>;

/** /myMessageDetail: the message shown. */
export const messageSearch = z.object({ id: optionalId });
export type MessageSearch = z.infer<typeof messageSearch>;
