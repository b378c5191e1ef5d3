import type { ReactNode } from 'react';
import { Descriptions, Drawer } from 'antd';
import { LotStateTag } from '@/components/LotStateTag';
import { QueryState } from '@/components/QueryState';
import { Price } from '@/components/Price';
import type { JudicialItemDetail } from '#domain/contract/projects';
import { minuteText } from '#domain/rules/chinaTime';
import { tableMoneyCell } from '#domain/rules/money';
import { useJudicialDetail } from '../api/get-detail';
import { auctionRoundLabel } from '../display';

function DetailBody({ item }: { item: JudicialItemDetail }) {
  const rows: Array<{ label: string; value: ReactNode }> = [
    { label: '拍卖状态', value: <LotStateTag label={item.state} /> },
    { label: '拍卖轮次', value: auctionRoundLabel(item.round) },
    { label: '标的类型', value: item.projecttype || '--' },
    { label: '起拍价', value: <Price {...tableMoneyCell(item.upsetprice)} /> },
    { label: '评估价', value: <Price {...tableMoneyCell(item.appraisedValue)} /> },
    { label: '保证金', value: <Price {...tableMoneyCell(item.deposit)} /> },
    { label: '加价幅度', value: <Price {...tableMoneyCell(item.increment)} /> },
    { label: '拍卖时间', value: <span className="tabular">{minuteText(item.auctiontime)}</span> },
    { label: '委托法院', value: item.courtName || '--' },
    { label: '所在城市', value: item.cityName || '--' },
    { label: '案号', value: item.caseNumber || '--' },
    { label: '咨询电话', value: <span className="tabular">{item.contactPhone || '--'}</span> },
  ];
  return (
    <>
      {item.imgUrl && <img className="judicial-detail__img" src={item.imgUrl} alt="" width={400} height={250} loading="lazy" decoding="async" />}
      <h2 className="judicial-detail__name">{item.name}</h2>
      <Descriptions column={2} size="small" bordered items={rows.map((row) => ({ key: row.label, label: row.label, children: row.value }))} />
      {item.description && <div className="judicial-detail__body disclosure__body" dangerouslySetInnerHTML={{ __html: item.description }} />}
    </>
  );
}

/** One judicial item in a drawer over the list (its pk lives in the URL, so the view can be shared). */
export function JudicialDetailDrawer({ pk, onClose }: { pk: string | undefined; onClose: () => void }) {
  const detail = useJudicialDetail(pk);
  return (
    <Drawer open={Boolean(pk)} onClose={onClose} title="拍品详情" size={640} destroyOnHidden>
      {pk && (
        <QueryState query={detail} isEmpty={(item) => !item} emptyHint="该拍品不存在或已撤回" rows={10}>
          {(item) => <DetailBody item={item} />}
        </QueryState>
      )}
    </Drawer>
  );
}
