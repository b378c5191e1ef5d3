import { act, configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MONEY_PATHS } from '#domain/contract/ledger';
import { authMock } from '../mocks/handlers/auth';
import { moneyMock } from '../mocks/handlers/money';
import { renderApp } from '../mocks/renderApp';
import { server, useMockServer } from '../mocks/server';

/**
 * A user-centre form keeps what the user typed when the data around it is fetched again (
 * forms were reset while filled on a loaded CI machine). A desk message invalidates the user centre's
 * queries; a refetch that then fails (a time-out under load) used to turn the page into its error state,
 * unmounting the form; now the page keeps the form and says the data could not be refreshed.
 */
useMockServer();
vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 8000 });
beforeEach(() => {
  authMock.reset();
  moneyMock.reset();
});

describe('a refetch while a form is filled', () => {
  it('/accountFundsDetail: the card number typed survives a refetch that succeeds and one that fails', async () => {
    authMock.signIn('demo_person');
    const { queryClient } = renderApp('/accountFundsDetail');
    const cardNo = await screen.findByLabelText('银行卡号');
    fireEvent.change(cardNo, { target: { value: '6222020200112233445' } });

    // A desk message arrives: the app refetches (DeskAlerts invalidates; here everything is).
    await act(() => queryClient.invalidateQueries());
    expect(screen.getByLabelText('银行卡号')).toHaveValue('6222020200112233445');

    // The next refetch fails (the server or the network under load).
    server.use(http.get(`*${MONEY_PATHS.fundAccount}`, () => HttpResponse.json({ code: 500, msg: '系统繁忙，请稍后重试', data: null })));
    await act(() => queryClient.invalidateQueries({ queryKey: ['money'] }));
    await waitFor(() => expect(queryClient.getQueryCache().findAll({ queryKey: ['money'], type: 'active' }).some((q) => q.state.status === 'error')).toBe(true));
    expect(screen.getByLabelText('银行卡号')).toHaveValue('6222020200112233445');
    expect(await screen.findByText(/系统繁忙，请稍后重试（显示的是上次加载的内容）/)).toBeInTheDocument();
    expect(screen.getByLabelText('开户名')).toHaveValue('张建国');
  });
});
