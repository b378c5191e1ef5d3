/**
 * Baseline pages of `npm run bench:hall` (performance.md): the same six columns as our hall, N rows, a
 * countdown on every row and a few price changes a second, written three other ways.
 *   ?mode=vanilla  one setInterval writing textContent of N rows each second (the floor)
 *   ?mode=timer    one antd Statistic.Timer type="countdown" per row
 *   ?mode=table    antd Table given a new dataSource every tick
 *   &n=N (0 = the idle page) &bids=B (price changes per second, like a light bid load)
 */
import { memo, useEffect, useState, type HTMLAttributes } from 'react';
import { createRoot } from 'react-dom/client';
import { Statistic, Table } from 'antd';

const query = new URLSearchParams(location.search);
const mode = query.get('mode') ?? 'vanilla';
const n = Math.max(0, Math.min(5000, Number(query.get('n') ?? 100)));
const bidsPerTick = Math.max(0, Number(query.get('bids') ?? 5));

const CITIES = ['石家庄市', '唐山市', '秦皇岛市', '邯郸市', '邢台市', '保定市', '张家口市', '承德市', '沧州市', '廊坊市', '衡水市'];
const KINDS = ['住宅', '商铺', '写字楼', '厂房', '仓储用房', '车位', '机动车', '二手设备', '废旧物资', '股权'];

interface Lot {
  id: number;
  name: string;
  org: string;
  endTime: number;
  startPrice: number;
  price: number;
}

const now0 = Date.now();
const lots: Lot[] = Array.from({ length: n }, (_, i) => {
  const start = (50 + ((i * 7919) % 49_950)) * 1000;
  return {
    id: i + 1,
    name: `${CITIES[i % CITIES.length]}压测标的${KINDS[i % KINDS.length]}${i + 1}号`,
    org: `${CITIES[(i * 3) % CITIES.length]}公共资源交易中心`,
    endTime: now0 + 30 * 60_000 + i * 1000,
    startPrice: start,
    price: start,
  };
});

const pad = (v: number) => String(v).padStart(2, '0');
function remainingText(endTime: number, now: number): string {
  const s = Math.max(0, Math.floor((endTime - now) / 1000));
  return `${Math.floor(s / 86_400)}天${pad(Math.floor(s / 3600) % 24)}时${pad(Math.floor(s / 60) % 60)}分${pad(s % 60)}秒`;
}
const priceText = (fen: number) => `${(fen / 100).toLocaleString('zh-CN', { minimumFractionDigits: 2 })}元`;
const premiumText = (lot: Lot) => `${(((lot.price - lot.startPrice) / lot.startPrice) * 100).toFixed(2)}%`;

/** A few lots get a higher price each tick (the bid load of our run), the same in every mode. */
function bidSome(): Set<number> {
  const changed = new Set<number>();
  for (let b = 0; b < bidsPerTick && lots.length > 0; b++) {
    const lot = lots[Math.floor(Math.random() * lots.length)]!;
    lot.price += Math.max(100, Math.round(lot.startPrice / 100));
    changed.add(lot.id);
  }
  return changed;
}

const HEAD = ['项目名称', '组织机构', '剩余时间', '当前价', '溢价率', '状态'];
const root = document.getElementById('root')!;

function vanilla() {
  const table = document.createElement('table');
  table.className = 'bench-table';
  table.innerHTML = `<thead><tr>${HEAD.map((h) => `<th>${h}</th>`).join('')}</tr></thead>`;
  const body = document.createElement('tbody');
  const cells = lots.map((lot) => {
    const tr = document.createElement('tr');
    tr.dataset.testid = 'live-row';
    const td = (text: string) => {
      const c = document.createElement('td');
      c.textContent = text;
      tr.appendChild(c);
      return c;
    };
    td(lot.name);
    td(lot.org);
    const left = td(remainingText(lot.endTime, Date.now()));
    left.dataset.testid = 'live-countdown';
    const price = td(priceText(lot.price));
    const rate = td(premiumText(lot));
    td('竞价中');
    body.appendChild(tr);
    return { left, price, rate };
  });
  table.appendChild(body);
  root.appendChild(table);
  setInterval(() => {
    const now = Date.now();
    for (let i = 0; i < lots.length; i++) cells[i]!.left.textContent = remainingText(lots[i]!.endTime, now);
    for (const id of bidSome()) {
      cells[id - 1]!.price.textContent = priceText(lots[id - 1]!.price);
      cells[id - 1]!.rate.textContent = premiumText(lots[id - 1]!);
    }
  }, 1000);
}

const TimerRow = memo(function TimerRow({ lot, price }: { lot: Lot; price: number }) {
  return (
    <tr data-testid="live-row">
      <td>{lot.name}</td>
      <td>{lot.org}</td>
      <td data-testid="live-countdown">
        <Statistic.Timer type="countdown" value={lot.endTime} format="D天HH时mm分ss秒" valueStyle={{ fontSize: 14 }} />
      </td>
      <td>{priceText(price)}</td>
      <td>{premiumText(lot)}</td>
      <td>竞价中</td>
    </tr>
  );
});

function TimerTable() {
  const [prices, setPrices] = useState(() => lots.map((l) => l.price));
  useEffect(() => {
    const t = setInterval(() => {
      bidSome();
      setPrices(lots.map((l) => l.price));
    }, 1000);
    return () => clearInterval(t);
  }, []);
  return (
    <table className="bench-table">
      <thead>
        <tr>{HEAD.map((h) => <th key={h}>{h}</th>)}</tr>
      </thead>
      <tbody>
        {lots.map((lot, i) => (
          <TimerRow key={lot.id} lot={lot} price={prices[i]!} />
        ))}
      </tbody>
    </table>
  );
}

interface TableRow {
  id: number;
  name: string;
  org: string;
  left: string;
  price: string;
  rate: string;
  status: string;
}
const feed = (): TableRow[] => {
  const now = Date.now();
  return lots.map((l) => ({ id: l.id, name: l.name, org: l.org, left: remainingText(l.endTime, now), price: priceText(l.price), rate: premiumText(l), status: '竞价中' }));
};
const testId = (id: string) => ({ 'data-testid': id }) as HTMLAttributes<HTMLElement>;
const COLUMNS = [
  { title: '项目名称', dataIndex: 'name', ellipsis: true },
  { title: '组织机构', dataIndex: 'org', width: 190, ellipsis: true },
  { title: '剩余时间', dataIndex: 'left', width: 150, onCell: () => testId('live-countdown') },
  { title: '当前价', dataIndex: 'price', width: 170, align: 'right' as const },
  { title: '溢价率', dataIndex: 'rate', width: 90, align: 'right' as const },
  { title: '状态', dataIndex: 'status', width: 76, align: 'center' as const },
];

function RefedTable() {
  const [data, setData] = useState(feed);
  useEffect(() => {
    const t = setInterval(() => {
      bidSome();
      setData(feed());
    }, 1000);
    return () => clearInterval(t);
  }, []);
  return <Table<TableRow> rowKey="id" columns={COLUMNS} dataSource={data} pagination={false} onRow={() => testId('live-row')} />;
}

if (mode === 'vanilla') vanilla();
else createRoot(root).render(mode === 'timer' ? <TimerTable /> : <RefedTable />);
