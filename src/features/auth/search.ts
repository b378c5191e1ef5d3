/** The URL state of the login pages, validated by the route table. */
import { z } from 'zod/mini';
import { lenient } from '@/lib/searchParams';

const redirect = lenient(z.string());

/** /login: where to go after logging in. */
export const loginSearch = z.object({ redirect });
export type LoginSearch = z.infer<typeof loginSearch>;

const ticketPart = lenient(z.string().check(z.trim(), z.minLength(1), z.maxLength(512)));

/** /hbtsSso: the unified identity platform's ticket (spec section 7: userguid, loginid, dognum, token) and `redirect`. */
export const hbtsSsoSearch = z.object({
  userguid: ticketPart,
  loginid: ticketPart,
  dognum: ticketPart,
  token: ticketPart,
  redirect,
});
export type HbtsSsoSearch = z.infer<typeof hbtsSsoSearch>;

/** /findAccountSuccess: the masked login names found by account recovery. */
export const findAccountSuccessSearch = z.object({
  loginNames: lenient(z.array(z.string().check(z.maxLength(64))).check(z.maxLength(50))),
});
export type FindAccountSuccessSearch = z.infer<typeof findAccountSuccessSearch>;
