import { Price } from './Price';

/**
 * A live price that flashes once when it changes: keyed on the row's change count, so a new price
 * remounts the span and replays the CSS flash (src/styles/hall.css, opacity only).
 */
export function FlashPrice({ changes, flash, text, tooltip }: { changes: number; flash: boolean; text: string; tooltip: string | null }) {
  return (
    <span key={changes} className={flash ? 'live-flash' : undefined}>
      <Price text={text} tooltip={tooltip} />
    </span>
  );
}
