/**
 * Tables as cards on a phone (issue 29). The user centre's tables have five to eight columns; at 390 px they
 * either squeeze every column to a character a line or scroll sideways with the state, the amount and the
 * action off-screen. On a phone (`html.layout-fluid` under 768 px, src/styles/phone.css `.table-cards`)
 * each row becomes a card: the name bold on top, then one line per column with its label (the column's
 * title, carried on the cell as `data-label`), the actions a row of finger-sized links at the card's foot.
 * On a desktop the table is the table it was: the attributes and classes below are read by phone.css only.
 *
 *   <Table className={TABLE_CARDS} scroll={cardScroll(720)} columns={cardColumns([
 *     { title: '项目名称', dataIndex: 'assetsName', card: 'title' },
 *     { title: '金额', dataIndex: 'amount' },
 *     { title: <Tooltip …>状态</Tooltip>, cardLabel: '状态', dataIndex: 'status' },
 *     { title: '操作', key: 'op', card: 'actions', render: … },
 *   ])} />
 */
import type { TableColumnType } from 'antd';
import type { HTMLAttributes, TdHTMLAttributes } from 'react';
import { isPhoneScreen } from '@/lib/viewport';

/** The Table's className: phone.css lays its rows out as cards under `html.layout-fluid`. */
export const TABLE_CARDS = 'table-cards';

/** The classes a cell gets by its column's part in the card. */
export const CARD_CELL_CLASS = { title: 'table-cards__title', actions: 'table-cards__actions', hidden: 'table-cards__hidden' } as const;

/**
 * A column's part in the card: `title` — the name the card is about, bold on top without a label;
 * `actions` — the links and buttons, a row at the card's foot; `hidden` — left off the card (a detail the
 * row's page shows); none — a line of label and value.
 */
export type CardPart = keyof typeof CARD_CELL_CLASS;

export type CardColumn<T> = TableColumnType<T> & {
  card?: CardPart;
  /** The label on the card when the title is not plain text (an icon, a tooltip, a function). */
  cardLabel?: string;
};

type CellProps = HTMLAttributes<HTMLElement> & TdHTMLAttributes<HTMLElement> & { 'data-label'?: string };

/** The column's title as plain text: a string or a number as it is; anything else needs `cardLabel`. */
export function columnLabel<T>(column: CardColumn<T>): string {
  if (column.cardLabel !== undefined) return column.cardLabel;
  const { title } = column;
  return typeof title === 'string' || typeof title === 'number' ? String(title) : '';
}

/**
 * The columns with each cell labelled (`data-label`) and marked with its part in the card (a class), the
 * column's own `onCell` kept: its attributes stay and its className is joined, not replaced. On a phone the
 * columns are not pinned (`fixed`): a card has no sideways scroll for a pinned cell to stay put in.
 */
export function cardColumns<T>(columns: readonly CardColumn<T>[], phone: boolean = isPhoneScreen()): TableColumnType<T>[] {
  return columns.map((column) => {
    const { card, cardLabel: _label, ...rest } = column;
    const label = columnLabel(column);
    const own = column.onCell;
    const onCell = (record: T, index?: number): CellProps => {
      const props = (own?.(record, index) ?? {}) as CellProps;
      const className = [props.className, card ? CARD_CELL_CLASS[card] : undefined].filter(Boolean).join(' ');
      return { ...props, 'data-label': label, ...(className ? { className } : {}) };
    };
    const next: TableColumnType<T> = { ...rest, onCell };
    if (phone) delete next.fixed;
    return next;
  });
}

/**
 * The table's sideways scroll (`scroll.x`) on a desktop, none on a phone: the cards fit the screen's width,
 * and a table given a width of 720 px would lay its cards out 720 px wide.
 */
export function cardScroll(x: number, phone: boolean = isPhoneScreen()): { x: number } | undefined {
  return phone ? undefined : { x };
}
