import { Alert, Descriptions, Table, Tag } from 'antd';
import { Result } from '@/components/Result';
import { useSearch } from '@tanstack/react-router';
import { QueryState } from '@/components/QueryState';
import { UserCentreFrame } from '@/components/UserCentreFrame';
import { cardColumns, TABLE_CARDS } from '@/components/phoneCards';
import { Money } from '@/components/Money';
import type { DemandMatch } from '#domain/contract/userFiles';
import { useDemand } from '../api/demands';
import type { DemandSearch } from '../search';
import { DEMAND_COLOR } from './MyServicePage';

/** /demandDetail?id: the exchange's answer to a demand, and the listings published since that match it. */
export function DemandDetailPage() {
  const { id } = useSearch({ strict: false }) as DemandSearch;
  const query = useDemand(id);
  return (
    <UserCentreFrame title="需求答复" extra={<a href="#/myService">返回我的服务</a>}>
      {id === undefined ? (
        <Result status="warning" title="缺少需求编号" extra={<a href="#/myService">返回我的服务</a>} />
      ) : (
        <QueryState query={query} isEmpty={() => false} back={{ href: '#/myService', label: '返回我的服务' }}>
          {(d) => (
            <>
              <Descriptions size="small" column={3} style={{ marginBottom: 12 }}>
                <Descriptions.Item label="需求编号">{d.demandCode}</Descriptions.Item>
                <Descriptions.Item label="条件">{[d.typeText, d.region, d.priceText, ...d.keywords].join(' · ')}</Descriptions.Item>
                <Descriptions.Item label="状态">
                  <Tag color={DEMAND_COLOR[d.status]}>{d.statusText}</Tag>
                </Descriptions.Item>
              </Descriptions>
              {d.answer ? (
                <Alert type="success" showIcon title={`交易所答复（${d.answerTime}）`} description={d.answer} style={{ marginBottom: 16 }} />
              ) : (
                <Alert type="info" showIcon title="交易所尚未答复，我们会尽快与您联系" style={{ marginBottom: 16 }} />
              )}
              <h3 style={{ margin: '8px 0 12px' }}>匹配的挂牌项目</h3>
              <Table<DemandMatch>
                className={TABLE_CARDS}
                size="small"
                rowKey="assetsId"
                pagination={false}
                dataSource={d.matches}
                locale={{ emptyText: '暂无匹配的项目，新项目挂牌时将通知您' }}
                columns={cardColumns<DemandMatch>([
                  { title: '项目名称', dataIndex: 'assetsName', card: 'title', render: (v: string, m) => <a href={`#/projectDetail/${m.assetsId}.html`}>{v}</a> },
                  { title: '项目编号', dataIndex: 'projectCode', width: 190 },
                  { title: '所在地', dataIndex: 'region', width: 140 },
                  { title: '挂牌价格', dataIndex: 'startPrice', width: 150, render: (v: number | null) => (v === null ? '面议' : <Money yuan={v} />) },
                  { title: '匹配时间', dataIndex: 'matchTime', width: 160 },
                ])}
              />
            </>
          )}
        </QueryState>
      )}
    </UserCentreFrame>
  );
}
