/** The desk's pure rules (domain/rules/desk.ts): a bidder's standing, his steps in a lot, the outbid title. */
import { bidderStanding, mySteps, outbidTitle, shortLotName } from '#domain/rules/desk';
import { type StandingInput } from '#domain/contract/desk';

const input = (over: Partial<StandingInput> = {}): StandingInput => ({
  enrolled: true,
  bidCode: '123456',
  myBidCount: 0,
  mode: 'ongoing',
  status: 'live',
  outcome: null,
  leaderBidCode: null,
  ...over,
});

describe('bidderStanding', () => {
  it.each([
    ['not enrolled, no code', { enrolled: false, bidCode: null }, null],
    ['enrolled, no code yet', { bidCode: null }, 'enrolled'],
    ['qualified, no bid', {}, 'noBid'],
    ['leading', { leaderBidCode: '123456', myBidCount: 1 }, 'leading'],
    ['leading (count not seen yet)', { leaderBidCode: '123456' }, 'leading'],
    ['outbid', { leaderBidCode: '654321', myBidCount: 2 }, 'outbid'],
    ['someone leads, he never bid', { leaderBidCode: '654321' }, 'noBid'],
    ['won', { status: 'ended', outcome: 'sold', leaderBidCode: '123456', myBidCount: 1 }, 'won'],
    ['lost', { status: 'ended', outcome: 'sold', leaderBidCode: '654321', myBidCount: 1 }, 'lost'],
    ['sealed offer in', { mode: 'onceOff', myBidCount: 1 }, 'offered'],
    ['sealed, no offer', { mode: 'onceOff' }, 'noBid'],
  ] as const)('%s', (_name, over, standing) => {
    expect(bidderStanding(input(over as Partial<StandingInput>))).toBe(standing);
  });
});

describe('mySteps', () => {
  it('reads the enrolment and deposit steps and the bid code', () => {
    expect(mySteps(undefined)).toEqual([]);
    expect(mySteps({ enrolment: null, bidCode: '123456' })).toEqual(['已报名', '已交保证金', '竞买号 123456']);
    const e = { id: 1, status: 'reviewing' as const, statusText: '审核中', depositId: null, depositStatus: null };
    expect(mySteps({ enrolment: e, bidCode: null })).toEqual(['已报名', '审核中']);
    expect(mySteps({ enrolment: { ...e, status: 'depositPending', statusText: '待交保证金', depositId: 3, depositStatus: 'pending' }, bidCode: null })).toEqual(['已报名', '待交保证金']);
    expect(mySteps({ enrolment: { ...e, status: 'depositConfirmed', statusText: '保证金已确认', depositId: 3, depositStatus: 'confirmed' }, bidCode: null })).toEqual(['已报名', '已交保证金']);
    expect(mySteps({ enrolment: { ...e, status: 'rejected', statusText: '审核未通过' }, bidCode: null })).toEqual(['报名未通过']);
  });
});

it('the outbid title names the lot, shortened to 22 characters', () => {
  expect(outbidTitle('邢台市某学校报废教学设备一批')).toBe('「邢台市某学校报废教学设备一批」出价已被超越');
  expect(shortLotName('石家庄市某国有资本投资运营公司所属别克GL8商务车一辆（冀A·12345）')).toBe('石家庄市某国有资本投资运营公司所属别克GL8…');
});
