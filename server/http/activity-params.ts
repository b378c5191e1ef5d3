/**
 * An auction's parameters as the operator API and the work system take them (amounts in yuan, times China
 * time, durations in seconds), and their conversion to the plan of services/auctions/activities.ts
 * (planActivity checks them per mode, in Chinese).
 */
import { z } from 'zod';
import { BIDDING_MODES } from '#domain/contract/hall';
import { BusinessError } from '../lib/envelope.ts';
import type { IncrementTier } from '#domain/contract/bidModes';
import type { BiddingMode } from '#domain/contract/hall';
import { optionalChinaTime, optionalFlag, optionalInt, optionalYuanAsFen, requiredId } from './params.ts';

const seconds = (field: string, description: string) => optionalInt(field, 0, 7 * 86_400).meta({ description });
/** Every parameter of an activity but its lot and mode: creation (with them) and a change (without). */
export const activityParamFields = {
  startTime: optionalChinaTime('startTime').meta({ description: '开始时间，默认现在' }),
  endTime: optionalChinaTime('endTime').meta({ description: '结束时间（two-stage：第一阶段截止；phased、dutch-auction、v-shaped 自动计算）' }),
  startPrice: optionalYuanAsFen('startPrice').meta({ description: '起始价（元）；先到先得为挂牌价格' }),
  increment: optionalYuanAsFen('increment').meta({ description: '加价幅度（元）' }),
  reservePrice: optionalYuanAsFen('reservePrice').meta({ description: '保留价（元）' }),
  capPrice: optionalYuanAsFen('capPrice').meta({ description: '封顶价（元）；final 必填' }),
  extensionSec: optionalInt('extensionSec', 0, 3600).meta({ description: '延时窗口与延时时长（秒），默认 300' }),
  allowSelfOutbid: optionalFlag('allowSelfOutbid').meta({ description: '1：最高出价人可再次加价' }),
  tiers: z
    .array(z.object({ fromPrice: optionalYuanAsFen('tiers.fromPrice'), increment: optionalYuanAsFen('tiers.increment') }), { error: '参数 tiers 格式不正确' })
    .max(19, { error: '参数 tiers 最多 19 档' })
    .optional()
    .meta({ description: '阶梯加价：[{fromPrice, increment}]（元）' }),
  freeEndTime: optionalChinaTime('freeEndTime').meta({ description: 'phased / final：自由报价期结束时间' }),
  cycleSec: seconds('cycleSec', 'phased / final：限时报价周期；two-stage：第二阶段周期（秒）'),
  decrement: optionalYuanAsFen('decrement').meta({ description: 'dutch-auction / v-shaped：每次降价（元）' }),
  dropIntervalSec: seconds('dropIntervalSec', 'dutch-auction / v-shaped：降价周期（秒）'),
  floorPrice: optionalYuanAsFen('floorPrice').meta({ description: 'dutch-auction / v-shaped：最低价（元）' }),
  finalWindowSec: seconds('finalWindowSec', 'final：最终报价期（秒）'),
  joinWindowSec: seconds('joinWindowSec', 'two-stage：第二阶段确认期（秒）'),
  ascendSec: seconds('ascendSec', 'v-shaped：首次应价后的加价阶段（秒）'),
};

export const activityCreateParams = z.object({
  assetsId: requiredId('assetsId'),
  mode: z.enum(BIDDING_MODES, { error: `参数 mode 须为 ${BIDDING_MODES.join('、')}` }),
  ...activityParamFields,
});

type ActivityParams = z.output<z.ZodObject<typeof activityParamFields>>;

/** The plan fields (fen, epoch ms, ms): services/auctions/activities.ts ActivityPlanInput, which http/ may not import. */
export interface ActivityPlanFields {
  assetsId: number;
  mode: BiddingMode;
  startAt?: number;
  endAt?: number;
  startPriceFen: number;
  incrementFen: number;
  reserveFen?: number | null;
  capFen?: number | null;
  extensionMs?: number;
  allowSelfOutbid?: boolean;
  tiers?: IncrementTier[];
  freeEndAt?: number;
  cycleMs?: number;
  decrementFen?: number;
  dropIntervalMs?: number;
  floorFen?: number;
  finalWindowMs?: number;
  joinWindowMs?: number;
  ascendMs?: number;
}

const required = (value: number | undefined, label: string) => {
  if (value === undefined) throw new BusinessError(400, `参数 ${label} 不能为空`);
  return value;
};
const ms = (sec: number | undefined) => (sec === undefined ? undefined : sec * 1000);

/** The parameters given, as plan fields (those absent stay absent: a change keeps the activity's own). */
export function activityChangesOf(p: ActivityParams): Partial<ActivityPlanFields> {
  const out: Partial<ActivityPlanFields> = {
    startAt: p.startTime,
    endAt: p.endTime,
    startPriceFen: p.startPrice,
    incrementFen: p.increment,
    reserveFen: p.reservePrice,
    capFen: p.capPrice,
    extensionMs: ms(p.extensionSec),
    allowSelfOutbid: p.allowSelfOutbid === undefined ? undefined : p.allowSelfOutbid === 1,
    tiers: p.tiers?.map((tier) => ({ fromFen: required(tier.fromPrice, 'tiers.fromPrice'), incrementFen: required(tier.increment, 'tiers.increment') })),
    freeEndAt: p.freeEndTime,
    cycleMs: ms(p.cycleSec),
    decrementFen: p.decrement,
    dropIntervalMs: ms(p.dropIntervalSec),
    floorFen: p.floorPrice,
    finalWindowMs: ms(p.finalWindowSec),
    joinWindowMs: ms(p.joinWindowSec),
    ascendMs: ms(p.ascendSec),
  };
  return Object.fromEntries(Object.entries(out).filter(([, v]) => v !== undefined)) as Partial<ActivityPlanFields>;
}

/** A new activity's plan input (start price and increment required). */
export function activityPlanOf(p: z.output<typeof activityCreateParams>): ActivityPlanFields {
  return {
    ...activityChangesOf(p),
    assetsId: p.assetsId,
    mode: p.mode,
    startPriceFen: required(p.startPrice, 'startPrice'),
    incrementFen: required(p.increment, 'increment'),
    reserveFen: p.reservePrice ?? null,
    capFen: p.capPrice ?? null,
    allowSelfOutbid: p.allowSelfOutbid === 1,
  };
}
