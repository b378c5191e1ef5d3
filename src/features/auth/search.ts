/** The URL state of the login pages, validated by the route table. */
import { z } from 'zod';

const redirect = z.string().optional().catch(undefined);

/** /login: where to go after logging in. */
export const loginSearch = z.object({ redirect });
export type LoginSearch = z.infer<typeof loginSearch>;

const ticketPart = z.string().trim().min(1).max(512).optional().catch(undefined);

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
  loginNames: z.array(z.string().max(64)).max(50).optional().catch(undefined),
});
export type FindAccountSuccessSearch = z.infer<typeof findAccountSuccessSearch>;
