/** One lot: its details, its stage, its pending approval, its timeline problems and its auctions. */
import { Alert, Button, Card, Descriptions, Space, Table, Tag } from 'antd';
import { Link, useSearch } from '@tanstack/react-router';
import { DISCLOSURE_SECTIONS } from '#domain/contract/projects';
import type { StaffActivity, StaffLotDetail } from '#domain/contract/staffLots';
import { auctionOutcomeLabel, LOT_ASSET_CLASS_LABELS } from '#domain/rules/lotTimeline';
import { yuan } from '../../components/chinaTimeInput';
import { QueryArea } from '../../layout/RouteStates';
import { useLot } from './api';
import { FormalListingCard } from './FormalListingCard';
import { RoadshowsCard } from '../../components/roadshows/RoadshowsCard';
import { NATURE_OPTIONS, PRICE_TYPE_OPTIONS, STAGE_COLOURS, TYPE_OPTIONS } from './labels';

const labelOf = (options: { value: number; label: string }[], value: number) => options.find((o) => o.value === value)?.label ?? String(value);
const STATUS = { scheduled: '未开始', live: '进行中', ended: '已结束' } as const;

function Details({ lot }: { lot: StaffLotDetail }) {
  const f = lot.fields;
  return (
    <Descriptions bordered size="small" column={3} className="console-note">
      <Descriptions.Item label="项目编号">{lot.projectCode || '—'}</Descriptions.Item>
      <Descriptions.Item label="项目类型">{labelOf(TYPE_OPTIONS, f.typeCode)}</Descriptions.Item>
      <Descriptions.Item label="项目性质">{labelOf(NATURE_OPTIONS, f.projectNature)}</Descriptions.Item>
      <Descriptions.Item label="资产类别">{LOT_ASSET_CLASS_LABELS[f.assetClass]}</Descriptions.Item>
      <Descriptions.Item label="价格方式">{labelOf(PRICE_TYPE_OPTIONS, f.priceType)}</Descriptions.Item>
      <Descriptions.Item label="挂牌价格">
        {f.priceType === 3 ? '面议' : yuan(f.startPrice)}
        {f.priceUnit && ` / ${f.priceUnit}`}
      </Descriptions.Item>
      <Descriptions.Item label="保证金">{yuan(f.depositAmount)}</Descriptions.Item>
      <Descriptions.Item label="评估价值">{yuan(f.appraisedValue)}</Descriptions.Item>
      <Descriptions.Item label="托管项目">{f.managed ? '是' : '否'}</Descriptions.Item>
      <Descriptions.Item label="公告开始">{f.announcementStartTime || '—'}</Descriptions.Item>
      <Descriptions.Item label="报名截止">{f.enrolEndTime || '—'}</Descriptions.Item>
      <Descriptions.Item label="保证金截止">{f.depositEndTime || '同报名截止'}</Descriptions.Item>
      <Descriptions.Item label="所在地区">{[f.city, f.county].filter(Boolean).join(' ') || '—'}</Descriptions.Item>
      <Descriptions.Item label="挂牌机构">{f.orgName || '—'}</Descriptions.Item>
      <Descriptions.Item label="转让方">{f.transferorName || '—'}</Descriptions.Item>
      <Descriptions.Item label="联系人">{[f.contactName, f.contactPhone].filter(Boolean).join(' ') || '—'}</Descriptions.Item>
      <Descriptions.Item label="附件" span={2}>
        {lot.attachments.length === 0 ? '—' : lot.attachments.map((a) => a.fileName).join('、')}
        {lot.photo && `（封面：${lot.photo.fileName}）`}
      </Descriptions.Item>
    </Descriptions>
  );
}

export function LotPage() {
  const ref = useSearch({ from: '/staff/lots/view' });
  const query = useLot(ref);
  return (
    <div className="console-page">
      <QueryArea query={query}>
        {(lot) => (
          <>
            <div className="console-page__head">
              <div>
                <h1 className="console-title">{lot.assetsName}</h1>
                <Space size={4}>
                  <Tag color={STAGE_COLOURS[lot.stage] ?? 'blue'}>{lot.stageLabel}</Tag>
                  {lot.listingState && <Tag>{lot.listingState}</Tag>}
                  {lot.locked && <Tag>字段已锁定</Tag>}
                </Space>
              </div>
              <Space>
                {lot.draftId !== null && !lot.locked && lot.pendingApprovalId === null && (
                  <Link to="/lots/edit" search={{ draftId: lot.draftId }}>
                    <Button>编辑</Button>
                  </Link>
                )}
                {lot.assetsId !== null && (
                  <Link to="/auctions" search={{ assetsId: lot.assetsId }}>
                    <Button type="primary">竞价活动</Button>
                  </Link>
                )}
              </Space>
            </div>
            {lot.pendingApprovalId !== null && (
              <Alert
                type="warning"
                showIcon
                className="console-note"
                title={`复核单 #${lot.pendingApprovalId} 待复核`}
                description={
                  <>
                    须由另一位工作人员在 <Link to="/approvals" search={{ kind: 'lot.publish' }}>待复核</Link> 通过后生效。
                  </>
                }
              />
            )}
            {lot.problems.length > 0 && (
              <Alert
                type="error"
                showIcon
                className="console-note"
                title={lot.stage === 'preDisclosure' ? '正式挂牌前须解决以下问题' : '时间线检查'}
                description={
                  <ul className="console-problems">
                    {lot.problems.map((p) => (
                      <li key={p}>{p}</li>
                    ))}
                  </ul>
                }
              />
            )}
            {lot.stage === 'preDisclosure' && lot.pendingApprovalId === null && <FormalListingCard lot={lot} />}
            <Details lot={lot} />
            <Card title="竞价活动" size="small" className="console-note">
              <Table<StaffActivity>
                rowKey="activityId"
                size="small"
                pagination={false}
                dataSource={lot.activities}
                locale={{ emptyText: lot.assetsId === null ? '项目发布后可创建竞价' : '暂无竞价活动' }}
                columns={[
                  { title: '编号', dataIndex: 'activityCode', render: (t: string) => <span className="console-mono">{t}</span> },
                  { title: '方式', dataIndex: 'modeName' },
                  { title: '状态', render: (_, a) => `${STATUS[a.status]}${a.outcome ? `（${auctionOutcomeLabel(a.outcome)}）` : ''}` },
                  { title: '时间', render: (_, a) => <span className="tabular">{a.startTime} — {a.endTime}</span> },
                  { title: '起始价', align: 'right', render: (_, a) => yuan(a.startPrice) },
                  { title: '当前价', align: 'right', render: (_, a) => yuan(a.currentPrice) },
                  { title: '出价', dataIndex: 'bidCount', align: 'right' },
                ]}
              />
            </Card>
            {/* 路演 (issue 26): the lot's roadshows, once it is published. */}
            {lot.assetsId !== null && <RoadshowsCard assetsId={lot.assetsId} />}
            <Card title="信息披露" size="small" className="console-note">
              {DISCLOSURE_SECTIONS.map((s) => (
                <section key={s.key} className="console-section">
                  <h3>{s.title}</h3>
                  {/* Sanitised by the server before it is stored. */}
                  <div className="console-html" dangerouslySetInnerHTML={{ __html: lot.fields.sections[s.key] || '<p>—</p>' }} />
                </section>
              ))}
            </Card>
          </>
        )}
      </QueryArea>
    </div>
  );
}
