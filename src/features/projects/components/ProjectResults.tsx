import { Button, Pagination } from 'antd';
import { QueryState } from '@/components/QueryState';
import type { ProjectSearchParams } from '#domain/contract/projects';
import { useSearchProjects } from '@/api/resources/search-projects';
import { useCollectedIds } from '../api/get-collect-list';
import { useFilterConfig } from '../api/get-filter-config';
import { filterGroups } from '../display';
import { hasFilters, toSearchParams, type ProjectUrlSearch } from '../search';
import { ProjectCard } from './ProjectCard';

type Change = (next: ProjectUrlSearch) => void;

function SortBar({ search, total, onChange }: { search: ProjectUrlSearch; total: number | undefined; onChange: Change }) {
  const config = useFilterConfig();
  const { sorts } = filterGroups(config.data);
  const orderBy = search.orderBy ?? 'publishDate';
  const order = search.order ?? 'desc';
  return (
    <div className="sort-bar">
      <div className="sort-bar__choices" role="group" aria-label="排序">
        <span className="sort-bar__label">排序：</span>
        {sorts.map((option) => {
          const active = option.orderBy === orderBy && option.order === order;
          return (
            <button
              key={option.key}
              type="button"
              className={`sort-choice${active ? ' sort-choice--active' : ''}`}
              aria-pressed={active}
              onClick={() => onChange({ ...search, orderBy: option.orderBy, order: option.order, current: undefined })}
            >
              {option.label}
            </button>
          );
        })}
      </div>
      <div className="sort-bar__total" aria-live="polite">
        {total === undefined ? '' : (
          <>
            共 <strong className="tabular">{total}</strong> 个项目
          </>
        )}
      </div>
    </div>
  );
}

/** Sort bar, result count, the cards (loading, empty and error states) and paging of one search. */
export function ProjectResults({
  search,
  onChange,
  fixed,
}: {
  search: ProjectUrlSearch;
  onChange: Change;
  /** Filters the page always applies (projectNature 1 on /gyzcProject). */
  fixed?: Partial<ProjectSearchParams>;
}) {
  const params = toSearchParams(search, fixed);
  const results = useSearchProjects(params);
  const collected = useCollectedIds();
  const filtered = hasFilters(search);
  return (
    <section className="project-results" aria-label="项目列表">
      <SortBar search={search} total={results.data?.total} onChange={onChange} />
      <QueryState
        query={results}
        isEmpty={(page) => page.records.length === 0}
        emptyHint={filtered ? '换个关键字或放宽筛选条件试试' : '新项目挂牌后将在此显示'}
        rows={8}
      >
        {(page) => (
          <div className={`project-results__list${results.isPlaceholderData ? ' project-results__list--stale' : ''}`} aria-busy={results.isPlaceholderData}>
            {page.records.map((asset) => (
              <ProjectCard key={asset.id} asset={asset} collected={collected.has(asset.id)} />
            ))}
            {page.total > page.size && (
              <Pagination
                className="project-results__pager"
                total={page.total}
                pageSize={params.size}
                current={params.current}
                showSizeChanger={false}
                showQuickJumper={page.pages > 5}
                onChange={(current) => onChange({ ...search, current: current === 1 ? undefined : current })}
              />
            )}
          </div>
        )}
      </QueryState>
      {filtered && results.data?.records.length === 0 && (
        <div className="project-results__reset">
          <Button onClick={() => onChange({ size: search.size })}>清除筛选条件</Button>
        </div>
      )}
    </section>
  );
}
