import { describe, expect, it } from 'vitest';
import { BIDDING_MODES } from '#domain/contract/hall';
import { BIDDING_MODE_NAMES } from '#domain/rules/hall';
import { formatChinaTime } from '#domain/rules/chinaTime';
import { announcementHtml, announcementMoney, announcementTitle, tradingMethod, type AnnouncementLot } from '#domain/rules/announcement';

/** The listing announcement from the lot's facts (issue 26 B): one builder for the seed and the work system. */
const AT = Date.UTC(2026, 10, 21, 4, 0, 0);
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const lot = (over: Partial<AnnouncementLot> = {}): AnnouncementLot => ({
  kind: 'listing',
  assetsName: '石家庄某国企闲置叉车<3台>',
  projectCode: 'HBCQ-SW2026-0101',
  typeCode: 2,
  region: '河北省石家庄市长安区',
  priceType: 1,
  startPriceFen: 123_450_000,
  priceUnit: '元',
  priceOther: '',
  depositFen: 20_000_000,
  enrolmentStartAt: AT,
  enrolmentEndAt: AT + 20 * DAY,
  depositEndAt: AT + 19 * DAY,
  transferorName: '河北某国有企业',
  orgName: '河北产权市场 交易一部',
  auction: null,
  ...over,
});
const auction = (mode: (typeof BIDDING_MODES)[number]) => ({ mode, startAt: AT + 21 * DAY, endAt: AT + 21 * DAY + 2 * HOUR, startPriceFen: 123_450_000, incrementFen: 500_000 });
/** The text of the row labelled `label`. */
const row = (html: string, label: string) => new RegExp(`<tr><th>${label}</th><td>([^<]*)</td></tr>`).exec(html)?.[1];

describe('tradingMethod', () => {
  it('a planned auction is 网络竞价 in its mode, for each of the eight modes', () => {
    expect(tradingMethod(lot({ auction: auction('ongoing') }))).toBe('网络竞价（多次报价）');
    for (const mode of BIDDING_MODES) expect(tradingMethod(lot({ auction: auction(mode) }))).toBe(`网络竞价（${BIDDING_MODE_NAMES[mode]}）`);
  });
  it('协议转让 only when no auction is planned; a court lot is a 网络司法拍卖 either way; a pre-disclosure has none yet', () => {
    expect(tradingMethod(lot())).toBe('协议转让');
    expect(tradingMethod(lot({ typeCode: 5, auction: auction('ongoing') }))).toBe('网络司法拍卖（多次报价）');
    expect(tradingMethod(lot({ typeCode: 5 }))).not.toContain('协议');
    expect(tradingMethod(lot({ kind: 'preDisclosure', auction: auction('ongoing') }))).toBe('信息预披露，正式挂牌后确定');
  });
});

describe('announcementHtml', () => {
  it('states the lot’s facts: price and deposit in the money display, the dates, the auction and the parties', () => {
    const html = announcementHtml(lot({ auction: auction('ongoing') }));
    expect(row(html, '挂牌价格')).toBe('123.45万元');
    expect(row(html, '交易保证金')).toBe('20万元');
    expect(row(html, '资产类型')).toBe('实物资产');
    expect(row(html, '所在地区')).toBe('河北省石家庄市长安区');
    expect(row(html, '报名期')).toBe(`${formatChinaTime(AT)} 至 ${formatChinaTime(AT + 20 * DAY)}`);
    expect(row(html, '保证金截止时间')).toBe(`${formatChinaTime(AT + 19 * DAY)}（以到账时间为准）`);
    expect(row(html, '竞价方式')).toBe('多次报价');
    expect(row(html, '竞价起始价')).toBe('123.45万元');
    expect(row(html, '加价幅度')).toBe('5,000.00元');
    expect(row(html, '竞价开始时间')).toBe(formatChinaTime(AT + 21 * DAY));
    expect(row(html, '竞价结束时间')).toBe(formatChinaTime(AT + 21 * DAY + 2 * HOUR));
    expect(row(html, '交易方式')).toBe('网络竞价（多次报价）');
    expect(row(html, '转让方')).toBe('河北某国有企业');
    expect(row(html, '挂牌机构')).toBe('河北产权市场 交易一部');
    expect(html).not.toContain('协议转让');
    expect(html).not.toContain('不接受报名');
    // Every fact is escaped.
    expect(html).toContain('闲置叉车&lt;3台&gt;');
    expect(html).not.toContain('<3台>');
  });

  it('without an auction: 协议转让, no auction rows; the deposit deadline defaults to the enrolment deadline', () => {
    const html = announcementHtml(lot({ depositEndAt: null }));
    expect(row(html, '交易方式')).toBe('协议转让');
    expect(row(html, '竞价开始时间')).toBeUndefined();
    expect(row(html, '保证金截止时间')).toBe(`${formatChinaTime(AT + 20 * DAY)}（以到账时间为准）`);
  });

  it('a court lot: 起拍价, 委托法院, the judicial wording, never 协议转让', () => {
    const html = announcementHtml(lot({ typeCode: 5, transferorName: '石家庄市长安区人民法院', auction: auction('ongoing') }));
    expect(row(html, '起拍价')).toBe('123.45万元');
    expect(row(html, '委托法院')).toBe('石家庄市长安区人民法院');
    expect(row(html, '交易方式')).toBe('网络司法拍卖（多次报价）');
    expect(html).toContain('公开拍卖');
    expect(html).toContain('法院出具成交裁定');
    expect(html).not.toContain('协议');
    expect(announcementTitle(lot({ typeCode: 5 }))).toBe('石家庄某国企闲置叉车<3台>拍卖公告');
  });

  it('本项目为信息预披露，不接受报名 only for a pre-disclosure (price 面议, no auction even if one is given)', () => {
    const pre = announcementHtml(lot({ kind: 'preDisclosure', auction: auction('ongoing') }));
    expect(pre).toContain('本项目为信息预披露，不接受报名');
    expect(row(pre, '挂牌价格')).toBe('面议');
    expect(row(pre, '交易方式')).toBe('信息预披露，正式挂牌后确定');
    expect(row(pre, '竞价开始时间')).toBeUndefined();
    expect(announcementTitle(lot({ kind: 'preDisclosure' }))).toBe('石家庄某国企闲置叉车<3台>信息预披露公告');
    for (const l of [lot(), lot({ auction: auction('dutch-auction') }), lot({ typeCode: 5 })]) expect(announcementHtml(l)).not.toContain('不接受报名');
  });

  it('leasing and capital increase name their price; a unit price and free text read as listed', () => {
    expect(row(announcementHtml(lot({ typeCode: 6, priceType: 2, startPriceFen: 1250, priceUnit: '元/平方米/月' })), '挂牌租金')).toBe('12.5元/平方米/月');
    expect(row(announcementHtml(lot({ typeCode: 4 })), '拟募集资金')).toBe('123.45万元');
    expect(row(announcementHtml(lot({ priceType: 3, priceOther: '以评估值为准' })), '挂牌价格')).toBe('以评估值为准');
    expect(row(announcementHtml(lot({ depositFen: 0 })), '交易保证金')).toBe('无');
    expect(announcementMoney(999_999)).toBe('9,999.99元');
  });

  it('the staff’s own text follows as 其他事项', () => {
    expect(announcementHtml(lot({ remarksHtml: '<p>看样请预约。</p>' }))).toContain('<h3>其他事项</h3><p>看样请预约。</p>');
    expect(announcementHtml(lot({ remarksHtml: '  ' }))).not.toContain('其他事项');
  });
});
