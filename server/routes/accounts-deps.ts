/** What the account route plugins receive: the accounts services and the bearer-token preHandler. */
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { Accounts } from '../services/accounts/context.ts';

export interface AccountRouteDeps {
  accounts: Accounts;
  requireUser: preHandlerAsyncHookHandler;
}
