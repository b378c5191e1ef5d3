/** 项目: drafts, lots waiting for their publication's approval and published lots; search by name or code. */
import { Button, Input, Select, Space, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import type { StaffLotSummary } from '#domain/contract/staffLots';
import { yuan } from '../../components/chinaTimeInput';
import { QueryArea } from '../../layout/RouteStates';
import { LOTS_PAGE_SIZE, useLots } from './api';
import { LOT_LIST_STATES, STAGE_COLOURS } from './labels';

export function LotsPage() {
  const search = useSearch({ from: '/staff/lots' });
  const navigate = useNavigate({ from: '/lots' });
  const query = useLots(search);

  const columns: TableColumnsType<StaffLotSummary> = [
    {
      title: '项目',
      render: (_, lot) => (
        <>
          <Link to="/lots/view" search={{ draftId: lot.draftId ?? undefined, assetsId: lot.assetsId ?? undefined }}>
            {lot.assetsName || '（未命名）'}
          </Link>
          <div className="console-small console-mono">{lot.projectCode || (lot.draftId ? `草稿 #${lot.draftId}` : '')}</div>
        </>
      ),
    },
    {
      title: '状态',
      width: 220,
      render: (_, lot) => (
        <Space size={4} wrap>
          <Tag color={STAGE_COLOURS[lot.stage] ?? 'blue'}>{lot.stageLabel}</Tag>
          {lot.listingState && <Tag>{lot.listingState}</Tag>}
          {lot.pendingApprovalId !== null && <Tag color="orange">待复核</Tag>}
        </Space>
      ),
    },
    { title: '挂牌价格', width: 160, align: 'right', render: (_, lot) => <span className="tabular">{yuan(lot.startPrice)}</span> },
    { title: '报名截止', dataIndex: 'enrolEndTime', width: 170, render: (text: string) => <span className="tabular">{text || '—'}</span> },
    { title: '更新', dataIndex: 'updateTime', width: 170, render: (text: string) => <Typography.Text type="secondary" className="tabular">{text}</Typography.Text> },
    {
      title: '操作',
      width: 160,
      render: (_, lot) => (
        <Space>
          {lot.draftId !== null && lot.assetsId === null && lot.pendingApprovalId === null && (
            <Link to="/lots/edit" search={{ draftId: lot.draftId }}>
              编辑
            </Link>
          )}
          {lot.assetsId !== null && (
            <Link to="/auctions" search={{ assetsId: lot.assetsId }}>
              竞价活动
            </Link>
          )}
        </Space>
      ),
    },
  ];

  return (
    <div className="console-page">
      <div className="console-page__head">
        <h1 className="console-title">项目</h1>
        <Link to="/lots/edit" search={{}}>
          <Button type="primary">新建项目</Button>
        </Link>
      </div>
      <Space className="console-filters" wrap>
        <Select
          aria-label="状态"
          style={{ width: 140 }}
          value={search.state ?? 'all'}
          onChange={(state: string) => void navigate({ search: { ...search, state: state === 'all' ? undefined : (state as 'draft'), current: undefined } })}
          options={LOT_LIST_STATES}
        />
        <Input.Search
          aria-label="搜索项目"
          placeholder="项目名称或编号"
          allowClear
          defaultValue={search.q}
          style={{ width: 300 }}
          onSearch={(q) => void navigate({ search: { ...search, q: q.trim() || undefined, current: undefined } })}
        />
      </Space>
      <QueryArea query={query}>
        {(page) => (
          <Table<StaffLotSummary>
            rowKey={(lot) => `${lot.draftId ?? ''}-${lot.assetsId ?? ''}`}
            columns={columns}
            dataSource={page.records}
            loading={query.isFetching}
            locale={{ emptyText: '没有符合条件的项目' }}
            pagination={{
              current: page.current,
              pageSize: LOTS_PAGE_SIZE,
              total: page.total,
              showSizeChanger: false,
              showTotal: (total) => `共 ${total} 个`,
              onChange: (current) => void navigate({ search: { ...search, current } }),
            }}
          />
        )}
      </QueryArea>
    </div>
  );
}
