import '@/styles/proxy.css';
import { useState } from 'react';
import { App, Button, Input, Tag } from 'antd';
import type { BiddingMode } from '#domain/contract/hall';
import { PROXY_STATUS_LABELS } from '#domain/rules/proxy';
import { fenToYuanText, formatMoney, sanitizeMoneyInput, toFenBigInt, yuanToFen } from '#domain/rules/money';
import { useProxy, useProxyMutations } from '@/api/resources/proxy';
import { useAlertPrefs } from '@/lib/alertPrefs';

/** The modes with an ascending phase (the server says whether the phase is open now). */
export const PROXY_MODES: ReadonlySet<BiddingMode> = new Set(['ongoing', 'phased', 'v-shaped', 'two-stage']);

const STATUS_COLORS = { active: 'processing', exceeded: 'error', cancelled: 'default' } as const;

/** An amount by the money rule (万元 from 10,000 yuan), e.g. 1.25万元. */
const money = (yuan: number) => formatMoney(yuan)?.label ?? `${yuan}元`;

/** What the field keeps of what was typed: a money amount, whole fen. */
function sanitize(raw: string): string {
  const text = sanitizeMoneyInput(raw);
  const dot = text.indexOf('.');
  return dot < 0 ? text : text.slice(0, dot + 3);
}

function parseFen(text: string): number | null {
  const clean = sanitize(text).replace(/\.$/, '');
  const value = clean === '' ? null : toFenBigInt(clean);
  return value === null || value <= 0n ? null : Number(value);
}

/**
 * 代理出价 of one activity (docs/bidding.md "Proxy bidding"), the room's panel and the watch board's action
 * alike: the bidder's own ceiling (entered in 元, shown by the money rule) with 代理中 / 已超出 / 已取消, set,
 * raise (confirmed first unless 提醒设置 出价前确认 is off) and cancel; the server's reason when the phase takes
 * none. `bidCount` re-reads the ceiling after each bid (a bid may have exceeded it).
 */
export function ProxyCeiling({ activityId, bidCount }: { activityId: number; bidCount: number }) {
  const { modal } = App.useApp();
  const prefs = useAlertPrefs();
  const query = useProxy(activityId, bidCount, true);
  const { set, cancel } = useProxyMutations(activityId);
  const [text, setText] = useState('');
  const answer = query.data;
  const proxy = answer?.proxy ?? null;
  const active = proxy?.status === 'active';
  const minFen = answer?.minCeiling != null ? yuanToFen(answer.minCeiling) : null;
  const typedFen = parseFen(text);

  const submit = () => {
    if (typedFen === null) return;
    const go = () => set.mutate(typedFen, { onSuccess: () => setText('') });
    if (!prefs.confirmBids) return go();
    modal.confirm({
      title: active ? '提高代理出价上限' : '设置代理出价',
      content: `确认将代理出价上限设为 ${money(typedFen / 100)}？您被超越时，系统将以最低有效加价自动为您出价，直至该上限。`,
      okText: '确认',
      cancelText: '取消',
      onOk: go,
    });
  };

  return (
    <div className="proxy-ceiling">
      {proxy && (
        <p className="proxy-ceiling__state">
          <Tag color={STATUS_COLORS[proxy.status]} data-testid="room-proxy-status">
            {PROXY_STATUS_LABELS[proxy.status]}
          </Tag>
          上限{' '}
          <strong className="tabular" data-testid="room-proxy-ceiling">
            {money(proxy.ceiling)}
          </strong>
          {proxy.status === 'exceeded' && <span className="proxy-ceiling__hint">（当前价已超出上限，可重新设置）</span>}
        </p>
      )}
      {answer && !answer.allowed && <p className="proxy-ceiling__reason">{answer.reason}</p>}
      {answer?.allowed && (
        <form
          className="proxy-ceiling__form"
          aria-label="代理上限设置"
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <Input
            className="proxy-ceiling__input tabular"
            aria-label="代理出价上限（元）"
            data-testid="room-proxy-amount"
            inputMode="decimal"
            suffix="元"
            value={text}
            placeholder={minFen === null ? '请输入代理出价上限' : active ? '请输入更高的上限' : `上限不低于 ${fenToYuanText(minFen).replace(/\.00$/, '')} 元`}
            onChange={(event) => setText(sanitize(event.target.value))}
          />
          <Button type="primary" htmlType="submit" loading={set.isPending} disabled={typedFen === null} data-testid="room-proxy-set">
            {active ? '提高上限' : '设置代理'}
          </Button>
          {active && (
            <Button loading={cancel.isPending} onClick={() => cancel.mutate()} data-testid="room-proxy-cancel">
              取消代理
            </Button>
          )}
        </form>
      )}
      {typedFen !== null && typedFen >= 1_000_000 && <p className="proxy-ceiling__money">即 {money(typedFen / 100)}</p>}
    </div>
  );
}
