/**
 * A visitor's whole way on a phone (issue 29), at 390 × 844 with mobile emulation (e2e/phone.ts PHONE): he
 * finds a lot from the home page's search, opens it and taps 报名参与; the login page sends him to register
 * (SMS code and image captcha, the e2e test values); he verifies his real name (op_review approves it on the
 * console, at a desk); he enrols, pays the deposit at the cashier through the sandbox bank, and once the
 * exchange publishes the auction (the operator API, e2e/modes.ts OPERATOR) enters the room from 我的竞价室,
 * bids, reads the result and opens his deal's 成交确认书 (a PDF) in 项目结算. Every page of the way is checked
 * as e2e/phone.spec.ts checks an empty one (no sideways overflow, no text under 12 px, no tap target too
 * small, no serious axe violation), here with the journey's own data on it. A second test opens bidder01's
 * contracts on the phone: the PDF at the screen's width, the signature pad filling it, tall enough for a
 * finger. Screenshots: e2e/screenshots/phone-journey-<step>.png.
 *
 * Fast without racing the clock: the auction is created only when the deposit has been confirmed, live at
 * once, with a cap one increment above the start (封顶价): the bidder's bid at the cap ends it on the spot,
 * and the room shows the result within the lifecycle's second.
 */
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { idCardCheckChar } from '#domain/rules/idCard';
import { approveRealName, signInStaff } from './console-review';
import { expect, test } from './fixtures';
import { drawSignature } from './contract-signing';
import { logInAs, reloadUntil } from './login';
import { apiLogin, inServerTime, OPERATOR, serverNow } from './modes';
import { PHONE, phoneFindings } from './phone';
import { E2E_CAPTCHA, E2E_SMS_CODE } from './playwright.config';

const screenshotDir = new URL('./screenshots', import.meta.url).pathname;
// A 1×1 PNG: the server checks uploads by their magic bytes.
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a3a1c7d00000000049454e44ae426082', 'hex');

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

interface EnrollingLot {
  id: number;
  assetsName: string;
  startPrice: number;
}

test.use({ ...PHONE });
// About two minutes alone; a clean-clone run on a loaded machine needed more than 150 s.
test.describe.configure({ timeout: 300_000 });

/**
 * A single asset still enrolling, with a deposit and no auction yet: the one the visitor will bid on. The
 * last of the list: the enrolment journey schedules an auction on the first one without (its
 * scheduleOnEnrollingAsset), the bidding-mode journeys take the oldest listings.
 */
async function enrollingLot(request: APIRequestContext): Promise<EnrollingLot> {
  const found = (await (await request.post('/api/dscq-project/search/page', { params: { state: '正在报名', size: 100 } })).json()) as Envelope<{
    records: (EnrollingLot & { projectType: number; deposit: number; lot: { activityId: number | null } })[];
  }>;
  const lots = found.data.records.filter((r) => r.lot.activityId === null && r.projectType !== 1 && r.projectType !== 2 && r.deposit > 0);
  const lot = lots[lots.length - 1];
  expect(lot, 'an enrolling single asset with a deposit and no auction').toBeTruthy();
  return lot!;
}

/** The operator publishes the lot's auction, live now: a bid at the cap (one increment above the start) ends it at once. */
async function publishAuction(request: APIRequestContext, lot: EnrollingLot, increment: number): Promise<number> {
  const token = await apiLogin(request, OPERATOR);
  const now = await serverNow(request);
  const res = await request.post('/api/dscq-ops/activity/create', {
    params: { assetsId: lot.id, mode: 'ongoing', endTime: inServerTime(now, 20 * 60_000), startPrice: lot.startPrice, increment, capPrice: lot.startPrice + increment },
    headers: { authorization: `Bearer ${token}` },
  });
  const created = (await res.json()) as Envelope<{ activityId: number; qualified: number }>;
  expect(created.code, created.msg).toBe(200);
  expect(created.data.qualified, 'the visitor, enrolled with his deposit paid, is qualified by the new auction').toBeGreaterThan(0);
  return created.data.activityId;
}

/** A valid resident ID number (Shijiazhuang) for a birth date and sequence. */
function idNumber(birth: string, sequence: string): string {
  const first17 = `130102${birth}${sequence}`;
  return first17 + idCardCheckChar(first17);
}

/** A person's name of three characters, rare enough that the console's queue row is his. */
function personName(): string {
  const pick = (chars: string) => chars[Math.floor(Math.random() * chars.length)]!;
  return `${pick('欧司诸葛')}${pick('明清若雨晨远航书嘉睿')}${pick('泽涵宁川宇安然岚')}`;
}

/** The lot's photo has arrived (a demo picture is drawn on its first request); a lot without photos has none. */
async function photoArrived(photo: Locator): Promise<void> {
  if ((await photo.count()) === 0) return;
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 20_000 }).toBe(true);
}

/** The page at the phone's width as a user sees it: saved, and checked as the route walk checks every page. */
async function look(page: Page, step: string): Promise<void> {
  await expect(page.locator('.ant-skeleton, .ant-spin-spinning')).toHaveCount(0);
  await page.screenshot({ path: `${screenshotDir}/phone-journey-${step}.png`, fullPage: true, animations: 'disabled' });
  // Soft: one run names every page's findings.
  await expect.soft.poll(() => page.evaluate(() => window.innerWidth), { message: `${step}: the page lays out at the phone's width` }).toBe(390);
  expect.soft(await phoneFindings(page), `${step}: phone findings`).toEqual([]);
}

test('a visitor on a phone finds a lot, registers, verifies, enrols, pays the deposit, bids and reads the result', async ({ page, browser, request }) => {
  const lot = await enrollingLot(request);
  const increment = 1_000;
  const stamp = Date.now().toString(36);
  const person = { loginName: `pj_${stamp}`.slice(0, 20), name: personName(), idNumber: idNumber('19880516', String(Date.now() % 1000).padStart(3, '0')) };

  // The exchange's reviewer, at a desk (her console is not a phone page): signed in before the visitor needs her.
  const desk = await browser.newContext({ locale: 'zh-CN', timezoneId: 'Asia/Shanghai', viewport: { width: 1440, height: 900 } });
  const review = await desk.newPage();
  await signInStaff(review, 'op_review');

  // The home page: the search is in the phone's header.
  await page.goto('/#/index');
  const search = page.getByRole('searchbox', { name: '项目搜索' }).or(page.getByLabel('项目搜索')).first();
  await expect(search).toBeVisible();
  await look(page, 'home');
  await search.fill(lot.assetsName);
  await page.getByRole('button', { name: /搜\s*索/ }).click();
  await expect(page).toHaveURL(/#\/project\?/);
  const card = page.getByTestId('project-card').filter({ hasText: lot.assetsName }).first();
  await expect(card).toBeVisible();
  await expect(card).toContainText('正在报名');
  await photoArrived(card.locator('img').first());
  await look(page, 'search');

  // The lot's page: its state, the enrolment deadline's countdown and the next step.
  await card.getByRole('link', { name: lot.assetsName }).click();
  await expect(page).toHaveURL(new RegExp(`#/projectDetail/${lot.id}\\.html$`));
  await expect(page.locator('.detail-head h1')).toContainText(lot.assetsName);
  await expect(page.getByTestId('detail-countdown')).toContainText('距报名截止还有');
  const enrol = page.getByTestId('detail-next-step').getByRole('button', { name: '报名参与' });
  await expect(enrol).toBeInViewport({ ratio: 1 });
  await photoArrived(page.getByTestId('lot-gallery-main'));
  await look(page, 'lot');

  // 报名参与 asks for a login; the visitor has no account yet: 立即注册.
  await enrol.click();
  const prompt = page.locator('.ant-modal-confirm').filter({ hasText: '请先登录' });
  await expect(prompt).toBeVisible();
  await page.screenshot({ path: `${screenshotDir}/phone-journey-login-prompt.png`, animations: 'disabled' });
  await prompt.getByRole('button', { name: '去登录' }).click();
  await expect(page).toHaveURL(/#\/login\?redirect=/);
  await expect(page.getByText('该页面需要登录后访问，登录后将自动返回')).toBeVisible();
  await expect(page.getByRole('form', { name: '账号登录' }).getByAltText('图片验证码')).toBeVisible();
  await look(page, 'login');
  await page.getByRole('link', { name: '立即注册' }).click();

  // Registration: one column, the SMS code from the test outbox value.
  await expect(page).toHaveURL(/#\/register$/);
  const form = page.getByRole('form', { name: '用户注册' });
  await expect(form.getByAltText('图片验证码')).toBeVisible();
  await form.getByPlaceholder('4-20位字母、数字或下划线，以字母开头').fill(person.loginName);
  await form.getByPlaceholder('8-64位，建议包含大小写字母、数字和符号').fill('Hebei#2026x');
  await expect(page.getByTestId('password-strength')).toContainText('密码强度：强');
  await form.getByPlaceholder('请再次输入密码').fill('Hebei#2026x');
  await form.getByPlaceholder('请输入手机号码').fill(`136${String(Date.now()).slice(-8)}`);
  await form.getByPlaceholder('请输入图片验证码').fill(E2E_CAPTCHA);
  await form.getByTestId('sms-send').click();
  await expect(form.getByTestId('sms-send')).toHaveText(/\d+秒后重新获取/);
  await form.getByPlaceholder('请输入短信验证码').fill(E2E_SMS_CODE);
  await form.getByRole('checkbox').check();
  await look(page, 'register');
  await form.getByRole('button', { name: '同意协议并注册' }).click();
  await expect(page.getByText('注册成功')).toBeVisible();
  await expect(page.getByTestId('header-user')).toContainText(person.loginName);
  await look(page, 'registered');

  // Real name: the form, then 审核中 until the reviewer approves it.
  await page.getByRole('button', { name: '去实名认证' }).click();
  await expect(page).toHaveURL(/#\/realNamePerson$/);
  const verify = page.getByRole('form', { name: '个人实名认证' });
  await verify.getByPlaceholder('请输入与证件一致的姓名').fill(person.name);
  await verify.getByPlaceholder('请输入证件号码').fill(person.idNumber);
  await look(page, 'real-name');
  await verify.getByRole('button', { name: '提交认证' }).click();
  await expect(page).toHaveURL(/#\/realNamePersonInfo$/);
  await expect(page.getByText('实名认证审核中')).toBeVisible();
  await approveRealName(review, person.name);
  await desk.close();
  await reloadUntil(page, '实名认证已通过');
  await look(page, 'verified');

  // Back on the lot's page (the browser's history): 报名参与 opens the enrolment form.
  await page.goto(`/#/projectDetail/${lot.id}.html`);
  await enrol.click();
  await expect(page).toHaveURL(new RegExp(`#/bidEnrollNormal\\?assetsId=${lot.id}$`));
  await expect(page.getByRole('heading', { name: '填写报名信息' })).toBeVisible();
  await expect(page.getByText(lot.assetsName).first()).toBeVisible();
  await expect(page.getByText(`${person.name[0]}**`)).toBeVisible();
  await page.getByLabel('联系人').fill(person.name);
  await page.getByLabel('联系电话').fill('13912345678');
  await page.locator('input[type="file"]').setInputFiles({ name: '身份证.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.locator('.ant-upload-list-item-done')).toHaveCount(1);
  for (const box of await page.locator('.enrol-commitments input[type="checkbox"]').all()) await box.check();
  await look(page, 'enrol');
  await page.getByRole('button', { name: '提交报名' }).click();

  // Submitted → approved (the demo's reviewer, a few seconds) → the deposit to pay.
  await expect(page).toHaveURL(/#\/enrollDetail\?id=\d+$/);
  await expect(page.getByText('报名已提交，交易机构正在审核').first()).toBeVisible();
  await reloadUntil(page, /审核已通过，请缴纳交易保证金/);
  await look(page, 'enrolled');

  // The cashier and the sandbox bank; the bank's notice confirms the deposit a few seconds later.
  await page.getByRole('button', { name: '在线支付' }).click();
  await expect(page).toHaveURL(/#\/cashierDesk\?depositId=\d+$/);
  await expect(page.getByRole('heading', { name: '收银台' })).toBeVisible();
  await look(page, 'cashier');
  await page.getByRole('button', { name: '立即支付' }).click();
  await expect(page.getByLabel('模拟网银')).toContainText('模拟网银（沙箱）');
  await look(page, 'bank');
  await page.getByRole('button', { name: '确认支付' }).click();
  await expect(page.getByText('保证金支付成功')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('paid-notice')).toContainText('竞价活动发布后您将取得竞买资格并获得竞买号');
  await look(page, 'paid');

  // The exchange publishes the auction: the visitor is qualified, with a bid code, in 我的竞价室.
  const activityId = await publishAuction(request, lot, increment);
  await page.getByRole('button', { name: '进入我的竞价室' }).click();
  await expect(page).toHaveURL(/#\/myProject\?list=2$/);
  const room = page.locator('.uc-room').filter({ hasText: lot.assetsName });
  await expect(room).toContainText('竞价中');
  await expect(room.locator('.uc-room__code b')).toHaveText(/^\d{6}$/);
  const bidCode = (await room.locator('.uc-room__code b').textContent())!;
  await look(page, 'my-rooms');

  // The room: price, countdown and the bid form on the first screen.
  await room.getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`#/quoteHall\\?activityId=${activityId}$`));
  await expect(page.getByTestId('room-my-code')).toHaveText(bidCode);
  await expect(page.getByTestId('room-my-standing')).toHaveText('未出价');
  const bidForm = page.getByRole('form', { name: '出价' });
  await expect(bidForm.locator('button[type="submit"]')).toBeEnabled();
  await expect(page.getByTestId('room-countdown')).toBeInViewport({ ratio: 1 });
  await expect(bidForm.locator('button[type="submit"]')).toBeInViewport({ ratio: 1 });
  await look(page, 'room');

  // He bids the cap: asked to confirm, the bid is taken and ends the auction at once.
  await page.getByLabel('出价金额（元）').fill(String(lot.startPrice + increment));
  await bidForm.locator('button[type="submit"]').click();
  const confirm = page.locator('.ant-modal-confirm').filter({ hasText: /确认以 .* 元出价？/ });
  await expect(confirm).toBeVisible();
  await page.screenshot({ path: `${screenshotDir}/phone-journey-confirm.png`, animations: 'disabled' });
  await confirm.getByRole('button', { name: '确认出价' }).click();

  // The result, in the room.
  const result = page.getByTestId('room-result');
  await expect(result).toContainText(`竞价结果：成交竞买号 ${bidCode} 以`, { timeout: 20_000 });
  await expect(result).toContainText('恭喜您竞得本标的');
  await expect(page.getByTestId('room-my-standing')).toHaveText('竞得');
  await expect(page.getByTestId('room-countdown')).toHaveText('竞价已结束');
  await expect(result).toBeInViewport();
  await look(page, 'result');

  // The deal in 项目结算: the 成交确认书 (a PDF) in a dialog at the phone's width.
  await page.goto('/#/projectSettlement');
  const deal = page.getByRole('row').filter({ hasText: lot.assetsName });
  await expect(deal).toContainText('待确认');
  await look(page, 'settlement');
  await deal.getByRole('link', { name: '确认成交' }).click();
  await expect(page).toHaveURL(/#\/projectSettleDetail\?id=\d+$/);
  await expect(page.getByText(lot.assetsName).first()).toBeVisible();
  await look(page, 'deal');
  await page.getByRole('button', { name: '查看成交确认书' }).click();
  const letter = page.getByRole('dialog', { name: '成交确认书' });
  const pdf = letter.getByTitle('成交确认书');
  await expect(pdf).toBeVisible();
  // Drawn page by page at the phone's width (a phone's browser shows no PDF in a frame).
  await expect(pdf.getByRole('img', { name: /^第 1 页，共 \d+ 页$/ })).toBeVisible();
  const box = (await pdf.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, "the PDF within the phone's width").toBeLessThanOrEqual(390);
  await page.screenshot({ path: `${screenshotDir}/phone-journey-deal-letter.png`, animations: 'disabled' });
});

test("the contract on a phone: the PDF fits the screen's width, the signature pad fills it and is tall enough for a finger", async ({ page, request }) => {
  const token = await apiLogin(request, 'bidder01');
  const list = (await (await request.get('/api/dscq-user/contract/page', { params: { current: 1, size: 50 }, headers: { authorization: `Bearer ${token}` } })).json()) as Envelope<{
    records: { id: number; state: string; canSign: boolean }[];
  }>;
  const sealed = list.data.records.find((c) => c.state === 'sealed');
  expect(sealed, "bidder01's sealed demo contract").toBeTruthy();

  // The sealed contract's PDF: the screen's width, no wider (the page does not scroll sideways).
  await logInAs(page, 'bidder01', `/usercenter/contract/sign?id=${sealed!.id}`);
  const pdf = page.getByTitle(/^合同 PDF：/);
  // pdf.js fetches the signed PDF and draws its pages off the main thread: on a loaded two-core machine
  // (other journeys beside it) that took longer than the default 10 s.
  await expect(pdf).toBeVisible({ timeout: 30_000 });
  await expect(pdf.getByRole('img', { name: /^第 1 页，共 \d+ 页$/ })).toBeVisible({ timeout: 30_000 });
  const box = (await pdf.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  expect(box.width, 'the PDF takes the width a phone has').toBeGreaterThan(300);
  await look(page, 'contract-pdf');

  // The pad appears on the signer's turn. The demo has two contracts waiting for bidder01; contracts.spec.ts
  // signs the first it finds, this one (which signs nothing) looks at the last.
  const waiting = list.data.records.filter((c) => c.state === 'signing' && c.canSign).at(-1);
  expect(waiting, 'a demo contract waiting for bidder01').toBeTruthy();
  await page.goto(`/#/usercenter/contract/sign?id=${waiting!.id}`);
  const pad = page.getByLabel('手写签名区');
  await expect(pad).toBeVisible();
  await pad.scrollIntoViewIfNeeded();
  const padBox = (await pad.boundingBox())!;
  const card = (await page.locator('.contract-sign').boundingBox())!;
  expect(padBox.width, 'the pad fills the card').toBeGreaterThanOrEqual(card.width - 1);
  expect(padBox.height, 'a finger has room to write').toBeGreaterThanOrEqual(180);
  // A stroke lands where the finger went: the canvas's pixels have the pad's shape (not stretched).
  const pixels = await pad.evaluate((canvas: HTMLCanvasElement) => ({ width: canvas.width, height: canvas.height }));
  expect(pixels.width / pixels.height).toBeCloseTo(padBox.width / padBox.height, 1);
  await drawSignature(page);
  await expect(page.getByRole('button', { name: '确认签署' })).toBeDisabled();
  await expect(page.getByText('请先签名并完成人脸核验').or(page.getByText('请先完成人脸核验'))).toBeVisible();
  await page.screenshot({ path: `${screenshotDir}/phone-journey-signature-pad.png`, animations: 'disabled' });
  expect.soft(await phoneFindings(page), 'the sign page: phone findings').toEqual([]);
});
