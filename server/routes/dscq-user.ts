/**
 * /api/dscq-user: registration, recovery, SMS codes, the user, agreement, real-name verification, account changes,
 * favourites (collect-assets add / cancel / assets-list).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AUTH_MESSAGES } from '#domain/rules/auth';
import { SMS_PURPOSES } from '#domain/contract/auth';
import { formatChinaTime } from '#domain/rules/chinaTime';
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
import { bearerToken, unauthorized } from '../http/auth.ts';
import { BusinessError, ok } from '../lib/envelope.ts';
import { listedParams, pagingParams, requiredId } from '../http/params.ts';
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
import { addFavourite, cancelFavourite, listFavourites } from '../services/projects/favourites.ts';

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
/** The handler picks the person or organisation rule by userType. */
const findAccountFields = listedParams({
  userType: { type: 'integer', description: '用户类型：1 个人用户，2 机构用户' },
  name: '姓名（个人用户）',
  idNumber: '证件号码（个人用户）',
  creditCode: '统一社会信用代码（机构用户）',
  phone: '手机号码',
  smsCode: '短信验证码',
});

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

export async function dscqUserRoutes(app: FastifyInstance): Promise<void> {
  const { accounts, requireUser } = app;
  const today = () => formatChinaTime(accounts.now(), 'YYYY-MM-DD');
  // Before the parameter check: an anonymous call is a 401 whatever its parameters.
  const auth = { preValidation: requireUser };
  const api = app.withTypeProvider<ZodTypeProvider>();

  // Registration and recovery attempts are limited per address (429), and answer whether a login name or
  // phone is taken only once the SMS code is right (services/accounts/users.ts).
  api.post('/user/register', { schema: { summary: '注册（每个地址限频）', querystring: registerParams } }, async (request) => {
    await app.rateLimit('register-ip', request);
    const p = request.query;
    return ok(await register(accounts, p, request.ip));
  });

  api.post('/user/forget-password', { schema: { summary: '找回密码（短信验证后设置新密码；每个地址限频）', querystring: forgetParams } }, async (request) => {
    await app.rateLimit('recover-ip', request);
    await forgetPassword(accounts, request.query, request.ip);
    return ok(null);
  });

  api.post('/user/find-account', { schema: { summary: '找回登录名（个人按姓名与证件号，机构按统一社会信用代码；每个地址限频）', querystring: findAccountFields } }, async (request) => {
    await app.rateLimit('recover-ip', request);
    const raw = request.query;
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

  // Limited per address and per phone (real sends only). The answer is the same whether the phone has an
  // account or not (a registered phone learns 该手机号已被注册 from the registration, once its code is right).
  api.post('/sms/code', { schema: { summary: '发送短信验证码（需图片验证码；每个地址、每个手机号限频）', querystring: smsParams } }, async (request) => {
    const p = request.query;
    const check = async () => {
      if (!(await consumeCaptcha(accounts, p.uuid, p.captcha))) throw new BusinessError(400, AUTH_MESSAGES.badCaptcha);
    };
    return ok(await sendSmsCode(accounts, app.rateLimits, { phone: p.phone, purpose: p.messageCode, ip: request.ip, check }));
  });

  // The spec: by access token (bearer header or access_token parameter), or by a login code (not used up).
  api.get('/user/detail', { schema: { summary: '当前用户（按登录令牌，或按未使用的登录码）', querystring: detailParams } }, async (request) => {
    const p = request.query;
    const token = bearerToken(request) || p.access_token || '';
    if (token) {
      const user = await app.userOfToken(request, token);
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

  api.get('/user/is-need-read', { ...auth, schema: { summary: '是否需要阅读（新版）注册协议' } }, async (request) => ok(await agreementNeedsReading(accounts, request.user!.id)));
  api.post('/protocol-agree/submit', { ...auth, schema: { summary: '同意注册协议' } }, async (request) => {
    await acceptAgreement(accounts, request.user!, request.ip);
    return ok(null);
  });

  api.post('/real-name/person', { ...auth, schema: { summary: '个人实名认证', querystring: personParams } }, async (request) => {
    const p = request.query;
    const user = request.user!;
    if (user.userType !== 1) throw new BusinessError(400, '机构用户请进行机构实名认证');
    const problem = idNumberProblem(p.idType, p.idNumber, today());
    if (problem) throw new BusinessError(400, problem);
    return ok(await submitPerson(accounts, { userId: user.id, ...p }, request.ip));
  });

  api.post('/real-name/org', { ...auth, schema: { summary: '机构实名认证', querystring: orgParams } }, async (request) => {
    const p = request.query;
    const user = request.user!;
    if (user.userType !== 2) throw new BusinessError(400, '个人用户请进行个人实名认证');
    const problem = idNumberProblem(p.legalIdType, p.legalIdNumber, today());
    if (problem) throw new BusinessError(400, `法定代表人${problem}`);
    const licence = await ownFile(accounts, user.id, p.licenceFileId);
    if (!licence) throw new BusinessError(400, '营业执照文件不存在，请重新上传');
    return ok(await submitOrg(accounts, { userId: user.id, ...p, orgName: p.orgName.trim() }, request.ip));
  });

  api.get('/real-name/status', { ...auth, schema: { summary: '实名认证状态' } }, async (request) => ok(await verificationStatus(accounts, request.user!.id)));

  api.post('/user/update-password', { ...auth, schema: { summary: '修改密码', querystring: updatePasswordParams } }, async (request) => {
    await updatePassword(accounts, request.user!, request.query, request.ip);
    return ok(null);
  });
  api.post('/user/change-phone', { ...auth, schema: { summary: '更换手机号码', querystring: changePhoneParams } }, async (request) =>
    ok(await changePhone(accounts, request.user!, request.query, request.ip)),
  );
  api.post('/user/cancel-phone', { ...auth, schema: { summary: '解绑手机号码', querystring: cancelPhoneParams } }, async (request) =>
    ok(await cancelPhone(accounts, request.user!, request.query, request.ip)),
  );
  api.post('/user/update-avatar', { ...auth, schema: { summary: '设置头像（已上传的图片文件）', querystring: avatarParams } }, async (request) =>
    ok(await updateAvatar(accounts, request.user!, request.query.fileId, request.ip)),
  );
  api.get('/user/membership', { ...auth, schema: { summary: '会员信息（用户资料及实名认证状态）' } }, async (request) => ok(await membership(accounts, request.user!.id)));

  // Favourites: the bearer's own rows only (add is idempotent, cancelling a non-favourite is fine).
  api.post('/collect-assets/add', { ...auth, schema: { summary: '收藏项目（重复收藏无影响）', querystring: collectParams } }, async (request) => {
    await addFavourite(accounts.db, request.user!.id, request.query.assetsId, accounts.now());
    return ok(null);
  });
  api.post('/collect-assets/cancel', { ...auth, schema: { summary: '取消收藏', querystring: collectParams } }, async (request) => {
    await cancelFavourite(accounts.db, request.user!.id, request.query.assetsId);
    return ok(null);
  });
  api.post('/collect-assets/assets-list', { ...auth, schema: { summary: '我的收藏分页', querystring: collectListParams } }, async (request) =>
    ok(await listFavourites(accounts.db, request.user!.id, request.query, app.now())),
  );
}
