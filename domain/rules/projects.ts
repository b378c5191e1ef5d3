/**
 * The trading-centre wire contract (spec sections 2, 3, 4, 7 "Projects and bidding", and where the spec is
 * silent the names of the real dscq-* system family, e.g. search's orderBy/order/minPrice/maxPrice):
 * search with our extra filters, project / package / managed-project detail with its disclosure sections,
 * attachments behind the image verify code, favourites, and the judicial-auction service.
 * Amounts are yuan on the wire, times 'YYYY-MM-DD HH:mm:ss' China time (as ListedAsset).
 */

export const PROJECT_SEARCH_DEFAULT_SIZE = 12;
