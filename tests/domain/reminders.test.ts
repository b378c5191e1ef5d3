import { describe, expect, it } from 'vitest';
import { dueReminders, type ReminderLot } from '#domain/rules/reminders';

const MIN = 60_000;
const T = Date.UTC(2026, 10, 24, 6, 0, 0); // 14:00:00 China time
const lot: ReminderLot = { activityId: 7, name: '石家庄某办公楼', startTime: T, endTime: T + 60 * MIN };

describe('dueReminders', () => {
  it('nothing before the widest chosen lead opens', () => {
    expect(dueReminders([lot], T - 10 * MIN - 1000, [10, 1], new Set())).toEqual([]);
  });

  it('the 10-minute reminder from 10 minutes before, saying the real time left and the China time', () => {
    const [due, ...rest] = dueReminders([lot], T - 10 * MIN, [10, 1], new Set());
    expect(rest).toEqual([]);
    expect(due).toMatchObject({ key: '7:start:10', kind: 'start', title: '「石家庄某办公楼」10 分钟后开始竞价' });
    expect(due!.body).toContain('14:00:00');
  });

  it('opening 3 minutes before gives one reminder (the nearest open lead), then the 1-minute one', () => {
    const fired = new Set<string>();
    const first = dueReminders([lot], T - 3 * MIN, [1, 10], fired);
    expect(first.map((r) => r.key)).toEqual(['7:start:10']);
    expect(first[0]!.title).toBe('「石家庄某办公楼」3 分钟后开始竞价');
    fired.add(first[0]!.key);
    expect(dueReminders([lot], T - 2 * MIN, [1, 10], fired)).toEqual([]);
    const second = dueReminders([lot], T - 45_000, [1, 10], fired);
    expect(second.map((r) => [r.key, r.title])).toEqual([['7:start:1', '「石家庄某办公楼」45 秒后开始竞价']]);
  });

  it('reminds before the end too; nothing at or after the moment; no leads, no reminders', () => {
    expect(dueReminders([lot], T + 59 * MIN, [10, 1], new Set()).map((r) => r.key)).toEqual(['7:end:1']);
    expect(dueReminders([lot], T + 60 * MIN, [10, 1], new Set())).toEqual([]);
    expect(dueReminders([lot], T - MIN, [], new Set())).toEqual([]);
  });
});
