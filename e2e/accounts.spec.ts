import type { Locator, Page } from '@playwright/test';
import { expect, refusedRequest, test } from './fixtures';
import { AUTH_MESSAGES } from '#domain/rules/auth';
import { idCardCheckChar } from '#domain/rules/idCard';
import { E2E_CAPTCHA, E2E_SMS_CODE } from './playwright.config';

/**
 * Accounts in Chromium against the real server (fixed captcha answer and SMS code, NODE_ENV
 * test): register → log in → verify real name → log out; a wrong password; the lockout; and the return
 * to a protected page after login. Each journey uses its own account, so they can run in parallel.
 */
const screenshotDir = new URL('./screenshots', import.meta.url).pathname;
const DEMO_PASSWORD = 'Demo@2026';

function passwordForm(page: Page): Locator {
  return page.getByRole('form', { name: '账号登录' });
}

/** Fills the password login (after its captcha image has loaded) and submits. */
async function submitPasswordLogin(page: Page, username: string, password: string) {
  const form = passwordForm(page);
  await expect(form.getByAltText('图片验证码')).toBeVisible();
  await form.getByPlaceholder('请输入用户名').fill(username);
  await form.getByPlaceholder('请输入密码').fill(password);
  await form.getByPlaceholder('请输入图片验证码').fill(E2E_CAPTCHA);
  await form.getByRole('button', { name: /登\s*录/ }).click();
}

/** The password field is cleared and a fresh captcha is shown after a failed attempt. */
async function expectReadyForAnotherAttempt(page: Page) {
  const form = passwordForm(page);
  await expect(form.getByPlaceholder('请输入密码')).toHaveValue('');
  await expect(form.getByAltText('图片验证码')).toBeVisible();
}

/** A valid resident ID number (Shijiazhuang) for a given birth date and sequence. */
function idNumber(birth: string, sequence: string): string {
  const first17 = `130102${birth}${sequence}`;
  return first17 + idCardCheckChar(first17);
}

async function logOut(page: Page) {
  const user = page.getByTestId('header-user');
  await user.getByRole('button', { name: /退\s*出/ }).click();
  await expect(page).toHaveURL(/#\/login$/);
  await expect(user.getByRole('link', { name: '登录' })).toBeVisible();
}

test.describe('accounts', () => {
  // Journeys of several pages (registration, captcha, SMS, verification) take longer than the default.
  test.describe.configure({ timeout: 120_000 });

  test('register a new person with an SMS code → log in with captcha → verify real name → log out', async ({ page }) => {
    const stamp = Date.now().toString(36);
    const loginName = `e2e_${stamp}`.slice(0, 20);
    const phone = `139${String(Date.now()).slice(-8)}`;
    const password = 'Hebei#2026x';

    await page.goto('/#/register');
    const form = page.getByRole('form', { name: '用户注册' });
    await expect(form.getByAltText('图片验证码')).toBeVisible();
    await page.screenshot({ path: `${screenshotDir}/accounts-register-1200.png`, fullPage: true });
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.screenshot({ path: `${screenshotDir}/accounts-register-1440.png`, fullPage: true });
    await page.setViewportSize({ width: 1200, height: 900 });

    // As-you-type messages of the spec.
    await form.getByPlaceholder('请输入手机号码').fill('1380');
    await expect(form.getByText('手机号码长度不为11位')).toBeVisible();
    await form.getByPlaceholder('8-64位，建议包含大小写字母、数字和符号').fill(password);
    await expect(page.getByTestId('password-strength')).toContainText('密码强度：强');

    await form.getByPlaceholder('4-20位字母、数字或下划线，以字母开头').fill(loginName);
    await form.getByPlaceholder('请再次输入密码').fill(password);
    await form.getByPlaceholder('请输入手机号码').fill(phone);
    await form.getByPlaceholder('请输入图片验证码').fill(E2E_CAPTCHA);
    await form.getByTestId('sms-send').click();
    await expect(form.getByTestId('sms-send')).toHaveText(/\d+秒后重新获取/);
    await expect(form.getByTestId('sms-send')).toBeDisabled();
    await form.getByPlaceholder('请输入短信验证码').fill(E2E_SMS_CODE);
    await form.getByRole('checkbox').check();
    await form.getByRole('button', { name: '同意协议并注册' }).click();

    await expect(page.getByText('注册成功')).toBeVisible();
    await expect(page.getByTestId('header-user')).toContainText(loginName);
    await logOut(page);

    // Log in with the new account (password + image captcha).
    await submitPasswordLogin(page, loginName, password);
    await expect(page).toHaveURL(/#\/index$/);
    await expect(page.getByTestId('header-user')).toContainText(loginName);

    // Real-name verification.
    await page.goto('/#/realNamePerson');
    const verify = page.getByRole('form', { name: '个人实名认证' });
    await expect(verify).toBeVisible();
    await verify.getByPlaceholder('请输入证件号码').fill('991234198506121234');
    await expect(verify.getByText('地址编码错误')).toBeVisible();
    const number = idNumber('19850612', String(Date.now() % 1000).padStart(3, '0'));
    await verify.getByPlaceholder('请输入与证件一致的姓名').fill('李秀英');
    await verify.getByPlaceholder('请输入证件号码').fill(number);
    await verify.getByRole('button', { name: '提交认证' }).click();
    await expect(page).toHaveURL(/#\/realNamePersonInfo$/);
    await expect(page.getByText('实名认证审核中')).toBeVisible();
    // Masked: the name's first character, the number's last 4.
    const submitted = page.locator('.account-descriptions');
    await expect(submitted).toContainText('李');
    await expect(submitted).toContainText(number.slice(-4));
    await expect(submitted).not.toContainText(number);

    await logOut(page);
  });

  test("a wrong password shows the server's message", async ({ page, allowConsole }) => {
    allowConsole(refusedRequest(400, '/api/oauth/token?'), 'a refused password grant is a 400 (OAuth), as the spec answers it');
    await page.goto('/#/login');
    await submitPasswordLogin(page, 'demo_org', 'Wrong#2026x');
    await expect(passwordForm(page).getByRole('alert')).toHaveText(AUTH_MESSAGES.badCredentials);
    await expectReadyForAnotherAttempt(page);
    await expect(page).toHaveURL(/#\/login$/);
  });

  test('the sixth attempt after five wrong passwords is refused even with the right password', async ({ page, allowConsole }) => {
    allowConsole(refusedRequest(400, '/api/oauth/token?'), 'refused password grants are 400s (OAuth), as the spec answers them');
    await page.goto('/#/login');
    for (let attempt = 1; attempt <= 5; attempt++) {
      await submitPasswordLogin(page, 'demo_new', `Wrong#${attempt}x`);
      await expect(passwordForm(page).getByRole('alert')).toHaveText(
        attempt < 5 ? AUTH_MESSAGES.badCredentials : AUTH_MESSAGES.locked,
      );
      await expectReadyForAnotherAttempt(page);
    }
    await submitPasswordLogin(page, 'demo_new', DEMO_PASSWORD);
    await expect(passwordForm(page).getByRole('alert')).toHaveText(AUTH_MESSAGES.locked);
    await expect(page).toHaveURL(/#\/login$/);
    await expect(page.getByTestId('header-user').getByRole('link', { name: '登录' })).toBeVisible();
  });

  test('an anonymous visit to a protected page returns to it after login', async ({ page }) => {
    await page.goto('/#/accountSafe');
    await expect(page).toHaveURL(/#\/login\?redirect=%2FaccountSafe$/);
    await expect(page.getByText('该页面需要登录后访问，登录后将自动返回')).toBeVisible();
    await page.screenshot({ path: `${screenshotDir}/accounts-login-1200.png`, fullPage: true });
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.screenshot({ path: `${screenshotDir}/accounts-login-1440.png`, fullPage: true });
    await page.setViewportSize({ width: 1200, height: 900 });

    await submitPasswordLogin(page, 'demo_person', DEMO_PASSWORD);
    await expect(page).toHaveURL(/#\/accountSafe$/);
    await expect(page.locator('.account-panel h2')).toHaveText('账户安全');
    await expect(page.locator('.safe-list')).toContainText('demo_person');
    await expect(page.locator('.safe-list')).toContainText(/1\d{2}\*{4}\d{4}/);
    await page.screenshot({ path: `${screenshotDir}/accounts-account-safe-1200.png`, fullPage: true });

    // A verified person sees the verification form's status, and the page at both widths.
    await page.goto('/#/realNamePerson');
    await expect(page.getByText('您已完成实名认证')).toBeVisible();
  });

  test('the real-name form of an unverified user (screenshots)', async ({ page }) => {
    // demo_new is locked by the lockout journey when both run; register a fresh account instead.
    const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 100)}`;
    const loginName = `shot_${stamp}`.slice(0, 20);
    const phone = `137${String(Date.now() + 7).slice(-8)}`;
    await page.goto('/#/register');
    const form = page.getByRole('form', { name: '用户注册' });
    await expect(form.getByAltText('图片验证码')).toBeVisible();
    await form.getByPlaceholder('4-20位字母、数字或下划线，以字母开头').fill(loginName);
    await form.getByPlaceholder('8-64位，建议包含大小写字母、数字和符号').fill('Shot#2026xy');
    await form.getByPlaceholder('请再次输入密码').fill('Shot#2026xy');
    await form.getByPlaceholder('请输入手机号码').fill(phone);
    await form.getByPlaceholder('请输入图片验证码').fill(E2E_CAPTCHA);
    await form.getByTestId('sms-send').click();
    await expect(form.getByTestId('sms-send')).toBeDisabled();
    await form.getByPlaceholder('请输入短信验证码').fill(E2E_SMS_CODE);
    await form.getByRole('checkbox').check();
    await form.getByRole('button', { name: '同意协议并注册' }).click();
    await expect(page.getByText('注册成功')).toBeVisible();
    await page.screenshot({ path: `${screenshotDir}/accounts-registered-1200.png`, fullPage: true });

    await page.getByRole('button', { name: '去实名认证' }).click();
    await expect(page).toHaveURL(/#\/realNamePerson$/);
    const verify = page.getByRole('form', { name: '个人实名认证' });
    await verify.getByPlaceholder('请输入与证件一致的姓名').fill('张');
    await expect(verify.getByText('姓名须为2-4个汉字')).toBeVisible();
    const valid = idNumber('19900101', '001');
    await verify.getByPlaceholder('请输入证件号码').fill(valid.slice(0, 17) + (valid.endsWith('1') ? '2' : '1'));
    await expect(verify.getByText('证件号码校验位错误')).toBeVisible();
    await page.screenshot({ path: `${screenshotDir}/accounts-real-name-person-1200.png`, fullPage: true });
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.screenshot({ path: `${screenshotDir}/accounts-real-name-person-1440.png`, fullPage: true });
  });
});
