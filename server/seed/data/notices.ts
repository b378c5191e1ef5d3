/**
 * Demo notices derived from the demo projects: listing announcements for enrolling projects,
 * transaction announcements and result notices for concluded ones, plus two general notices.
 * Notice types: 1 挂牌公告, 2 成交公告, 3 结果公示 (services/content/trading-notices.ts).
 */
import { announcementHtml } from '#domain/rules/announcement';
import { sanitizeRichText } from '../../services/common/rich-text.ts';
import { announcementLotOf, detailFor } from './projects-detail.ts';
import { STATES, type ProjectSeed } from './projects.ts';

export interface NoticeSeed {
  code: string;
  type: 1 | 2 | 3;
  title: string;
  /** project_code of the project it announces, if any. */
  projectCode: string | null;
  content: string;
  publishAt: number;
  frontPage: boolean;
}

const DAY = 86_400_000;
const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
const esc = (s: string) => s.replace(/[&<>"]/g, (c) => HTML_ESCAPES[c]!);

export function demoNotices(projects: readonly ProjectSeed[], now: number): NoticeSeed[] {
  const notices: NoticeSeed[] = [];
  const enrolling = projects.filter((p) => p.state === STATES.enrolling).slice(0, 12);
  const done = projects.filter((p) => p.state === STATES.dealDone).slice(0, 10);
  const results = projects.filter((p) => p.state === STATES.dealDone || p.state === STATES.ended).slice(10, 16);

  enrolling.forEach((p, i) => {
    notices.push({
      code: `GG1-${p.project_code}`,
      type: 1,
      title: `${p.assets_name}挂牌公告`,
      projectCode: p.project_code,
      // The project's announcement, as its 项目公告 tab says it (one builder: domain/rules/announcement.ts).
      content: sanitizeRichText(announcementHtml(announcementLotOf(p, detailFor(p)))),
      publishAt: p.announcement_start_at,
      frontPage: i < 5,
    });
  });
  done.forEach((p, i) => {
    notices.push({
      code: `GG2-${p.project_code}`,
      type: 2,
      title: `${p.assets_name}成交公告`,
      projectCode: p.project_code,
      content: `<p>“${esc(p.assets_name)}”（项目编号：${p.project_code}）已按规定程序成交，现予公告。</p>`,
      publishAt: Math.min(now - DAY, p.announcement_end_at + 3 * DAY),
      frontPage: i < 5,
    });
  });
  results.forEach((p, i) => {
    notices.push({
      code: `GG3-${p.project_code}`,
      type: 3,
      title: `${p.assets_name}交易结果公示`,
      projectCode: p.project_code,
      content: `<p>“${esc(p.assets_name)}”（项目编号：${p.project_code}）交易结果公示如下，公示期5个工作日。</p>`,
      publishAt: Math.min(now - DAY, p.announcement_end_at + DAY),
      frontPage: i < 4,
    });
  });
  notices.push(
    {
      code: 'GG2-MONTHLY-01',
      type: 2,
      title: '河北产权交易所上月成交项目汇总公告',
      projectCode: null,
      content: '<p>上月我所共完成各类交易项目156宗，详见附件成交项目清单。</p>',
      publishAt: now - 12 * DAY,
      frontPage: false,
    },
    {
      code: 'GG3-SUMMARY-01',
      type: 3,
      title: '行政事业单位资产处置项目交易结果汇总公示',
      projectCode: null,
      content: '<p>现将近期行政事业单位资产处置项目交易结果汇总公示，公示期5个工作日。</p>',
      publishAt: now - 20 * DAY,
      frontPage: false,
    },
  );
  return notices;
}
