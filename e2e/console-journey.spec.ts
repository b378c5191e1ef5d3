/**
 * A lot's whole life through screens, two staff members at every decision and a new bidder: op_auction
 * prepares a lot and submits its publication, op_admin approves it, op_auction creates its auction and
 * qualifies bidder02 (deposit confirmed offline); a newly registered user verifies their real name
 * (op_review approves), enrols, uploads a deposit transfer proof (op_review confirms) and bids against
 * bidder02; op_auction suspends and resumes the auction once; the new user wins, confirms the deal and
 * uploads the bank-transfer proof; op_finance prepares the confirmation and op_admin approves it; the
 * contract is confirmed and signed by the transferor (demo_org, by the lot's transferor name) and the
 * buyer, and sealed by op_auction; op_auction publishes the 成交公告, which the portal shows.
 *
 * The server of the browser journeys runs with no disclosure minimum and no deposit margin
 * (e2e/playwright.config.ts), so the lot's timeline fits in minutes; every other check of the timeline
 * holds. Screenshots: e2e/screenshots/journey-*.png.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { formatChinaTime } from '#domain/rules/chinaTime';
import { idCardCheckChar } from '#domain/rules/idCard';
import { signOnScreen } from './contract-signing';
import { createAuction, createDraftLot, preparePublication, publishResult, sealContract } from './console-lots';
import { CONSOLE_REAUTH_ALLOWED, approveOnApprovals, openConsolePage, prepareTransferConfirmation } from './console-finance';
import { approveRealName, confirmDepositProof, signInStaff } from './console-review';
import { expect, test } from './fixtures';
import { reloadUntil } from './login';
import { loggedIn, serverNow } from './modes';
import { E2E_CAPTCHA, E2E_SMS_CODE } from './playwright.config';
import { bidNext } from './room';

const shots = join(dirname(fileURLToPath(import.meta.url)), 'screenshots');
const shoot = async (page: Page, name: string): Promise<void> => {
  await page.screenshot({ path: join(shots, `journey-${name}.png`) });
};

// A 1×1 PNG and a one-page PDF: the server checks uploads by their magic bytes.
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a3a1c7d00000000049454e44ae426082', 'hex');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

const MINUTE = 60_000;
/** China time for a datetime-local input, at the minute. */
const localInput = (ms: number) => formatChinaTime(ms, 'YYYY-MM-DD HH:mm').replace(' ', 'T');
const ceilMinute = (ms: number) => Math.ceil(ms / MINUTE) * MINUTE;

/** The enrolment window's least length (it closes at the next whole minute after it). */
const ENROLMENT_WINDOW = 3 * MINUTE;
/** The resumed auction's new end at least this long after the resumption is begun (at the next whole minute). */
const RESUME_LEAD = 45_000;

let started = Date.now();
/** Progress with the seconds since the test began (the list reporter prints it), to size the windows above. */
const mark = (step: string) => console.log(`[journey +${Math.round((Date.now() - started) / 1000)} s] ${step}`);

test.use({ consoleAllowed: [CONSOLE_REAUTH_ALLOWED], actionTimeout: 30_000 });

/** A context as the configuration's own (a new one takes none of `use`): China's locale and time zone. */
const CHINA = { locale: 'zh-CN', timezoneId: 'Asia/Shanghai' } as const;

async function staffPage(browser: Browser, loginName: string): Promise<Page> {
  const context = await browser.newContext({ ...CHINA, viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await signInStaff(page, loginName);
  return page;
}

/** Registers a person with an SMS code and submits the real-name form; answers the page, logged in. */
async function registerAndVerify(browser: Browser, person: { loginName: string; name: string; idNumber: string }): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ ...CHINA, viewport: { width: 1200, height: 900 } });
  const page = await context.newPage();
  await page.goto('/#/register');
  const form = page.getByRole('form', { name: '用户注册' });
  await expect(form.getByAltText('图片验证码')).toBeVisible();
  await form.getByPlaceholder('4-20位字母、数字或下划线，以字母开头').fill(person.loginName);
  await form.getByPlaceholder('8-64位，建议包含大小写字母、数字和符号').fill('Hebei#2026x');
  await form.getByPlaceholder('请再次输入密码').fill('Hebei#2026x');
  await form.getByPlaceholder('请输入手机号码').fill(`137${String(Date.now()).slice(-8)}`);
  await form.getByPlaceholder('请输入图片验证码').fill(E2E_CAPTCHA);
  await form.getByTestId('sms-send').click();
  await form.getByPlaceholder('请输入短信验证码').fill(E2E_SMS_CODE);
  await form.getByRole('checkbox').check();
  await form.getByRole('button', { name: '同意协议并注册' }).click();
  await expect(page.getByTestId('header-user')).toContainText(person.loginName);

  await page.goto('/#/realNamePerson');
  const verify = page.getByRole('form', { name: '个人实名认证' });
  await verify.getByPlaceholder('请输入与证件一致的姓名').fill(person.name);
  await verify.getByPlaceholder('请输入证件号码').fill(person.idNumber);
  await verify.getByRole('button', { name: '提交认证' }).click();
  await expect(page.getByText('实名认证审核中')).toBeVisible();
  return { context, page };
}


test('a lot from its draft to its sealed contract: two staff members at every decision and a new bidder who wins it', async ({ browser, request }) => {
  test.setTimeout(25 * MINUTE);
  started = Date.now();
  const stamp = Date.now().toString(36);
  const assetsName = `旅程测试·叉车一台（${stamp}）`;
  const id17 = `13010219900312${String(Date.now() % 1000).padStart(3, '0')}`;
  const person = { loginName: `jr_${stamp}`.slice(0, 20), name: '赵志远', idNumber: id17 + idCardCheckChar(id17) };

  // The staff sign in before the lot's clock starts (nothing of theirs depends on it).
  const auction = await staffPage(browser, 'op_auction');
  const admin = await staffPage(browser, 'op_admin');
  const review = await staffPage(browser, 'op_review');
  mark('staff signed in');

  // op_auction prepares the lot (the transferor demo_org's organisation). Its enrolment window holds every
  // step up to the buyer's confirmed deposit (the lot's publication and auction, the new user's registration,
  // verification, enrolment and deposit proof): about a minute and a half alone on this machine, twice that
  // beside the other journeys; the window is three to four minutes (datetime-local counts whole minutes).
  const now = await serverNow(request);
  const enrolmentEnd = ceilMinute(now + ENROLMENT_WINDOW);
  await createDraftLot(auction, {
    assetsName,
    startPrice: 100_000,
    depositAmount: 10_000,
    announcementStart: localInput(now),
    enrolmentEnd: localInput(enrolmentEnd),
    transferorName: '河北冀通物流有限公司',
  });
  await shoot(auction, 'lot-draft');
  await preparePublication(auction, assetsName);
  await shoot(auction, 'lot-prepared');
  mark('lot prepared');

  // op_admin approves the publication on 待复核; the lot is on the portal.
  await approveOnApprovals(admin, assetsName);
  await shoot(admin, 'publication-approved');
  mark('publication approved');

  // op_auction creates the auction: it opens as enrolment closes; bidder02 is qualified offline.
  await createAuction(auction, assetsName, {
    mode: '多次报价',
    fields: { 开始时间: localInput(enrolmentEnd), 结束时间: localInput(enrolmentEnd + 20 * MINUTE), 起始价: 100_000, 加价幅度: 1_000 },
  });
  await auction.getByRole('button', { name: '线下确认资格' }).click();
  const qualify = auction.getByRole('dialog', { name: '线下确认资格' });
  await qualify.getByLabel('竞买人登录名').fill('bidder02');
  await qualify.getByRole('button', { name: '确认资格' }).click();
  await expect(auction.getByText(/已确认资格，竞买号 \d{6}/)).toBeVisible();
  await expect(qualify).toBeHidden();
  await shoot(auction, 'auction-created');
  const assetsId = Number(new URL(auction.url()).searchParams.get('assetsId'));
  expect(assetsId).toBeGreaterThan(0);

  mark('auction created');

  // The new user registers and asks for verification; op_review approves it.
  const buyer = await registerAndVerify(browser, person);
  await approveRealName(review, person.name);
  await reloadUntil(buyer.page, '实名认证已通过');
  mark('buyer verified');

  // The new user enrols on the lot's page and pays the deposit by bank transfer; op_review confirms the proof.
  const { page } = buyer;
  await page.goto(`/#/bidEnrollNormal?assetsId=${assetsId}`);
  await expect(page.getByRole('heading', { name: '填写报名信息' })).toBeVisible();
  await page.getByLabel('联系人').fill(person.name);
  await page.getByLabel('联系电话').fill('13912345678');
  await page.locator('input[type="file"]').setInputFiles({ name: '身份证.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.locator('.ant-upload-list-item-done')).toHaveCount(1);
  for (const box of await page.locator('.enrol-commitments input[type="checkbox"]').all()) await box.check();
  await page.getByRole('button', { name: '提交报名' }).click();
  await expect(page).toHaveURL(/#\/enrollDetail\?id=\d+$/);
  await reloadUntil(page, /审核已通过，请缴纳交易保证金/);
  await page.getByRole('button', { name: '线下转账上传凭证' }).click();
  await expect(page).toHaveURL(/#\/depositAddPayInfo\?depositId=\d+$/);
  await page.getByLabel('付款人户名').fill(person.name);
  await page.getByLabel('付款账号').fill('6222021234567890');
  await page.getByLabel('付款银行').fill('中国工商银行');
  await page.getByLabel('付款时间').fill(formatChinaTime(await serverNow(request)));
  await page.getByLabel('付款时间').press('Enter');
  await page.locator('input[type="file"]').setInputFiles({ name: '保证金回单.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(page.locator('.ant-upload-list-item-done')).toHaveCount(1);
  await shoot(page, 'deposit-proof');
  await page.getByRole('button', { name: '提交凭证' }).click();
  await expect(page.getByText(/请等待交易机构确认到账|凭证已提交/).first()).toBeVisible();
  await confirmDepositProof(review, assetsName);
  await page.goto('/#/myProject?list=2');
  await reloadUntil(page, assetsName);
  const myRoom = page.locator('.uc-room').filter({ hasText: assetsName });
  await expect(myRoom.locator('.uc-room__code b')).toHaveText(/^\d{6}$/);
  const activityId = Number(/activityId=(\d+)/.exec((await myRoom.getByRole('link').getAttribute('href')) ?? '')?.[1]);
  expect(activityId).toBeGreaterThan(0);
  mark('deposit confirmed');

  // Bidding: the room opens as enrolment closes; the new user and bidder02 bid in turn.
  const rival = await loggedIn(browser, 'bidder02');
  await page.goto(`/#/quoteHall?activityId=${activityId}`);
  await rival.page.goto(`/#/quoteHall?activityId=${activityId}`);
  mark(`rooms open, ${Math.round((enrolmentEnd - (await serverNow(request))) / 1000)} s before the enrolment closes`);
  await expect(page.getByRole('form', { name: '出价' }).locator('button[type="submit"]')).toBeEnabled({ timeout: enrolmentEnd - (await serverNow(request)) + 60_000 });
  await bidNext(page);
  await expect(rival.page.getByRole('form', { name: '出价' }).locator('button[type="submit"]')).toBeEnabled();
  await bidNext(rival.page);
  await bidNext(page);
  await shoot(page, 'room-leading');

  // op_auction suspends the auction (the room says why and refuses bids), then resumes it with a new end.
  await openConsolePage(auction, '竞价监控');
  const floorRow = auction.locator('.ant-table-row').filter({ hasText: assetsName });
  await floorRow.getByRole('button', { name: /^中\s*止$/ }).click();
  const suspend = auction.getByRole('dialog', { name: '中止竞价' });
  await suspend.getByRole('textbox').fill('核实标的资料，暂停竞价');
  await suspend.getByRole('button', { name: /中\s*止/ }).click();
  await expect(auction.getByText(`已中止竞价：${assetsName}`)).toBeVisible();
  await expect(rival.page.getByTestId('room-bid-suspended')).toContainText('核实标的资料，暂停竞价', { timeout: 20_000 });
  await shoot(rival.page, 'room-suspended');
  await shoot(auction, 'floor-suspended');
  // The new end: the resumption's three steps take seconds; at least 45 s leaves room on a loaded machine.
  const end = ceilMinute((await serverNow(request)) + RESUME_LEAD);
  await floorRow.getByRole('button', { name: /^恢\s*复$/ }).click();
  const resume = auction.getByRole('dialog', { name: '恢复竞价' });
  await resume.getByLabel('新的结束时间').fill(localInput(end));
  await resume.getByRole('button', { name: /恢\s*复/ }).click();
  await expect(auction.getByText(`已恢复竞价：${assetsName}`)).toBeVisible();
  mark(`resumed, ${Math.round((end - (await serverNow(request))) / 1000)} s before the new end`);

  // While the auction runs to its end: op_finance and demo_org (the transferor) sign in for their steps below.
  const finance = await staffPage(browser, 'op_finance');
  const transferor = await loggedIn(browser, 'demo_org');

  // The auction ends with the new user leading: the room says so.
  await expect(page.getByText(/恭喜您竞得|您已竞得|成交/).first()).toBeVisible({ timeout: end - (await serverNow(request)) + 90_000 });
  await shoot(page, 'room-won');
  await rival.context.close();
  mark('auction won');

  // op_auction publishes the 成交公告 from the outcome; the portal lists it.
  await publishResult(auction, assetsName);
  await shoot(auction, 'result-published');

  // The winner confirms the deal and uploads the bank-transfer proof of the amount due.
  await page.goto('/#/projectSettlement');
  const dealRow = page.locator('tr').filter({ hasText: assetsName });
  await reloadUntil(page, assetsName);
  await dealRow.getByRole('link', { name: '确认成交' }).click();
  await page.getByRole('button', { name: /确认成交/ }).click();
  await expect(page.locator('.ant-message').getByText('成交已确认')).toBeVisible();
  await page.getByRole('link', { name: '支付价款' }).click();
  const proof = page.getByRole('region', { name: '提交转账凭证' });
  await proof.locator('input[type="file"]').setInputFiles({ name: '价款回单.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(page.getByText('已上传：价款回单.pdf')).toBeVisible();
  await proof.getByRole('button', { name: '提交转账凭证' }).click();
  await expect(page.getByText('转账凭证已提交，待交易机构确认')).toBeVisible();

  // op_finance prepares the confirmation, op_admin approves it: the deal is paid and its contract drafted.
  await prepareTransferConfirmation(finance, assetsName);
  await shoot(finance, 'transfer-prepared');
  await approveOnApprovals(admin, `确认「${assetsName}」成交价款`);

  // The contract: the buyer puts it to the parties, both confirm; demo_org (the transferor) and the buyer sign.
  await page.goto('/#/myContract');
  await reloadUntil(page, assetsName);
  await page.locator('tr').filter({ hasText: assetsName }).getByRole('link', { name: /^(确认|查看)$/ }).click();
  await expect(page).toHaveURL(/#\/confirm\?id=\d+$/);
  const contractId = Number(/id=(\d+)/.exec(page.url())![1]);
  await page.getByRole('button', { name: '提交各方确认' }).click();
  await page.locator('.ant-popconfirm').filter({ visible: true }).getByRole('button', { name: /提\s*交/ }).click();
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: '确认合同' }).click();
  await expect(page.getByText('已确认合同')).toBeVisible();
  await transferor.page.goto(`/#/confirm?id=${contractId}`);
  await transferor.page.getByRole('checkbox').check();
  await transferor.page.getByRole('button', { name: '确认合同' }).click();
  await expect(transferor.page.getByText('已确认合同')).toBeVisible();
  await signOnScreen(transferor.context, transferor.page, contractId, { draw: false });
  await transferor.context.close();
  await signOnScreen(buyer.context, page, contractId, { draw: true, beforeSign: () => shoot(page, 'contract-sign') });
  await expect(page.getByText('签署完成，合同已由各方签署')).toBeVisible();

  // op_auction seals it; the buyer's contract reads 已盖章.
  const contractCode = (await page.getByText(/HT\d{10,}/).first().textContent())!.match(/HT\d+/)![0];
  await sealContract(auction, contractCode);
  await shoot(auction, 'contract-sealed');
  await reloadUntil(page, /已盖章/);
  await shoot(page, 'contract-buyer-sealed');
  mark('contract sealed');
});
