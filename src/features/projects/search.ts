/** The trading centre's URL state (its schema, validated by the route table) and its API query. */
import { z } from 'zod';
import { PROJECT_SEARCH_DEFAULT_SIZE } from '#domain/rules/projects';
import { PROJECT_SORTS, type ProjectSearchParams } from '#domain/contract/projects';
import { optionalId, positiveInt, searchText } from '@/lib/searchParams';

const placeName = searchText(20);
/** Yuan. */
const yuan = z.coerce.number().nonnegative().max(1e13).optional().catch(undefined);

/**
 * /project and /gyzcProject: the search state lives in the URL (spec section 2: q, typeCode, associationId,
 * size, current; ours add the filters of api-reference: city, county, price range in yuan, state word, sort).
 */
export const projectSearch = z.object({
  q: searchText(50),
  typeCode: optionalId,
  associationId: optionalId,
  size: positiveInt.max(100).optional().catch(undefined),
  current: optionalId,
  city: placeName,
  county: placeName,
  minPrice: yuan,
  maxPrice: yuan,
  state: searchText(20),
  orderBy: z.enum(PROJECT_SORTS).optional().catch(undefined),
  order: z.enum(['asc', 'desc']).optional().catch(undefined),
});
export type ProjectUrlSearch = z.infer<typeof projectSearch>;

/** The search call of a URL state; `fixed` adds what a page always filters on (projectNature 1 for /gyzcProject). */
export function toSearchParams(search: ProjectUrlSearch, fixed: Partial<ProjectSearchParams> = {}): ProjectSearchParams {
  const { size = PROJECT_SEARCH_DEFAULT_SIZE, current = 1, orderBy = 'publishDate', order = 'desc', ...filters } = search;
  return { ...filters, ...fixed, size, current, orderBy, order };
}

/** A filter changed: back to the first page (paging keeps the rest). */
export function withFilter(search: ProjectUrlSearch, change: Partial<ProjectUrlSearch>): ProjectUrlSearch {
  return { ...search, ...change, current: undefined };
}

/** Whether any filter (not paging or sort) is set: the empty state then suggests clearing them. */
export function hasFilters(search: ProjectUrlSearch): boolean {
  const { size: _size, current: _current, orderBy: _orderBy, order: _order, ...filters } = search;
  return Object.values(filters).some((value) => value !== undefined && value !== '');
}
