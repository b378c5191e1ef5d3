/**
 * The work system's demo: a draft lot op_auction prepared, its publication waiting for a second member
 * (a pending lot.publish item prepared by op_auction, so op_admin can approve it in the console), and
 * one news article scheduled two days ahead (public only from then on). Idempotent by natural key
 * (LOT-DEMO-0001, XW-STAFF-SCHEDULED-1): a re-run inserts nothing. Neither shows in a public list.
 */
import type { Kysely } from 'kysely';
import { formatChinaTime } from '#domain/rules/chinaTime';
import { addWorkingDays } from '#domain/rules/settlement';
import type { Database } from '../db/schema.ts';
import type { LotFieldsStored } from '../services/staff/lots.ts';

const DAY = 86_400_000;
export const DEMO_DRAFT_CODE = 'LOT-DEMO-0001';
export const DEMO_SCHEDULED_NEWS = 'XW-STAFF-SCHEDULED-1';

/** Rows inserted (0 on a re-run). */
export async function seedStaffLots(db: Kysely<Database>, now: number): Promise<number> {
  let inserted = 0;
  const preparer = await db.selectFrom('staff').select(['id']).where('login_name', '=', 'op_auction').executeTakeFirst();
  const exists = await db.selectFrom('lot_draft').select('id').where('draft_code', '=', DEMO_DRAFT_CODE).executeTakeFirst();
  if (preparer && !exists) {
    // Listed from three days on for 25 working days (state-owned equity needs 20); deposit a day later.
    const start = Math.floor((now + 3 * DAY) / 60_000) * 60_000;
    const end = addWorkingDays(start, 25);
    const fields: LotFieldsStored = {
      assetsName: '石家庄某国有企业持有的河北冀联物流有限公司35%股权',
      typeCode: 1,
      projectNature: 1,
      assetClass: 'stateEquity',
      priceType: 1,
      startPriceFen: 1_268_000_000,
      priceUnit: '元',
      priceOther: '',
      depositFen: 250_000_000,
      appraisedFen: 1_268_000_000,
      announcementStartAt: start,
      enrolmentEndAt: end,
      depositEndAt: end + DAY,
      city: '石家庄市',
      county: '长安区',
      orgName: '河北产权市场',
      transferorName: '石家庄某国有投资控股有限公司',
      contactName: '周建华',
      contactPhone: '0311-86012099',
      managed: false,
      sections: {
        announcement: '<p>受转让方委托，河北产权市场公开挂牌转让河北冀联物流有限公司35%股权，欢迎符合条件的意向受让方报名。</p>',
        transferor: '<p>转让方为石家庄某国有投资控股有限公司，持有标的企业35%股权。</p>',
        target: '<p>标的企业主营道路货物运输与仓储，经审计评估，转让标的评估值为1268万元。</p>',
        tradeNotice: '<p>意向受让方须在报名截止前交纳保证金250万元，采用网络竞价（多次报价）方式确定受让方。</p>',
        buyerAptitude: '<p>意向受让方应为依法设立并有效存续的企业法人，具有良好的财务状况和商业信用。</p>',
        riskWarning: '<p>意向受让方应自行了解标的企业的经营状况，并承担相应风险。</p>',
      },
    };
    const row = await db
      .insertInto('lot_draft')
      .values({ draft_code: DEMO_DRAFT_CODE, data: JSON.stringify(fields), project_id: null, created_by: preparer.id, created_at: now, updated_at: now, published_at: null })
      .onConflict((oc) => oc.column('draft_code').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (row) {
      inserted += 1;
      await db
        .insertInto('staff_approval')
        .values({
          kind: 'lot.publish',
          subject: `lotDraft:${row.id}`,
          summary: `发布项目「${fields.assetsName}」（${DEMO_DRAFT_CODE}）：公告 ${formatChinaTime(start)} 起，报名截止 ${formatChinaTime(end)}，挂牌价格 12680000 元`,
          payload: JSON.stringify({ action: 'publish', draftId: Number(row.id), updatedAt: now, assetsName: fields.assetsName }),
          state: 'pending',
          prepared_by: preparer.id,
          prepared_at: now,
          decided_by: null,
          decided_at: null,
          reason: '',
          result: null,
        })
        .execute();
      inserted += 1;
    }
  }
  const plate = await db.selectFrom('news_plate').select('id').where('code', '=', 'jysdt').executeTakeFirst();
  if (plate) {
    const result = await db
      .insertInto('news')
      .values({
        ref_code: DEMO_SCHEDULED_NEWS,
        plate_id: plate.id,
        title: '河北产权市场工作系统上线：项目发布实行双人复核',
        summary: '项目发布、已发布竞价的修改、转账确认与付款均须另一位工作人员复核，所有操作留痕可查。',
        img_src: '',
        is_outer_link: 0,
        outer_link_url: '',
        source: '河北产权市场',
        content: '<p>为进一步规范交易流程，我所工作系统正式上线。项目发布、已发布竞价的修改、银行转账确认、保证金没收和向转让方付款均实行双人复核，所有操作记录操作人、时间及前后内容，可查询、可导出。</p>',
        publish_at: Math.floor((now + 2 * DAY) / 60_000) * 60_000,
        created_at: now,
      })
      .onConflict((oc) => oc.column('ref_code').doNothing())
      .executeTakeFirst();
    inserted += Number(result.numInsertedOrUpdatedRows ?? 0n);
  }
  return inserted;
}
