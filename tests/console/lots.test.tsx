/**
 * 项目, 竞价活动, 结果公告 and 合同盖章 through the real providers, router and HTTP client against the msw
 * staff API (handlers/staff-lots.ts): a draft from the form and the server's timeline problem; 提交发布复核
 * (four eyes); an auction in one mode shows that mode's fields only and the server's refusal; a result
 * notice previewed and published; a contract sealed.
 */
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { authMock } from '../mocks/handlers/auth';
import { staffMock } from '../mocks/handlers/staff';
import { staffLotHandlers, staffLotMock, TIMELINE_PROBLEM } from '../mocks/handlers/staff-lots';
import { useMockServer } from '../mocks/server';
import { button, confirmPopup, dialogTitled, renderConsole, signInAs } from './renderConsole';

const server = useMockServer();
vi.setConfig({ testTimeout: 120_000 });
// jsdom renders antd slowly on a loaded machine: the queries wait longer than their default second.
configure({ asyncUtilTimeout: 15_000 });
beforeEach(() => {
  authMock.reset();
  staffMock.reset();
  staffLotMock.reset();
  server.use(...staffLotHandlers);
});

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
async function pick(scope: HTMLElement, label: string, option: string) {
  fireEvent.mouseDown(within(scope).getByLabelText(label));
  const options = await screen.findAllByText(option, { selector: '.ant-select-item-option-content' });
  fireEvent.click(options[options.length - 1]!);
}

describe('项目', () => {
  it('creates a draft from the form and shows the timeline problem the server answers; submitting it shows the refusal', async () => {
    signInAs('op_admin');
    renderConsole('/ops/lots/edit');
    expect(await screen.findByRole('heading', { name: '新建项目' })).toBeInTheDocument();
    type('项目名称', '保定市某公司闲置设备一批');
    type('挂牌价格', '200000');
    type('公告开始时间', '2026-12-01T09:00');
    type('报名截止时间', '2026-12-08T17:00');
    type('挂牌机构', '河北省产权交易中心');
    fireEvent.change(document.getElementById('lot_sections_announcement')!, { target: { value: '<p>设备一批</p>' } });
    fireEvent.click(screen.getByRole('button', { name: '创建草稿' }));

    expect(await screen.findByText(TIMELINE_PROBLEM)).toBeInTheDocument();
    expect(screen.getByText('发布前须解决以下问题')).toBeInTheDocument();
    expect(staffLotMock.state.created[0]).toMatchObject({
      assetsName: '保定市某公司闲置设备一批',
      startPrice: 200000,
      announcementStartTime: '2026-12-01 09:00:00',
      enrolEndTime: '2026-12-08 17:00:00',
      orgName: '河北省产权交易中心',
      sections: { announcement: '<p>设备一批</p>' },
    });

    fireEvent.click(screen.getByRole('button', { name: '提交发布复核' }));
    await confirmPopup(/提\s*交/);
    const refusal = (await screen.findByText('未能提交')).closest('.ant-alert') as HTMLElement;
    expect(refusal).toHaveTextContent(TIMELINE_PROBLEM);
    expect(staffLotMock.state.prepared).toEqual([]);
  });

  it('prepares the publication of a consistent draft: 已提交复核, another member approves it on 待复核', async () => {
    const draft = { ...staffLotMock.state.lots[0]!, draftId: 30, assetsId: null, projectCode: '', assetsName: '唐山市某厂房租赁', stage: 'draft' as const, stageLabel: '草稿', locked: false, problems: [], activities: [] };
    staffLotMock.state.lots.push(draft);
    signInAs('op_auction');
    renderConsole('/ops/lots/edit?draftId=30');
    expect(await screen.findByText('时间线检查通过，可提交发布复核')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '提交发布复核' }));
    await confirmPopup(/提\s*交/);
    const done = (await screen.findByText('已提交复核')).closest('.ant-alert') as HTMLElement;
    expect(done).toHaveTextContent('须由另一位具有发布权限的工作人员在 待复核 通过后才发布');
    expect(within(done).getByRole('link', { name: '待复核' })).toHaveAttribute('href', '/ops/approvals');
    expect(staffLotMock.state.prepared).toEqual([30]);
  });

  it('publishes a draft as 信息预披露: its own problems, sent as a pre-disclosure', async () => {
    const draft = { ...staffLotMock.state.lots[0]!, draftId: 31, assetsId: null, projectCode: '', assetsName: '沧州市某仓库', stage: 'draft' as const, stageLabel: '草稿', locked: false, problems: ['正式挂牌须有挂牌价格，不能为面议'], preDisclosureProblems: [], activities: [] };
    staffLotMock.state.lots.push(draft);
    signInAs('op_auction');
    renderConsole('/ops/lots/edit?draftId=31');
    expect(await screen.findByText('正式挂牌须有挂牌价格，不能为面议')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('checkbox', { name: /以信息预披露发布/ }));
    expect(await screen.findByText('可提交预披露复核')).toBeInTheDocument();
    expect(screen.queryByText('正式挂牌须有挂牌价格，不能为面议')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '提交发布复核' }));
    await confirmPopup(/提\s*交/);
    expect(await screen.findByText('已提交复核')).toBeInTheDocument();
    expect(staffLotMock.state.preDisclosed).toEqual([31]);
  });

  it('lists a pre-disclosed lot formally: its price and dates, the server’s refusal, then 已提交正式挂牌复核', async () => {
    const lot = { ...staffLotMock.state.lots[0]!, draftId: 32, assetsId: 332, assetsName: '邢台市某设备一批', stage: 'preDisclosure' as const, stageLabel: '预披露', listingState: '预披露', problems: ['正式挂牌须有挂牌价格，不能为面议'], activities: [] };
    staffLotMock.state.lots.push(lot);
    signInAs('op_auction');
    renderConsole('/ops/lots/view?assetsId=332');
    const card = (await screen.findByText('转为正式挂牌', { selector: '.ant-card-head-title' })).closest('.ant-card') as HTMLElement;
    expect(screen.getByText('正式挂牌前须解决以下问题')).toBeInTheDocument();
    fireEvent.change(within(card).getByLabelText('挂牌价格'), { target: { value: '880000' } });
    fireEvent.change(within(card).getByLabelText('公告开始时间'), { target: { value: '2026-12-01T09:00' } });
    fireEvent.change(within(card).getByLabelText('报名截止时间'), { target: { value: '2026-12-10T17:00' } });
    fireEvent.click(within(card).getByRole('button', { name: '提交正式挂牌复核' }));
    expect(await within(card).findByText(TIMELINE_PROBLEM)).toBeInTheDocument();
    fireEvent.change(within(card).getByLabelText('报名截止时间'), { target: { value: '2026-12-29T17:00' } });
    fireEvent.click(within(card).getByRole('button', { name: '提交正式挂牌复核' }));
    expect(await screen.findByText('已提交正式挂牌复核（复核单 #91）')).toBeInTheDocument();
    expect(staffLotMock.state.formal.at(-1)).toMatchObject({ assetsId: 332, formal: 1, priceType: 1, startPrice: 880000, announcementStartTime: '2026-12-01 09:00:00', enrolEndTime: '2026-12-29 17:00:00', reason: '转为正式挂牌' });
  });

  it('lists lots with their stage and opens a lot with its details and auctions', async () => {
    signInAs('op_admin');
    renderConsole('/ops/lots');
    fireEvent.click(await screen.findByText('石家庄市某国有企业 30% 股权转让', { selector: 'a' }));
    // The lot's page (the list shows the code too: wait for the page, not the code).
    await screen.findByRole('heading', { name: '石家庄市某国有企业 30% 股权转让', level: 1 });
    expect(await screen.findByText('HBCQ-2026-301')).toBeInTheDocument();
    expect(await screen.findByText('JJ202612001')).toBeInTheDocument();
    expect(screen.getByText('字段已锁定')).toBeInTheDocument();
  });
});

describe('竞价活动', () => {
  it('creates an auction in one mode: only that mode’s fields, the server’s timeline refusal, then the auction', async () => {
    signInAs('op_auction');
    renderConsole('/ops/auctions?assetsId=301');
    expect(await screen.findByText('JJ202612001')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '创建竞价' }));
    const dialog = await dialogTitled('创建竞价');
    expect(within(dialog).getByLabelText('结束时间')).toBeInTheDocument();
    await pick(dialog, '竞价方式', '降价拍（荷兰式）');
    await waitFor(() => expect(within(dialog).getByLabelText('每次降价')).toBeInTheDocument());
    for (const shown of ['开始时间', '起始价', '加价幅度', '降价周期（秒）', '最低价']) expect(within(dialog).getByLabelText(shown)).toBeInTheDocument();
    for (const hidden of ['结束时间', '封顶价', '保留价', '自由报价期结束', '最终报价期（秒）']) expect(within(dialog).queryByLabelText(hidden)).toBeNull();

    type('开始时间', '2026-12-10T09:00');
    type('起始价', '100000');
    type('加价幅度', '1000');
    type('每次降价', '2000');
    type('降价周期（秒）', '120');
    type('最低价', '80000');
    fireEvent.click(button(dialog, /创\s*建/));
    expect(await within(dialog).findByText('竞价开始时间须在报名截止（2026-12-20 00:00:00）之后')).toBeInTheDocument();
    expect(staffLotMock.state.activityCreates[0]).toEqual({
      assetsId: 301,
      mode: 'dutch-auction',
      startTime: '2026-12-10 09:00:00',
      startPrice: 100000,
      increment: 1000,
      decrement: 2000,
      dropIntervalSec: 120,
      floorPrice: 80000,
    });

    type('开始时间', '2026-12-21T09:00');
    fireEvent.click(button(dialog, /创\s*建/));
    expect(await screen.findByText('已创建竞价 JJ202612002（降价拍（荷兰式））')).toBeInTheDocument();
    expect(await screen.findByText('JJ202612002')).toBeInTheDocument();
  });
});

describe('结果公告 and 合同', () => {
  it('previews the 成交公告 of an ended auction and publishes it', async () => {
    signInAs('op_admin');
    renderConsole('/ops/results?assetsId=301');
    fireEvent.click(await screen.findByRole('button', { name: '预览公告' }));
    expect(await screen.findByText('石家庄市某国有企业 30% 股权转让成交公告')).toBeInTheDocument();
    expect(screen.getByText('受让方：河北****有限公司，成交价 1,080,000.00 元。')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '发布成交公告' }));
    await confirmPopup(/发\s*布/);
    expect(await screen.findByText('已发布成交公告：石家庄市某国有企业 30% 股权转让成交公告')).toBeInTheDocument();
    expect(staffLotMock.state.resultPublishes).toEqual([{ activityId: 501, noticeType: 2 }]);
    expect(await screen.findByText(/此竞价的成交公告已发布/)).toBeInTheDocument();
  });

  it('seals a signed contract', async () => {
    signInAs('op_admin');
    renderConsole('/ops/contracts');
    fireEvent.click(await screen.findByRole('button', { name: '盖章 HT2026110041' }));
    await confirmPopup(/盖\s*章/);
    expect(await screen.findByText('已盖章：HT2026110041')).toBeInTheDocument();
    expect(staffLotMock.state.sealed).toEqual([41]);
    expect(await screen.findByText('没有待盖章的合同')).toBeInTheDocument();
  });

  it('assigns the transferor’s account of a draft (a wrong one refused with the server’s words) and drafts the missing contracts', async () => {
    signInAs('op_auction');
    renderConsole('/ops/contracts');
    fireEvent.click(await screen.findByText('起草中'));
    fireEvent.click(await screen.findByRole('button', { name: '指定转让方账户 HT2026110042' }));
    const dialog = await dialogTitled('指定转让方账户');
    fireEvent.change(within(dialog).getByLabelText('转让方登录名'), { target: { value: 'demo_new' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /指\s*定/ }));
    expect(await screen.findByText('只能指定已完成实名认证的账户')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('转让方登录名'), { target: { value: 'demo_org' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /指\s*定/ }));
    expect(await screen.findByText('已指定转让方账户：demo_org')).toBeInTheDocument();
    expect(staffLotMock.state.assigned).toEqual([{ id: 42, loginName: 'demo_org' }]);
    await waitFor(() => expect(screen.queryByRole('button', { name: '指定转让方账户 HT2026110042' })).not.toBeInTheDocument());

    fireEvent.click(screen.getByRole('button', { name: '为已付款成交起草合同' }));
    await confirmPopup(/起\s*草/);
    expect(await screen.findByText('已起草 2 份合同')).toBeInTheDocument();
    expect(staffLotMock.state.draftedMissing).toBe(1);
  });
});
