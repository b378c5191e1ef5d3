import { Alert, Tag } from 'antd';
import { CheckCircleFilled, CloseCircleFilled, InfoCircleFilled } from '@ant-design/icons';
import type { BidRecordAnswer } from '#domain/contract/bidReceipt';
import { CHECK_STATUS_TEXT, chinaTimeMs, type CheckStatus, type VerifyReport } from '#domain/rules/bidRecordVerify';
import { formatYuan } from '#domain/rules/money';
import { ProxyMark } from '@/components/ProxyMark';

const STATUS_ICON: Record<CheckStatus, React.ReactNode> = {
  pass: <CheckCircleFilled aria-hidden />,
  fail: <CloseCircleFilled aria-hidden />,
  note: <InfoCircleFilled aria-hidden />,
};
const STATUS_COLOUR: Record<CheckStatus, string> = { pass: 'success', fail: 'error', note: 'default' };

/** The checks, each 通过 / 不通过 / 说明 with its sentence. */
export function CheckList({ report }: { report: VerifyReport }) {
  return (
    <ul className="verify-checks" data-testid="verify-checks">
      {report.checks.map((check) => (
        <li key={check.key} className={`verify-check verify-check--${check.status}`} data-status={check.status}>
          <Tag className="verify-check__tag" color={STATUS_COLOUR[check.status]} icon={STATUS_ICON[check.status]}>
            {CHECK_STATUS_TEXT[check.status]}
          </Tag>
          <span className="verify-check__text">{check.text}</span>
        </li>
      ))}
    </ul>
  );
}

/** The verdict in one line, the source, the checks. */
export function VerifyVerdict({ report, source }: { report: VerifyReport; source: string }) {
  return (
    <>
      <Alert type={report.valid ? 'success' : 'error'} showIcon title={report.title} data-testid="verify-verdict" />
      <p className="verify-result__source">核验对象：{source}</p>
      <CheckList report={report} />
    </>
  );
}

/** The record's bids as checked, the first broken one marked. */
export function RecordBids({ record, brokenSeq }: { record: BidRecordAnswer; brokenSeq: number | null }) {
  if (record.bids.length === 0) return null;
  return (
    <details className="verify-bids">
      <summary>出价明细（共 {record.bids.length} 笔）</summary>
      <div className="verify-bids__scroll">
        <table className="verify-bids__table">
          <caption className="visually-hidden">电子竞价记录中的出价</caption>
          <thead>
            <tr>
              <th scope="col">序号</th>
              <th scope="col">竞买号</th>
              <th scope="col">金额（元）</th>
              <th scope="col">出价时间</th>
              <th scope="col">哈希</th>
            </tr>
          </thead>
          <tbody>
            {[...record.bids]
              .sort((a, b) => a.seq - b.seq)
              .map((b) => (
                <tr key={`${b.seq}-${b.hash}`} className={b.seq === brokenSeq ? 'verify-bids__broken' : undefined}>
                  <td className="tabular">{b.seq}</td>
                  <td className="tabular">
                    {b.bidCode}
                    {b.proxy === true && <ProxyMark />}
                  </td>
                  <td className="tabular">{typeof b.amount === 'number' ? formatYuan(b.amount, { suffix: '' }) : String(b.amount)}</td>
                  <td className="tabular">{Number.isFinite(b.serverTime) ? chinaTimeMs(b.serverTime) : '--'}</td>
                  <td className="verify-bids__hash" title={b.hash}>
                    {String(b.hash).slice(0, 16)}…
                  </td>
                </tr>
              ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
