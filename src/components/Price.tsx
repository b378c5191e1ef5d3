import { Tooltip } from 'antd';

/** A price cell: its text, with the yuan tooltip the money display rule gives small amounts. */
export function Price({ text, tooltip }: { text: string; tooltip: string | null }) {
  const cell = <span className="price tabular">{text}</span>;
  return tooltip ? <Tooltip title={tooltip}>{cell}</Tooltip> : cell;
}
