/**
 * The user centre's tables as cards on a phone (issue 29, src/components/phoneCards.ts): every cell carries
 * its column's label as plain text (data-label, read by phone.css), the name and the actions cells their
 * part in the card, a column's own onCell is kept, and a phone drops the pinning and the sideways scroll.
 */
import { render, screen } from '@testing-library/react';
import { Table, Tooltip } from 'antd';
import { describe, expect, it } from 'vitest';
import { CARD_CELL_CLASS, cardColumns, cardScroll, columnLabel, TABLE_CARDS } from '@/components/phoneCards';

interface Row {
  id: number;
  name: string;
  amount: number;
}

const rows: Row[] = [
  { id: 1, name: '石家庄市长安区商铺租赁权', amount: 120_000 },
  { id: 2, name: '保定市竞秀区办公楼', amount: 3_500_000 },
];

describe('cardColumns', () => {
  it('labels every cell with its column title and marks the title and the actions cells', () => {
    render(
      <Table<Row>
        className={TABLE_CARDS}
        rowKey="id"
        pagination={false}
        dataSource={rows}
        columns={cardColumns<Row>(
          [
            { title: '项目名称', dataIndex: 'name', card: 'title' },
            { title: <Tooltip title="含税">金额</Tooltip>, cardLabel: '金额（元）', dataIndex: 'amount' },
            { title: () => '备注', key: 'memo', render: () => '—' },
            { title: '操作', key: 'op', card: 'actions', render: (_, r) => <a href={`#/detail?id=${r.id}`}>详情</a> },
          ],
          false,
        )}
      />,
    );
    const nameCell = screen.getByText('石家庄市长安区商铺租赁权').closest('td')!;
    expect(nameCell).toHaveAttribute('data-label', '项目名称');
    expect(nameCell).toHaveClass(CARD_CELL_CLASS.title);
    // A title that is not plain text: the label the column passes.
    expect(screen.getByText('120000').closest('td')).toHaveAttribute('data-label', '金额（元）');
    // A function title without a label of its own: an empty label (phone.css draws none).
    expect(screen.getAllByText('—')[0]!.closest('td')).toHaveAttribute('data-label', '');
    const actions = screen.getAllByRole('link', { name: '详情' })[0]!.closest('td')!;
    expect(actions).toHaveAttribute('data-label', '操作');
    expect(actions).toHaveClass(CARD_CELL_CLASS.actions);
    expect(actions).not.toHaveClass(CARD_CELL_CLASS.title);
    // The Table carries the class phone.css lays out as cards; the header row is the desktop's as it was.
    expect(document.querySelector('.ant-table-wrapper')).toHaveClass(TABLE_CARDS);
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['项目名称', '金额', '备注', '操作']);
  });

  it("keeps the column's own onCell: its attributes stay and its class is joined, per record", () => {
    render(
      <Table<Row>
        rowKey="id"
        pagination={false}
        dataSource={rows}
        columns={cardColumns<Row>(
          [
            {
              title: '成交价',
              dataIndex: 'amount',
              card: 'title',
              onCell: (r, index) => ({ className: r.amount > 1_000_000 ? 'price--high' : 'price', title: `第${(index ?? 0) + 1}行`, 'data-testid': `price-${r.id}` }) as React.HTMLAttributes<HTMLElement>,
            },
          ],
          false,
        )}
      />,
    );
    const high = screen.getByTestId('price-2');
    expect(high).toHaveAttribute('data-label', '成交价');
    expect(high).toHaveAttribute('title', '第2行');
    expect(high).toHaveClass('price--high', CARD_CELL_CLASS.title);
    const low = screen.getByTestId('price-1');
    expect(low).toHaveClass('price', CARD_CELL_CLASS.title);
    expect(low).not.toHaveClass('price--high');
  });

  it('leaves the card props off the columns antd gets, and unpins the columns on a phone only', () => {
    const columns = [{ title: '项目名称', dataIndex: 'name', fixed: 'left' as const, card: 'title' as const, cardLabel: '名称' }];
    const [desktop] = cardColumns<Row>(columns, false);
    expect(desktop).not.toHaveProperty('card');
    expect(desktop).not.toHaveProperty('cardLabel');
    expect(desktop!.fixed).toBe('left');
    const [phone] = cardColumns<Row>(columns, true);
    expect(phone).not.toHaveProperty('fixed');
    // The caller's column is not changed.
    expect(columns[0]!.fixed).toBe('left');
    expect(columnLabel(columns[0]!)).toBe('名称');
    expect(columnLabel({ title: 2026 })).toBe('2026');
  });

  it('scrolls sideways on a desktop, not on a phone', () => {
    expect(cardScroll(720, false)).toEqual({ x: 720 });
    expect(cardScroll(720, true)).toBeUndefined();
  });
});
