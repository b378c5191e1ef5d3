import { useState } from 'react';
import { Tabs } from 'antd';
import { QueryState } from '@/components/QueryState';
import { useModules } from '../api/get-modules';
import { ModuleList, ModuleMore } from './ModuleList';

const RIGHT_PANEL_SIZE = 12;

/**
 * Right panel (spec section 2): result notices (news plate 4) and transaction announcements, each with
 * its More link to /xwzx?plateId=. The tabs and links come from the page modules of 'home-right'.
 */
export function NoticePanel() {
  const modules = useModules('home-right');
  const [active, setActive] = useState<string | undefined>(undefined);
  const list = modules.data ?? [];
  const current = list.find((m) => String(m.id) === active) ?? list[0];
  return (
    <section className="home-panel home-notices" aria-labelledby="home-notices-title">
      <div className="home-panel__head">
        <h2 id="home-notices-title" className="home-panel__title">
          交易公告
        </h2>
        <ModuleMore module={current} />
      </div>
      <QueryState query={modules} isEmpty={(m) => m.length === 0}>
        {(items) => (
          <Tabs
            size="small"
            activeKey={current ? String(current.id) : undefined}
            onChange={setActive}
            items={items.map((m) => ({
              key: String(m.id),
              label: m.name,
              children: <ModuleList module={m} size={RIGHT_PANEL_SIZE} dateLength={5} />,
            }))}
          />
        )}
      </QueryState>
    </section>
  );
}
