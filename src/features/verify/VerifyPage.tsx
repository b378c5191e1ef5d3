import '@/styles/verify.css';
import { useEffect, useId, useState } from 'react';
import { Alert, Button, Input, InputNumber, Spin } from 'antd';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { BidRecordLinks } from '@/components/BidRecordLinks';
import { runVerification, type VerifyJob, type VerifyOutcome } from './verify';
import { RecordBids, VerifyVerdict } from './components/VerifyResult';

type State = { status: 'idle' } | { status: 'checking' } | { status: 'done'; outcome: VerifyOutcome } | { status: 'error'; message: string };

/** Runs the current job; a newer job makes an older answer stale. */
function useVerification(job: VerifyJob | null): State {
  const [state, setState] = useState<State>({ status: 'idle' });
  useEffect(() => {
    if (!job) return;
    let current = true;
    setState({ status: 'checking' });
    runVerification(job).then(
      (outcome) => current && setState({ status: 'done', outcome }),
      (error: unknown) => current && setState({ status: 'error', message: error instanceof Error ? error.message : '核验失败' }),
    );
    return () => {
      current = false;
    };
  }, [job]);
  return state;
}

/**
 * /verify — 竞价记录核验: anyone checks an 电子竞价记录 or an 出价凭证 in his own browser, trusting nothing the
 * server says about it (docs/bidding.md "The bid record"): choose the file(s), paste the JSON, or open
 * ?activityId= to fetch the exchange's published record. The answer is a list of checks, each 通过 / 不通过.
 */
export function VerifyPage() {
  const { activityId } = useSearch({ from: '/verify' });
  const navigate = useNavigate({ from: '/verify' });
  const [job, setJob] = useState<VerifyJob | null>(activityId ? { kind: 'published', activityId } : null);
  const [pasted, setPasted] = useState('');
  const [wanted, setWanted] = useState<number | null>(activityId ?? null);
  const [fileKey, setFileKey] = useState(0);
  const state = useVerification(job);
  const ids = { file: useId(), paste: useId(), activity: useId(), result: useId() };

  // Opening ?activityId= (a link from a result page, or the field below) checks that published record.
  const [shownFor, setShownFor] = useState(activityId);
  if (activityId !== shownFor) {
    setShownFor(activityId);
    if (activityId) setJob({ kind: 'published', activityId });
  }

  const onFiles = async (files: FileList | null) => {
    if (!files || files.length === 0) return;
    const texts = await Promise.all(Array.from(files, async (file) => ({ name: file.name, text: await file.text() })));
    setJob({ kind: 'texts', texts });
    // The same file chosen again (changed on disk) must fire `change` again.
    setFileKey((k) => k + 1);
  };

  return (
    <div className="verify-page">
      <header className="verify-page__head">
        <h1 className="verify-page__title">
          <SafetyCertificateOutlined aria-hidden /> 竞价记录核验
        </h1>
        <p className="verify-page__lead">
          核验交易所公布的电子竞价记录或您的出价凭证：逐笔重新计算 SHA-256 哈希链，用交易所公钥核验链头签名和凭证签名（Ed25519），核对 RFC 3161
          时间戳。全部计算在您的浏览器中完成，不依赖服务器的核验结论；文件不会上传。
        </p>
      </header>
      <div className="verify-page__grid">
        <section className="verify-card verify-input" aria-labelledby={`${ids.file}-title`}>
          <h2 className="verify-card__title" id={`${ids.file}-title`}>
            选择要核验的内容
          </h2>
          <div className="verify-input__row">
            <label className="verify-input__label" htmlFor={ids.file}>
              选择文件（电子竞价记录或出价凭证 JSON，可同时选择两个）
            </label>
            <input
              key={fileKey}
              id={ids.file}
              className="verify-input__file"
              type="file"
              accept=".json,application/json"
              multiple
              data-testid="verify-file"
              onChange={(event) => void onFiles(event.currentTarget.files)}
            />
          </div>
          <div className="verify-input__row">
            <label className="verify-input__label" htmlFor={ids.paste}>
              或粘贴 JSON 内容
            </label>
            <Input.TextArea id={ids.paste} rows={5} value={pasted} onChange={(e) => setPasted(e.target.value)} placeholder='{"activityId": …, "bids": […], …} 或出价凭证 {"signed": {…}, "signature": "…", …}' />
            <Button className="verify-input__action" disabled={pasted.trim() === ''} onClick={() => setJob({ kind: 'texts', texts: [{ name: null, text: pasted }] })}>
              核验粘贴的内容
            </Button>
          </div>
          <form
            className="verify-input__row"
            aria-label="按竞价活动获取记录"
            onSubmit={(event) => {
              event.preventDefault();
              if (wanted) {
                if (wanted === activityId) setJob({ kind: 'published', activityId: wanted });
                else void navigate({ search: { activityId: wanted } });
              }
            }}
          >
            <label className="verify-input__label" htmlFor={ids.activity}>
              或按竞价活动编号获取交易所公布的记录
            </label>
            <div className="verify-input__inline">
              <InputNumber id={ids.activity} min={1} precision={0} value={wanted} onChange={(v) => setWanted(typeof v === 'number' ? v : null)} placeholder="竞价活动 ID" />
              <Button htmlType="submit" disabled={!wanted}>
                获取并核验
              </Button>
            </div>
          </form>
        </section>
        <section className="verify-card verify-result" aria-labelledby={ids.result} aria-live="polite" aria-busy={state.status === 'checking'} data-testid="verify-result">
          <h2 className="verify-card__title" id={ids.result}>
            核验结果
          </h2>
          {state.status === 'idle' && <p className="verify-result__empty">选择文件、粘贴内容或输入竞价活动编号后，这里列出每一项核验及其结论。</p>}
          {state.status === 'checking' && (
            <p className="verify-result__empty">
              <Spin size="small" /> 正在核验…
            </p>
          )}
          {state.status === 'error' && <Alert type="error" showIcon title={state.message} data-testid="verify-error" />}
          {state.status === 'done' && <VerifyVerdict report={state.outcome.report} source={state.outcome.source} />}
          {state.status === 'done' && job?.kind === 'published' && <BidRecordLinks activityId={job.activityId} verifyLink={false} />}
        </section>
      </div>
      {state.status === 'done' && state.outcome.record && <RecordBids record={state.outcome.record} brokenSeq={state.outcome.report.brokenBid?.seq ?? null} />}
    </div>
  );
}
