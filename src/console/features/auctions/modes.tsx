/**
 * The eight bidding modes and the parameters each takes (docs/bidding.md "Creating activities"): the form
 * shows the chosen mode's fields only. Amounts in yuan, durations in seconds, times China time.
 */
import { Button, Checkbox, Col, Form, Input, InputNumber, Row, Space } from 'antd';
import { BIDDING_MODES, type BiddingMode } from '#domain/contract/hall';
import { BIDDING_MODE_NAMES } from '#domain/rules/hall';
import { toWireTime } from '../../components/chinaTimeInput';
import type { ActivityParams } from './api';

export const MODE_OPTIONS = BIDDING_MODES.map((mode) => ({ value: mode, label: BIDDING_MODE_NAMES[mode] }));

type ParamKey =
  | 'startTime'
  | 'endTime'
  | 'startPrice'
  | 'increment'
  | 'reservePrice'
  | 'capPrice'
  | 'extensionSec'
  | 'allowSelfOutbid'
  | 'tiers'
  | 'freeEndTime'
  | 'cycleSec'
  | 'decrement'
  | 'dropIntervalSec'
  | 'floorPrice'
  | 'finalWindowSec'
  | 'joinWindowSec'
  | 'ascendSec';

const TIMES: ReadonlySet<ParamKey> = new Set(['startTime', 'endTime', 'freeEndTime']);
const MONEY: ReadonlySet<ParamKey> = new Set(['startPrice', 'increment', 'reservePrice', 'capPrice', 'decrement', 'floorPrice']);

const LABELS: Record<ParamKey, string> = {
  startTime: '开始时间',
  endTime: '结束时间',
  startPrice: '起始价',
  increment: '加价幅度',
  reservePrice: '保留价',
  capPrice: '封顶价',
  extensionSec: '延时时长（秒）',
  allowSelfOutbid: '最高出价人可再次加价',
  tiers: '阶梯加价',
  freeEndTime: '自由报价期结束',
  cycleSec: '限时报价周期（秒）',
  decrement: '每次降价',
  dropIntervalSec: '降价周期（秒）',
  floorPrice: '最低价',
  finalWindowSec: '最终报价期（秒）',
  joinWindowSec: '第二阶段确认期（秒）',
  ascendSec: '应价后加价阶段（秒）',
};

/** The labels that differ by mode. */
const MODE_LABELS: Partial<Record<BiddingMode, Partial<Record<ParamKey, string>>>> = {
  'first-come-first-served': { startPrice: '挂牌价格（先到先得）', endTime: '截止时间' },
  'two-stage': { endTime: '第一阶段截止', cycleSec: '第二阶段周期（秒）' },
  final: { capPrice: '封顶价（必填）' },
};

const COMMON: ParamKey[] = ['startTime', 'startPrice', 'increment'];
export const MODE_PARAMS: Record<BiddingMode, ParamKey[]> = {
  ongoing: [...COMMON, 'endTime', 'reservePrice', 'capPrice', 'extensionSec', 'allowSelfOutbid', 'tiers'],
  phased: [...COMMON, 'freeEndTime', 'cycleSec', 'reservePrice', 'capPrice', 'allowSelfOutbid', 'tiers'],
  final: [...COMMON, 'capPrice', 'finalWindowSec', 'endTime', 'freeEndTime', 'cycleSec', 'reservePrice', 'extensionSec', 'tiers'],
  onceOff: [...COMMON, 'endTime', 'reservePrice'],
  'first-come-first-served': [...COMMON, 'endTime'],
  'two-stage': [...COMMON, 'endTime', 'joinWindowSec', 'cycleSec', 'reservePrice', 'capPrice', 'tiers'],
  'dutch-auction': [...COMMON, 'decrement', 'dropIntervalSec', 'floorPrice'],
  'v-shaped': [...COMMON, 'decrement', 'dropIntervalSec', 'floorPrice', 'ascendSec', 'extensionSec', 'capPrice'],
};

export const labelOf = (mode: BiddingMode, key: ParamKey) => MODE_LABELS[mode]?.[key] ?? LABELS[key];

/** The fields of `mode` (creation: the start price and increment required; a change: every field optional). */
export function ModeFields({ mode, change = false, skip = [] }: { mode: BiddingMode; change?: boolean; skip?: ParamKey[] }) {
  const keys = MODE_PARAMS[mode].filter((key) => !skip.includes(key));
  return (
    <Row gutter={16}>
      {keys.map((key) => {
        const label = labelOf(mode, key);
        const required = !change && (key === 'startPrice' || key === 'increment' || (mode === 'final' && (key === 'capPrice' || key === 'finalWindowSec')));
        const rules = required ? [{ required: true, message: `请填写${label}` }] : [];
        if (key === 'tiers') {
          return (
            <Col span={24} key={key}>
              <Form.Item label={label} extra="自该价格起的加价幅度（元）">
                <Form.List name="tiers">
                  {(fields, { add, remove }) => (
                    <>
                      {fields.map((field) => (
                        <Space key={field.key} align="baseline">
                          <Form.Item name={[field.name, 'fromPrice']} rules={[{ required: true, message: '请填写起点价格' }]}>
                            <InputNumber min={0} precision={2} placeholder="自价格（元）" aria-label="阶梯起点价格" />
                          </Form.Item>
                          <Form.Item name={[field.name, 'increment']} rules={[{ required: true, message: '请填写加价幅度' }]}>
                            <InputNumber min={0.01} precision={2} placeholder="加价幅度（元）" aria-label="阶梯加价幅度" />
                          </Form.Item>
                          <Button type="link" onClick={() => remove(field.name)}>
                            删除
                          </Button>
                        </Space>
                      ))}
                      <Button onClick={() => add()}>添加一档</Button>
                    </>
                  )}
                </Form.List>
              </Form.Item>
            </Col>
          );
        }
        if (key === 'allowSelfOutbid') {
          return (
            <Col span={8} key={key}>
              <Form.Item name={key} valuePropName="checked" label=" ">
                <Checkbox>{label}</Checkbox>
              </Form.Item>
            </Col>
          );
        }
        return (
          <Col span={8} key={key}>
            <Form.Item name={key} label={label} rules={rules}>
              {TIMES.has(key) ? (
                <Input type="datetime-local" />
              ) : (
                <InputNumber min={0} precision={MONEY.has(key) ? 2 : 0} style={{ width: '100%' }} addonAfter={MONEY.has(key) ? '元' : '秒'} />
              )}
            </Form.Item>
          </Col>
        );
      })}
    </Row>
  );
}

/** The form's values as the server's parameters: the mode's fields that were filled in. */
export function paramsOf(mode: BiddingMode, values: Record<string, unknown>): ActivityParams {
  const out: ActivityParams = {};
  for (const key of MODE_PARAMS[mode]) {
    const value = values[key];
    if (value === undefined || value === null || value === '') continue;
    if (key === 'tiers') {
      const tiers = value as { fromPrice: number; increment: number }[];
      if (tiers.length > 0) out.tiers = tiers;
    } else if (key === 'allowSelfOutbid') {
      if (value === true) out.allowSelfOutbid = 1;
    } else if (TIMES.has(key)) out[key] = toWireTime(value as string);
    else out[key] = value as number;
  }
  return out;
}
