import { useState } from 'react';
import { Tabs } from 'antd';
import { QueryState } from '@/components/QueryState';
import { HOME_NEWS_PER_TAB } from '#domain/rules/constants';
import { useModules } from '../api/get-modules';
import { ModuleList, ModuleMore } from './ModuleList';

/**
 * The news block (spec section 2): tabs from the page modules of 'home-news'; a news module lists its
 * plate's articles, a notice module lists notices of its type. 12 per tab (spec section 9).
 */
export function NewsBlock() {
  const modules = useModules('home-news');
  const [active, setActive] = useState<string | undefined>(undefined);
  const list = modules.data ?? [];
  const current = list.find((m) => String(m.id) === active) ?? list[0];
  return (
    <section className="home-panel home-news" aria-labelledby="home-news-title">
      <div className="home-panel__head">
        <h2 id="home-news-title" className="home-panel__title">
          新闻动态
        </h2>
        <ModuleMore module={current} />
      </div>
      <QueryState query={modules} isEmpty={(m) => m.length === 0}>
        {(items) => (
          <Tabs
            activeKey={current ? String(current.id) : undefined}
            onChange={setActive}
            items={items.map((m) => ({
              key: String(m.id),
              label: m.name,
              children: <ModuleList module={m} size={HOME_NEWS_PER_TAB} columns={2} />,
            }))}
          />
        )}
      </QueryState>
    </section>
  );
}
