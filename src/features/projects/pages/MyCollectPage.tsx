import { useMemo } from 'react';
import { App, Button, Pagination, Popconfirm } from 'antd';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Price } from '@/components/Price';
import { QueryState } from '@/components/QueryState';
import { UserCentreFrame } from '@/components/UserCentreFrame';
import { LISTING_STATUS_LABELS } from '#domain/rules/listing';
import { isSealedLot } from '#domain/rules/liveValues';
import { lotStage } from '#domain/rules/lotState';
import { useLiveList, useLiveRow, type LiveBidRow, type LiveListStore } from '@/live';
import { ProjectLink } from '@/components/ProjectLink';
import type { CollectedAsset } from '#domain/contract/projects';
import { minuteText } from '#domain/rules/chinaTime';
import { useCollectList } from '../api/get-collect-list';
import { postCollectCancel } from '../api/post-collect-cancel';
import { ProjectCover } from '../components/ProjectCover';
import { StatusTag } from '../components/StatusTag';
import { LotPrice } from '@/components/LotPrice';

export const COLLECT_PAGE_SIZE = 10;

function CancelButton({ asset, onCancelled }: { asset: CollectedAsset; onCancelled: () => void }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const cancel = useMutation({
    mutationFn: () => postCollectCancel(asset.id),
    onSuccess: async () => {
      void message.success('已取消收藏');
      onCancelled();
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['projects', 'collect'] }),
        queryClient.invalidateQueries({ queryKey: ['projects', 'detail', asset.id] }),
      ]);
    },
  });
  return (
    <Popconfirm title="确定取消收藏该项目吗？" okText="确定" cancelText="再想想" onConfirm={() => cancel.mutateAsync()}>
      <Button size="small" loading={cancel.isPending} aria-label={`取消收藏 ${asset.assetsName}`}>
        取消收藏
      </Button>
    </Popconfirm>
  );
}

type WatchStore = LiveListStore<LiveBidRow>;

/** The live row of a favourite's auction (none without one, or before the first frame). */
function useAuctionRow(store: WatchStore, asset: CollectedAsset): LiveBidRow | undefined {
  return useLiveRow(store, asset.lot.activityId ?? -1)?.row;
}

/** The favourite's state, following its auction live (竞价中 → 已结束 the moment it ends). */
function LiveStatus({ store, asset }: { store: WatchStore; asset: CollectedAsset }) {
  const row = useAuctionRow(store, asset);
  const state = row && row.status !== asset.lot.activityStatus ? LISTING_STATUS_LABELS[lotStage(asset.listingState, { status: row.status, outcome: row.outcome })] : asset.state;
  return <StatusTag state={state} />;
}

/** The favourite's price: the live current price while its auction runs (not while sealed), else the lot's price. */
function LivePrice({ store, asset }: { store: WatchStore; asset: CollectedAsset }) {
  const row = useAuctionRow(store, asset);
  if (row && (row.status === 'live' || row.status === 'suspended') && asset.lot.mode !== null && !isSealedLot({ mode: asset.lot.mode, status: row.status })) {
    return (
      <span className="lot-price" data-lot-price="当前价">
        <small className="lot-price__label">当前价</small>
        <Price text={row.priceText} tooltip={row.priceTooltip} />
      </span>
    );
  }
  return <LotPrice asset={asset} />;
}

/**
 * 我的收藏 (auth): the user's favourites, newest first, each with a cancel; paged through the URL. In the
 * user centre's frame; the favourites in auction follow it live (one worker stream for the page's lots).
 */
export function MyCollectPage() {
  const { current = 1 } = useSearch({ from: '/_auth/myCollect' });
  const navigate = useNavigate({ from: '/myCollect' });
  const list = useCollectList(current, COLLECT_PAGE_SIZE);
  const goTo = (page: number) => void navigate({ search: { current: page > 1 ? page : undefined } });
  const activityIds = useMemo(
    () => [...new Set((list.data?.records ?? []).flatMap((a) => (a.lot.activityId === null ? [] : [a.lot.activityId])))].sort((a, b) => a - b),
    [list.data],
  );
  const store = useLiveList('watch', { activityIds });
  return (
    <UserCentreFrame title="我的收藏" extra={<a href="#/myWatch">打开竞价看板</a>}>
      <div className="my-collect">
        <QueryState query={list} isEmpty={(page) => page.total === 0} emptyHint="去交易中心看看感兴趣的项目吧" rows={6}>
          {(page) => (
            <>
              <table className="listing-table collect-table">
                <thead>
                  <tr>
                    <th scope="col">项目名称</th>
                    <th scope="col">价格</th>
                    <th scope="col">状态</th>
                    <th scope="col">收藏时间</th>
                    <th scope="col">操作</th>
                  </tr>
                </thead>
                <tbody>
                  {page.records.map((asset) => (
                    <tr key={asset.id}>
                      <td>
                        <div className="collect-table__name">
                          <ProjectCover src={asset.imgUrl} typeName={asset.typeName} className="collect-table__img" />
                          <span>
                            <ProjectLink project={{ assetsId: asset.id, projectType: asset.projectType }} title={asset.assetsName}>
                              {asset.assetsName}
                            </ProjectLink>
                            <small className="tabular">{asset.projectCode}</small>
                          </span>
                        </div>
                      </td>
                      <td className="listing-table__price">
                        <LivePrice store={store} asset={asset} />
                      </td>
                      <td>
                        <LiveStatus store={store} asset={asset} />
                      </td>
                      <td className="tabular">{minuteText(asset.collectTime)}</td>
                      <td>
                        {/* The last row of a later page gone: step back a page. */}
                        <CancelButton asset={asset} onCancelled={() => page.records.length === 1 && current > 1 && goTo(current - 1)} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
              {page.total > COLLECT_PAGE_SIZE && (
                <Pagination
                  className="project-results__pager"
                  total={page.total}
                  pageSize={COLLECT_PAGE_SIZE}
                  current={current}
                  showSizeChanger={false}
                  showTotal={(total) => `共 ${total} 个收藏`}
                  onChange={goTo}
                />
              )}
            </>
          )}
        </QueryState>
        {list.data?.total === 0 && (
          <p className="my-collect__more">
            <Link to="/project">去交易中心</Link>
          </p>
        )}
      </div>
    </UserCentreFrame>
  );
}
