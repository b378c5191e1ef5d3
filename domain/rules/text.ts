/**
 * Text truncation (spec section 5): 22 characters for auction names, 20 for news, 96 for ellipsis text.
 */
/**
 * Text truncation (spec section 5): 22 characters for auction names, 20 for news, 96 for ellipsis text.
 */

export const AUCTION_NAME_MAX_LENGTH = 22;

export const NEWS_TITLE_MAX_LENGTH = 20;

export const ELLIPSIS_MAX_LENGTH = 96;

export const TRUNCATION_SUFFIX = '...';

/**
 * Keeps the first `max` characters and appends '...' when the text is longer than `max`.
 * Counts Unicode code points, so a character outside the BMP is never split. null/undefined → ''.
 * A negative or fractional max is treated as its floor, at least 0.
 */
export function truncate(text: string | null | undefined, max: number): string {
  if (!text) return '';
  const limit = Math.max(0, Math.floor(max));
  const characters = [...text];
  if (characters.length <= limit) return text;
  return characters.slice(0, limit).join('') + TRUNCATION_SUFFIX;
}
