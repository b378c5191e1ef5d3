import { useState } from 'react';
import { Alert, App, Button, Card, Col, Row, Steps, Tag } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useSearch } from '@tanstack/react-router';
import type { ContractDetail } from '#domain/contract/tradeContract';
import { signContract, useContractUpdated } from '../api/contracts';
import { ContractShell } from '../components/ContractShell';
import { FaceStep } from '../components/FaceStep';
import { PdfPreview } from '../components/PdfPreview';
import { SignaturePad, type SignatureMarkValue } from '../components/SignaturePad';
import type { ContractSearch } from '../search';
import '@/styles/contracts.css';

/** Who signs in which order, who signed already, and the exchange's seal last. */
function SignProgress({ c }: { c: ContractDetail }) {
  const current = c.state === 'sealed' ? c.parties.length + 1 : c.parties.findIndex((p) => !p.signed);
  return (
    <Steps
      direction="vertical"
      size="small"
      current={current < 0 ? c.parties.length : current}
      items={[
        ...c.parties.map((p) => ({
          title: (
            <span>
              {p.roleText}：{p.name} {p.isMe && <Tag>我</Tag>}
            </span>
          ),
          description: p.signed ? `已签署 ${p.signTime}` : c.nextSigner === p.name && c.state === 'signing' ? '待签署（当前）' : '待签署',
          status: p.signed ? ('finish' as const) : c.state === 'signing' && c.parties.findIndex((x) => !x.signed) === c.parties.indexOf(p) ? ('process' as const) : ('wait' as const),
        })),
        {
          title: '鉴证方：河北产权交易所',
          description: c.state === 'sealed' ? `已盖章 ${c.sealedTime}` : '各方签署后加盖鉴证章',
          status: c.state === 'sealed' ? ('finish' as const) : ('wait' as const),
        },
      ]}
    />
  );
}

function SignForm({ c }: { c: ContractDetail }) {
  const me = c.parties.find((p) => p.isMe)!;
  const [mark, setMark] = useState<SignatureMarkValue | null>(null);
  const [faceToken, setFaceToken] = useState<string | null>(null);
  const { message } = App.useApp();
  const updated = useContractUpdated();
  const sign = useMutation({
    mutationFn: () => signContract({ id: c.id, faceToken: faceToken ?? '', markKind: me.kind === 'org' ? 'seal' : mark!.kind, markPng: me.kind === 'org' ? '' : mark!.png }),
    onSuccess: async (next) => {
      void message.success(next.state === 'signed' ? '签署完成，合同已由各方签署' : '签署完成');
      setFaceToken(null);
      await updated(next);
    },
  });
  const ready = faceToken !== null && (me.kind === 'org' || mark !== null);
  return (
    <div className="contract-sign">
      <h3>1. 签名</h3>
      {me.kind === 'org' ? (
        <p className="contract-note">机构使用经交易机构审核通过的电子印章签署。尚未申请的，请先 <a href="#/contract/seal/apply">申请用印</a>。</p>
      ) : (
        <SignaturePad defaultName={me.name} onChange={setMark} />
      )}
      <h3>2. 人脸核验</h3>
      {faceToken ? <Alert type="success" showIcon title="人脸核验已通过" /> : <FaceStep contractId={c.id} onVerified={setFaceToken} />}
      <h3>3. 签署</h3>
      <Button type="primary" size="large" disabled={!ready} loading={sign.isPending} onClick={() => sign.mutate()}>
        确认签署
      </Button>
      {!ready && <span className="contract-note" style={{ marginLeft: 12 }}>{me.kind === 'org' ? '请先完成人脸核验' : '请先签名并完成人脸核验'}</span>}
    </div>
  );
}

/** /usercenter/contract/sign: the frozen PDF, who signed already, and — on this party's turn — the signature, the face check, sign. */
export function SignPage() {
  const { id } = useSearch({ strict: false }) as ContractSearch;
  return (
    <ContractShell id={id} title="合同签署" here="/usercenter/contract/sign">
      {(c) => (
        <Row gutter={16}>
          <Col xs={24} lg={15}>
            <Card size="small" className="contract-card" title={c.state === 'sealed' ? '签署版合同（已盖章）' : c.state === 'signed' ? '签署版合同' : '定稿合同'}>
              {c.canDownload ? (
                <PdfPreview id={c.id} name={`${c.title}-${c.contractCode}${c.state === 'sealed' ? '（已盖章）' : ''}.pdf`} stamp={`${c.state}-${c.parties.filter((p) => p.signed).length}`} />
              ) : (
                <Alert type="info" showIcon title="合同尚未经各方确认定稿" />
              )}
            </Card>
          </Col>
          <Col xs={24} lg={9}>
            <Card size="small" className="contract-card" title="签署进度">
              <SignProgress c={c} />
            </Card>
            <Card size="small" className="contract-card" title="我的签署">
              {c.canSign ? (
                <SignForm c={c} />
              ) : c.parties.find((p) => p.isMe)?.signed ? (
                <Alert type="success" showIcon title="您已签署本合同" />
              ) : c.state === 'signing' ? (
                <Alert type="info" showIcon title={`尚未轮到您签署，当前待「${c.nextSigner ?? ''}」签署`} />
              ) : (
                <Alert type="info" showIcon title={`合同当前为「${c.stateText}」`} />
              )}
            </Card>
          </Col>
        </Row>
      )}
    </ContractShell>
  );
}
