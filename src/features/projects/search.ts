/** The trading centre's URL state (validated by `projectSearch` in src/routes/tree.tsx) and its API query. */
import { PROJECT_SEARCH_DEFAULT_SIZE, type ProjectSearchParams, type ProjectSort } from '@/domain/projects';

export interface ProjectUrlSearch {
  q?: string;
  typeCode?: number;
  associationId?: number;
  size?: number;
  current?: number;
  city?: string;
  county?: string;
  /** Yuan. */
  minPrice?: number;
  maxPrice?: number;
  state?: string;
  orderBy?: ProjectSort;
  order?: 'asc' | 'desc';
}

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
