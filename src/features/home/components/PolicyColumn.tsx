import { QueryState } from '@/components/QueryState';
import { HOME_CLASSIFY_NEWS_SIZE } from '#domain/rules/constants';
import { useModules } from '../api/get-modules';
import { ModuleList, ModuleMore } from './ModuleList';

/** Policies and rules (a classified news column, 6 items: spec section 9 "classify news 6"). */
export function PolicyColumn() {
  const modules = useModules('home-policy');
  const module = modules.data?.[0];
  return (
    <section className="home-panel home-policy" aria-labelledby="home-policy-title">
      <div className="home-panel__head">
        <h2 id="home-policy-title" className="home-panel__title">
          {module?.name ?? '政策法规'}
        </h2>
        <ModuleMore module={module} />
      </div>
      <QueryState query={modules} isEmpty={(m) => m.length === 0}>
        {(items) => <ModuleList module={items[0]!} size={HOME_CLASSIFY_NEWS_SIZE} dateLength={5} />}
      </QueryState>
    </section>
  );
}
