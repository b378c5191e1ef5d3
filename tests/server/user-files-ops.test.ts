/**
 * `npm run ops -- appeal|demand|listing …` (runOps on a SQLite data directory, as the CLI runs): the same
 * steps as the operator API, with the state machine's refusals and the match message.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';
import { openDatabase } from '../../server/db/connection.ts';
import { runOps } from '../../server/ops/cli.ts';
import { prepareDatabase } from '../../server/seed/prepare.ts';

describe('npm run ops -- appeal / demand / listing', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-ops-files-'));
  const config = loadConfig({ PORTAL_DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'test' });
  const run = async (...argv: string[]) => {
    const lines: string[] = [];
    await runOps(argv, config, (line) => lines.push(line));
    return lines.join('\n');
  };

  beforeAll(async () => {
    const handle = openDatabase(config);
    await prepareDatabase(handle, { seed: true, now: Date.now(), dataDir });
    await handle.close();
  }, 60_000);
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('lists the demo appeal, refuses an illegal step, and answers a demand', async () => {
    // The one waiting is the staff queues' demo appeal (server/seed/staff-work.ts).
    expect(await run('appeal', 'list')).toMatch(/^#\d+\tSS-STAFF-DEMO-1\t已提交\tdemo_buyer\t/);
    const all = await run('appeal', 'list', '--all');
    expect(all).toMatch(/^#\d+\tSS-DEMO-0001\t已答复\tbidder01\t报名驳回\t/);
    const id = /^#(\d+)/.exec(all)![1]!;
    await expect(run('appeal', 'accept', id)).rejects.toThrow('当前状态不能执行该操作');
    await expect(run('appeal', 'reject', id)).rejects.toThrow('须用 --reason "原因" 说明原因');
    const demands = await run('demand', 'list', '--all');
    expect(demands).toMatch(/^#\d+\tXQ-DEMO-0001\t已答复\tbidder01\t实物资产\t/);
    const demandId = /^#(\d+)/.exec(demands)![1]!;
    expect(await run('demand', 'answer', demandId, '--answer', '新的答复')).toBe(`需求 #${demandId}（XQ-DEMO-0001）：已答复`);
  });

  it('publishes a listing and notifies the demands it matches', async () => {
    const handle = openDatabase(config);
    const demand = await handle.db.selectFrom('demand').select(['city', 'min_price_fen', 'max_price_fen']).where('demand_code', '=', 'XQ-DEMO-0001').executeTakeFirstOrThrow();
    await handle.close();
    const price = String(Math.round(Number(demand.max_price_fen) / 100) - 1);
    await expect(run('listing', 'publish', '--name', 'x', '--type', '9', '--city', demand.city, '--start-price', price, '--org', 'y')).rejects.toThrow('--type 须为');
    const out = await run('listing', 'publish', '--name', '命令行挂牌的设备一批', '--type', '2', '--city', demand.city, '--start-price', price, '--org', '某国有企业');
    expect(out).toMatch(/^已挂牌项目 #\d+（HBCQ-OPS\d{8}-\d{5}），通知了 1 条匹配的投资需求$/);
  });
});
