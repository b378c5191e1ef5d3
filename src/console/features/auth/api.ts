/** Signing in and the member's own password (STAFF_PATHS): passwords RSA-encrypted as the portal's login. */
import { STAFF_PATHS, type StaffSession } from '#domain/contract/staff';
import { staffHttp } from '../../api/http';

export interface LoginInput {
  loginName: string;
  /** Already encrypted. */
  password: string;
  captchaKey: string;
  captchaCode: string;
}

export const postLogin = (input: LoginInput) => staffHttp.post<StaffSession>(STAFF_PATHS.login, { ...input });

export const postChangePassword = (oldPassword: string, newPassword: string) =>
  staffHttp.post<null>(STAFF_PATHS.changePassword, { oldPassword, newPassword });
