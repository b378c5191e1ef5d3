/**
 * /api/dscq-user: registration, recovery, SMS codes, the user, agreement, real-name verification, account changes,
 * favourites (collect-assets add / cancel / assets-list).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AUTH_MESSAGES, SMS_PURPOSES } from '../../src/domain/auth.ts';
import {
  captchaFields,
  creditCodeField,
  encryptedPassword,
  idNumberProblem,
  idTypeField,
  integerIn,
  loginNameField,
  mobileField,
  personNameField,
  requiredText,
  smsCodeField,
  userTypeField,
} from '../http/account-params.ts';
import { bearerToken, unauthorized, userOfToken } from '../http/auth.ts';
import { BusinessError, ok } from '../http/envelope.ts';
import { pagingParams, parseParams, readParams, requiredId } from '../http/params.ts';
import { formatChinaTime } from '../lib/wire.ts';
import { consumeCaptcha } from '../services/accounts/captcha.ts';
import { ownFile } from '../services/accounts/files.ts';
import { userOfLoginCode } from '../services/accounts/login.ts';
import { sendSmsCode } from '../services/accounts/sms.ts';
import {
  acceptAgreement,
  agreementNeedsReading,
  cancelPhone,
  changePhone,
  findAccount,
  forgetPassword,
  membership,
  register,
  toUserDetail,
  updateAvatar,
  updatePassword,
  userDetail,
} from '../services/accounts/users.ts';
import { submitOrg, submitPerson, verificationStatus } from '../services/accounts/verification.ts';
import { addFavourite, cancelFavourite, listFavourites } from '../services/favourites.ts';
import type { AccountRouteDeps } from './accounts-deps.ts';

const registerParams = z.object({
  userType: userTypeField(),
  loginName: loginNameField(),
  password: encryptedPassword(),
  phone: mobileField(),
  smsCode: smsCodeField(),
  agreement: integerIn('agreement', 1, 1, '请阅读并同意用户注册协议及补充协议'),
});

const forgetParams = z.object({ phone: mobileField(), smsCode: smsCodeField(), newPassword: encryptedPassword('新密码') });

const findPersonParams = z.object({
  userType: z.literal(1),
  name: personNameField(),
  idNumber: requiredText('证件号码', 18),
  phone: mobileField(),
  smsCode: smsCodeField(),
});
const findOrgParams = z.object({ userType: z.literal(2), creditCode: creditCodeField(), phone: mobileField(), smsCode: smsCodeField() });

const smsParams = z.object({
  phone: mobileField(),
  messageCode: integerIn('短信类型 messageCode', 0, 9999, '短信类型 messageCode 须为 1008、2001 或 2002').refine(
    (v) => v === SMS_PURPOSES.login || v === SMS_PURPOSES.register || v === SMS_PURPOSES.forgetPassword,
    { error: '短信类型 messageCode 须为 1008、2001 或 2002' },
  ),
  ...captchaFields,
});

const detailParams = z.object({ code: z.string().max(200).optional(), access_token: z.string().max(4096).optional() });

const personParams = z.object({ name: personNameField(), idType: idTypeField(), idNumber: requiredText('证件号码', 30) });
const orgParams = z.object({
  orgName: requiredText('机构名称', 100).refine((v) => [...v.trim()].length >= 2, { error: '机构名称至少2个字符' }),
  creditCode: creditCodeField(),
  legalPerson: personNameField('法定代表人姓名'),
  legalIdType: idTypeField('法定代表人证件类型'),
  legalIdNumber: requiredText('法定代表人证件号码', 30),
  licenceFileId: requiredText('营业执照文件', 64),
});

const updatePasswordParams = z.object({ oldPassword: encryptedPassword('原密码'), newPassword: encryptedPassword('新密码') });
const changePhoneParams = z.object({ phone: mobileField(), smsCode: smsCodeField(), password: encryptedPassword() });
const cancelPhoneParams = z.object({ password: encryptedPassword(), smsCode: smsCodeField() });
const avatarParams = z.object({ fileId: requiredText('头像文件 fileId', 64) });
const collectParams = z.object({ assetsId: requiredId('assetsId') });
const collectListParams = z.object(pagingParams(10));

export async function dscqUserRoutes(app: FastifyInstance, { accounts, requireUser }: AccountRouteDeps): Promise<void> {
  const today = () => formatChinaTime(accounts.now()).slice(0, 10);
  const auth = { preHandler: requireUser };

  app.post('/user/register', async (request) => {
    const p = parseParams(registerParams, request);
    return ok(await register(accounts, p, request.ip));
  });

  app.post('/user/forget-password', async (request) => {
    await forgetPassword(accounts, parseParams(forgetParams, request), request.ip);
    return ok(null);
  });

  app.post('/user/find-account', async (request) => {
    const raw = readParams(request);
    const userType = Number(raw.userType);
    if (userType !== 1 && userType !== 2) throw new BusinessError(400, '用户类型须为 1（个人用户）或 2（机构用户）');
    if (userType === 1) {
      const p = findPersonParams.parse({ ...raw, userType });
      const problem = idNumberProblem(0, p.idNumber, today());
      if (problem) throw new BusinessError(400, problem);
      return ok(await findAccount(accounts, p, request.ip));
    }
    return ok(await findAccount(accounts, findOrgParams.parse({ ...raw, userType }), request.ip));
  });

  app.post('/sms/code', async (request) => {
    const p = parseParams(smsParams, request);
    if (!(await consumeCaptcha(accounts, p.uuid, p.captcha))) throw new BusinessError(400, AUTH_MESSAGES.badCaptcha);
    if (p.messageCode === SMS_PURPOSES.register) {
      const taken = await accounts.db.selectFrom('app_user').select('id').where('phone', '=', p.phone).executeTakeFirst();
      if (taken) throw new BusinessError(400, '该手机号已被注册');
    }
    return ok(await sendSmsCode(accounts, p.phone, p.messageCode, request.ip));
  });

  // The spec: by access token (bearer header or access_token parameter), or by a login code (not used up).
  app.get('/user/detail', async (request) => {
    const p = parseParams(detailParams, request);
    const token = bearerToken(request) || p.access_token || '';
    if (token) {
      const user = await userOfToken(accounts, request, token);
      if (!user) throw unauthorized();
      return ok(await userDetail(accounts, user.id));
    }
    if (p.code) {
      const user = await userOfLoginCode(accounts, p.code);
      if (!user) throw new BusinessError(400, AUTH_MESSAGES.badLoginCode);
      return ok(toUserDetail(user));
    }
    throw unauthorized();
  });

  app.get('/user/is-need-read', auth, async (request) => ok(await agreementNeedsReading(accounts, request.user!.id)));
  app.post('/protocol-agree/submit', auth, async (request) => {
    await acceptAgreement(accounts, request.user!, request.ip);
    return ok(null);
  });

  app.post('/real-name/person', auth, async (request) => {
    const p = parseParams(personParams, request);
    const user = request.user!;
    if (user.userType !== 1) throw new BusinessError(400, '机构用户请进行机构实名认证');
    const problem = idNumberProblem(p.idType, p.idNumber, today());
    if (problem) throw new BusinessError(400, problem);
    return ok(await submitPerson(accounts, { userId: user.id, ...p }, request.ip));
  });

  app.post('/real-name/org', auth, async (request) => {
    const p = parseParams(orgParams, request);
    const user = request.user!;
    if (user.userType !== 2) throw new BusinessError(400, '个人用户请进行个人实名认证');
    const problem = idNumberProblem(p.legalIdType, p.legalIdNumber, today());
    if (problem) throw new BusinessError(400, `法定代表人${problem}`);
    const licence = await ownFile(accounts, user.id, p.licenceFileId);
    if (!licence) throw new BusinessError(400, '营业执照文件不存在，请重新上传');
    return ok(await submitOrg(accounts, { userId: user.id, ...p, orgName: p.orgName.trim() }, request.ip));
  });

  app.get('/real-name/status', auth, async (request) => ok(await verificationStatus(accounts, request.user!.id)));

  app.post('/user/update-password', auth, async (request) => {
    await updatePassword(accounts, request.user!, parseParams(updatePasswordParams, request), request.ip);
    return ok(null);
  });
  app.post('/user/change-phone', auth, async (request) =>
    ok(await changePhone(accounts, request.user!, parseParams(changePhoneParams, request), request.ip)),
  );
  app.post('/user/cancel-phone', auth, async (request) =>
    ok(await cancelPhone(accounts, request.user!, parseParams(cancelPhoneParams, request), request.ip)),
  );
  app.post('/user/update-avatar', auth, async (request) =>
    ok(await updateAvatar(accounts, request.user!, parseParams(avatarParams, request).fileId, request.ip)),
  );
  app.get('/user/membership', auth, async (request) => ok(await membership(accounts, request.user!.id)));

  // Favourites: the bearer's own rows only (add is idempotent, cancelling a non-favourite is fine).
  app.post('/collect-assets/add', auth, async (request) => {
    await addFavourite(accounts.db, request.user!.id, parseParams(collectParams, request).assetsId, accounts.now());
    return ok(null);
  });
  app.post('/collect-assets/cancel', auth, async (request) => {
    await cancelFavourite(accounts.db, request.user!.id, parseParams(collectParams, request).assetsId);
    return ok(null);
  });
  app.post('/collect-assets/assets-list', auth, async (request) =>
    ok(await listFavourites(accounts.db, request.user!.id, parseParams(collectListParams, request))),
  );
}
