import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { authMock } from '../mocks/handlers/auth';
import { userFilesMock } from '../mocks/handlers/user-files';
import { renderApp } from '../mocks/renderApp';
import { nodeFile, useNodeFormData } from '../mocks/nodeFormData';
import { useMockServer } from '../mocks/server';

/**
 * My files through the whole app (router, HTTP client, msw backend): 我的文件 (a folder, the browser's
 * type check, the server's quota refusal, another user's folder), 申诉记录 (the list, the answer, the
 * form's checks and its submission with a file from 我的文件) and 我的服务 / 需求 (the list, the form's
 * checks, the answer and the matches, another user's demand).
 */
useMockServer();
vi.setConfig({ testTimeout: 60_000 });
configure({ asyncUtilTimeout: 8000 });
beforeEach(() => {
  authMock.reset();
  userFilesMock.reset();
});


/** Opens an antd Select by its accessible name and picks the option with `text`. */
async function pick(label: string, text: string) {
  const input = screen.getByLabelText(label);
  await waitFor(() => expect(input).not.toBeDisabled());
  fireEvent.mouseDown(input);
  const options = await screen.findAllByText(text, { selector: '.ant-select-item-option-content' });
  fireEvent.click(options[options.length - 1]!);
}

describe('/myFiles', () => {
  it('lists folders and files with the quota, and opens a folder', async () => {
    authMock.signIn('demo_person');
    const folder = userFilesMock.addFolder('demo_person', '资质材料');
    userFilesMock.addFile('demo_person', '营业执照.pdf', folder);
    userFilesMock.addFile('demo_person', '现场照片.png', null, 'image/png');
    userFilesMock.addFolder('bidder01', '别人的文件夹');
    const { router } = renderApp('/myFiles');
    expect(await screen.findByText('资质材料')).toBeInTheDocument();
    expect(screen.getByText('现场照片.png')).toBeInTheDocument();
    expect(screen.queryByText('别人的文件夹')).toBeNull();
    expect(screen.getByText(/已使用 4 KB \/ 共 200 MB/)).toBeInTheDocument();
    expect(screen.getByText('资质材料').closest('a')).toHaveAttribute('href', `#/usercenter/files/children?folderId=${folder}`);
    await act(() => router.navigate({ href: `/usercenter/files/children?folderId=${folder}` }));
    expect(await screen.findByText('营业执照.pdf')).toBeInTheDocument();
  });

  it('refuses a file of another type in the browser (nothing is sent)', async () => {
    authMock.signIn('demo_person');
    const { container } = renderApp('/myFiles');
    await screen.findByText(/已使用/);
    const input = container.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['hello'], 'notes.txt', { type: 'text/plain' })] } });
    expect(await screen.findByText('仅支持上传 PDF、JPEG、PNG 文件')).toBeInTheDocument();
    expect(userFilesMock.state.files).toHaveLength(0);
  });

  it('uploads into the folder shown, and shows the server’s quota refusal', async () => {
    authMock.signIn('demo_person');
    const { container } = renderApp('/myFiles');
    await screen.findByText(/已使用/);
    const input = () => container.querySelector('input[type="file"]') as HTMLInputElement;
    await useNodeFormData();
    const pdf = (name: string) => nodeFile(['%PDF-1.4'], name, 'application/pdf');
    fireEvent.change(input(), { target: { files: [pdf('委托书.pdf')] } });
    expect(await screen.findByText('已上传：委托书.pdf')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: '委托书.pdf' })).toBeInTheDocument();
    userFilesMock.state.quotaFull = true;
    fireEvent.change(input(), { target: { files: [pdf('big.pdf')] } });
    expect(await screen.findByText(/^存储空间不足：已使用 200 MB/)).toBeInTheDocument();
    expect(userFilesMock.state.files).toHaveLength(1);
  });

  it('a new folder’s name is checked before it is sent', async () => {
    authMock.signIn('demo_person');
    renderApp('/myFiles');
    fireEvent.click(await screen.findByRole('button', { name: '新建文件夹' }));
    fireEvent.change(await screen.findByLabelText('文件夹名称'), { target: { value: 'a/b' } });
    expect(await screen.findByText('文件夹名称不能包含 \\ / : * ? " < > | 等字符')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('文件夹名称'), { target: { value: '合同扫描件' } });
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('合同扫描件')).toBeInTheDocument();
  });

  it('another user’s folder shows 文件夹不存在', async () => {
    authMock.signIn('demo_person');
    const folder = userFilesMock.addFolder('bidder01', '别人的');
    renderApp(`/usercenter/files/children?folderId=${folder}`);
    expect(await screen.findAllByText('文件夹不存在')).not.toHaveLength(0);
  });

  it('/usercenter/files/list filters by name', async () => {
    authMock.signIn('demo_person');
    userFilesMock.addFile('demo_person', '营业执照.pdf');
    userFilesMock.addFile('demo_person', '授权委托书.pdf');
    renderApp('/usercenter/files/list?q=执照');
    expect(await screen.findByText('营业执照.pdf')).toBeInTheDocument();
    expect(screen.queryByText('授权委托书.pdf')).toBeNull();
  });
});

describe('/shensuRecord', () => {
  it('lists appeals and shows the exchange’s answer; another user’s appeal is 申诉不存在', async () => {
    authMock.signIn('demo_person');
    const id = userFilesMock.addAppeal('demo_person');
    const others = userFilesMock.addAppeal('bidder01');
    const { router } = renderApp('/shensuRecord');
    expect(await screen.findByText(`SS2026112100${id}`)).toBeInTheDocument();
    expect(screen.queryByText(`SS2026112100${others}`)).toBeNull();
    await act(() => router.navigate({ href: `/shensuRecord?id=${id}` }));
    const drawer = await screen.findByRole('dialog', { name: '申诉详情' });
    expect(await within(drawer).findByText('经复核，维持原结论。')).toBeInTheDocument();
    await act(() => router.navigate({ href: `/shensuRecord?id=${others}` }));
    expect(await screen.findAllByText('申诉不存在')).not.toHaveLength(0);
  });

  it('the form: closed kinds cannot be chosen, a kind is required, a file from 我的文件 is attached', async () => {
    // (Queries by label and text: ByRole over antd's drawer and selects costs seconds per call in jsdom.)
    authMock.signIn('demo_person');
    const fileId = userFilesMock.addFile('demo_person', '盖章扫描件.pdf');
    renderApp('/shensuRecord?new=1');
    const submit = async () => fireEvent.click((await screen.findByText('提交申诉', { selector: 'button span' })).closest('button')!);
    expect(await screen.findByLabelText(/保证金扣除/)).not.toBeDisabled();
    expect(screen.getByLabelText(/资金结算/)).not.toBeDisabled();
    await submit();
    expect(await screen.findByText('请选择申诉类型')).toBeInTheDocument();
    fireEvent.click(screen.getByLabelText('报名驳回'));
    await pick('申诉对象', '某仓库（报名 BM1）· 驳回原因：材料不全');
    fireEvent.change(screen.getByLabelText('申诉理由'), { target: { value: '营业执照副本已加盖公章，请复核我的报名材料。' } });
    await pick('附件', '盖章扫描件.pdf');
    await submit();
    await waitFor(() => expect(userFilesMock.state.submits).toEqual([{ kind: 'enrolmentRejection', subjectId: 7, reason: '营业执照副本已加盖公章，请复核我的报名材料。', fileIds: [fileId] }]));
    expect(await screen.findByText('申诉详情')).toBeInTheDocument();
  });
});

describe('services and demands', () => {
  it('/myService lists demands; /demandDetail shows the answer and the matched listing; another user’s is 需求不存在', async () => {
    authMock.signIn('demo_person');
    const id = userFilesMock.addDemand('demo_person');
    const others = userFilesMock.addDemand('bidder01');
    const { router } = renderApp('/myService');
    expect(await screen.findByText(`XQ2026112100${id}`)).toBeInTheDocument();
    expect(screen.queryByText(`XQ2026112100${others}`)).toBeNull();
    await act(() => router.navigate({ href: `/demandDetail?id=${id}` }));
    expect(await screen.findByText('已为您关注设备类项目。')).toBeInTheDocument();
    expect(screen.getByText('石家庄某厂闲置设备一批').closest('a')).toHaveAttribute('href', '#/projectDetail/6101.html');
    await act(() => router.navigate({ href: `/demandDetail?id=${others}` }));
    expect(await screen.findAllByText('需求不存在')).not.toHaveLength(0);
  });

  it('/myServiceDetail: at least one criterion, min ≤ max, then the demand is registered in yuan', async () => {
    authMock.signIn('demo_person');
    renderApp('/myServiceDetail');
    fireEvent.click(await screen.findByRole('button', { name: '提交需求' }));
    expect(await screen.findByText('请至少填写一项需求条件（资产类型、地区、价格区间或关键词）')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('最低价格（万元）'), { target: { value: '500' } });
    fireEvent.change(screen.getByLabelText('最高价格（万元）'), { target: { value: '100' } });
    fireEvent.click(screen.getByRole('button', { name: '提交需求' }));
    expect(await screen.findByText('最低价格不能高于最高价格')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('最高价格（万元）'), { target: { value: '800' } });
    fireEvent.change(screen.getByLabelText('地区（市或区县）'), { target: { value: '保定市' } });
    fireEvent.click(screen.getByRole('button', { name: '提交需求' }));
    await waitFor(() => expect(userFilesMock.state.submits).toHaveLength(1));
    expect(userFilesMock.state.submits[0]).toEqual({ city: '保定市', minPrice: 5_000_000, maxPrice: 8_000_000, keywords: [], note: '' });
    expect(await screen.findByText('需求详情', { selector: 'h1' })).toBeInTheDocument();
  });
});
