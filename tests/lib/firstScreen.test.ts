/** The start step's first screens (src/start), a lot's page, the hall, the home page and the login page: which addresses get them, what they draw, the handoff. */
import { afterEach, describe, expect, it } from 'vitest';
import { hallFirstScreen, homeFirstScreen, isHallHash, isHomeHash, isLoginHash, loginFirstScreen, lotFirstScreen, lotIdOfHash, needsLoginHash } from '@/start/firstScreen';
import { LOGIN_LEAD, LOGIN_TITLE } from '@/features/auth/copy';
import { HALL_LEAD, HALL_TITLE } from '@/features/hall/copy';
import { arrivedHanded, handOver, handoffKeys, takeHanded } from '@/start/handoff';

describe("a lot's first screen before the app", () => {
  afterEach(() => {
    delete window.__portalFirstScreen;
  });

  it("reads the lot's id from a lot page's address only", () => {
    expect(lotIdOfHash('#/projectDetail/300.html')).toBe(300);
    expect(lotIdOfHash('#/projectDetail/300.html?from=hall')).toBe(300);
    for (const other of ['', '#/index', '#/projectPkg/300.html', '#/projectDetail/0.html', '#/projectDetail/abc.html', '#/projectDetail/300.htmlx']) expect(lotIdOfHash(other)).toBeNull();
  });

  it('draws the title as text and the cover photo at its size; a name with markup stays text; a foreign picture is left out', () => {
    const lot = lotFirstScreen(document, { assetsName: '<b>保定</b>某工业用地', photos: [{ url: '/api/dscq-project/lot-photo/ab12-display.webp', width: 1200, height: 900 }] })!;
    expect(lot.querySelector('h1')!.textContent).toBe('<b>保定</b>某工业用地');
    expect(lot.querySelector('b')).toBeNull();
    const img = lot.querySelector('img')!;
    expect([img.getAttribute('src'), img.width, img.height, img.alt, img.getAttribute('fetchpriority')]).toEqual(['/api/dscq-project/lot-photo/ab12-display.webp', 1200, 900, '<b>保定</b>某工业用地', 'high']);
    expect(lotFirstScreen(document, { assetsName: '某地', photos: [{ url: 'https://elsewhere.example/x.webp', width: 10, height: 10 }] })!.querySelector('img')).toBeNull();
    expect(lotFirstScreen(document, { assetsName: '某地', photos: [] })!.querySelector('img')).toBeNull();
    expect(lotFirstScreen(document, { assetsName: '' })).toBeNull();
  });

  it('hands the detail to the app once, for that lot only: at once when it has come, else as the promise', async () => {
    const detail = { id: 300, assetsName: '某地' };
    handOver(handoffKeys.lot(300), Promise.resolve(detail));
    expect(arrivedHanded(handoffKeys.lot(300))).toBeUndefined();
    await Promise.resolve();
    await Promise.resolve();
    expect(arrivedHanded(handoffKeys.lot(301))).toBeUndefined();
    expect(arrivedHanded(handoffKeys.homeNews)).toBeUndefined();
    expect(arrivedHanded(handoffKeys.lot(300))).toBe(detail);
    expect(arrivedHanded(handoffKeys.lot(300))).toBeUndefined();
    expect(takeHanded(handoffKeys.lot(300))).toBeNull();

    handOver(handoffKeys.lot(300), Promise.resolve(null));
    await expect(takeHanded(handoffKeys.lot(300))).resolves.toBeNull();
    expect(takeHanded(handoffKeys.lot(300))).toBeNull();
  });
});

describe("the hall's first screen before the app", () => {
  it("is the hall's address, with or without a query, and no other", () => {
    for (const hall of ['#/hall', '#/hall?assetsName=%E4%BF%9D%E5%AE%9A', '#/hall?current=2']) expect(isHallHash(hall)).toBe(true);
    for (const other of ['', '#/index', '#/hallx', '#/quoteHall?activityId=1', '#/myWatch', '#/hall/1']) expect(isHallHash(other)).toBe(false);
  });

  it("draws the heading and lead the hall page draws, as text", () => {
    const head = hallFirstScreen(document);
    expect(head.querySelector('h1')!.textContent).toBe(HALL_TITLE);
    expect(head.querySelector('p')!.textContent).toBe(HALL_LEAD);
    expect([HALL_TITLE, HALL_LEAD]).toEqual(['竞价大厅', '正在进行的网络竞价，剩余时间与当前价每秒更新；剩余时间已预留 5 秒网络延迟余量。']);
  });
});

describe("the home page's first screen before the app", () => {
  it("is the site's root, #/ and #/index, and no other page", () => {
    for (const home of ['', '#', '#/', '#/index', '#/index?from=nav']) expect(isHomeHash(home)).toBe(true);
    for (const other of ['#/indexx', '#/hall', '#/project', '#/projectDetail/1.html', '#/index/1']) expect(isHomeHash(other)).toBe(false);
  });

  it("draws the first picture news at the carousel's size, its caption as text; none without a picture of the server's", () => {
    const slide = homeFirstScreen(document, { title: '<b>省属</b>国有企业推介会', imgSrc: '/api/dscq-content/files/28' })!;
    const img = slide.querySelector('img')!;
    expect([img.getAttribute('src'), img.width, img.height, img.alt, img.getAttribute('fetchpriority')]).toEqual(['/api/dscq-content/files/28', 480, 300, '', 'high']);
    expect(slide.textContent).toBe('<b>省属</b>国有企业推介会');
    expect(slide.querySelector('b')).toBeNull();
    expect(homeFirstScreen(document, { title: '某新闻', imgSrc: 'https://elsewhere.example/x.png' })).toBeNull();
    expect(homeFirstScreen(document, { title: '某新闻', imgSrc: '' })).toBeNull();
    expect(homeFirstScreen(document, undefined)).toBeNull();
  });
});

describe("the login page's first screen before the app", () => {
  it('is the login page, and a page that needs a login (where the router sends a visitor without one)', () => {
    for (const login of ['#/login', '#/login?redirect=%2FquoteHall%3FactivityId%3D3']) expect(isLoginHash(login)).toBe(true);
    for (const other of ['', '#/index', '#/loginx', '#/register', '#/quoteHall?activityId=1']) expect(isLoginHash(other)).toBe(false);
    for (const needs of ['#/quoteHall?activityId=3', '#/myProject', '#/usercenter/contract/sign?id=2', '#/myWatch']) expect(needsLoginHash(needs)).toBe(true);
    for (const open of ['', '#/index', '#/hall', '#/login', '#/projectDetail/3.html', '#/contract/seal/qrcode?id=1', '#/quoteHallx']) expect(needsLoginHash(open)).toBe(false);
  });

  it('draws the login card\'s title and lead, as text', () => {
    const card = loginFirstScreen(document);
    expect(card.querySelector('h2')!.textContent).toBe(LOGIN_TITLE);
    expect(card.querySelector('p')!.textContent).toBe(LOGIN_LEAD);
    expect(LOGIN_TITLE).toBe('欢迎登录');
  });
});
