/**
 * What every successful token grant does next (spec section 4): fetch the user's detail with the new
 * token; if it says isAllowAccess false, store nothing (and revoke the token); otherwise store the token
 * pair and the user info. Shared by the password, SMS, login-code (after registration) and
 * third-party-ticket logins.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { TokenRequest, TokenResponse, UserDetail } from '#domain/contract/auth';
import { getUserDetail, userDetailQueryOptions } from '@/api/resources/get-user-detail';
import { logout } from '@/api/resources/logout';
import { session } from '@/lib/session';
import { publicKeyQueryOptions } from '@/api/resources/get-public-key';
import { requestToken } from './api/post-token';
import { encryptPassword } from '@/lib/passwordCrypto';

export const ACCESS_DENIED_MESSAGE = '该账号暂无访问权限，请联系客服人员';

export class AccessDeniedError extends Error {
  constructor() {
    super(ACCESS_DENIED_MESSAGE);
    this.name = 'AccessDeniedError';
  }
}

export async function completeLogin(pair: TokenResponse, queryClient: QueryClient): Promise<UserDetail> {
  const user = await getUserDetail(pair.access_token);
  if (!user.isAllowAccess) {
    session.saveTokens(pair, false);
    void logout(pair.access_token);
    throw new AccessDeniedError();
  }
  session.saveTokens(pair);
  session.saveUser(user);
  // Whatever was cached for the previous (or no) user is stale now.
  queryClient.removeQueries({ queryKey: userDetailQueryOptions().queryKey });
  queryClient.removeQueries({ queryKey: ['auth', 'is-need-read'] });
  return user;
}

/** A token grant followed by `completeLogin`. */
export async function loginWith(request: TokenRequest, queryClient: QueryClient): Promise<UserDetail> {
  return completeLogin(await requestToken(request), queryClient);
}

/** Encrypts a password under the server's current public key (fetched once and cached). */
export async function encryptWithServerKey(password: string, queryClient: QueryClient): Promise<string> {
  const { publicKey } = await queryClient.ensureQueryData(publicKeyQueryOptions());
  return encryptPassword(password, publicKey);
}
