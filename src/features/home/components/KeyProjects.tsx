import { useRef } from 'react';
import { Button } from 'antd';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { QueryState } from '@/components/QueryState';
import { HOME_KEY_PROJECT_COUNT, KEY_PROJECT_ITEM_WIDTH_PX, KEY_PROJECT_WIDE_EXTRA_PX, KEY_PROJECT_WIDE_THRESHOLD } from '#domain/rules/constants';
import { contentLinkProps, keyProjectStripLayout } from '#domain/rules/content';
import { type KeyProject } from '#domain/contract/content';
import { listingStatusLabel } from '#domain/rules/listing';
import { useKeyProjects } from '@/api/resources/get-key-projects';
import { usePositionTitle } from '../api/get-position-title';
import { LotPrice } from '@/components/LotPrice';

/** The title of position a1 (spec: "title by position"), with a fallback while it loads or if it fails. */
function StripTitle() {
  const title = usePositionTitle('a1');
  return (
    <div className="home-panel__head">
      <h2 id="home-key-projects-title" className="home-panel__title">
        {title.data?.title ?? '重点推荐'}
        {title.data?.subTitle && <small className="home-panel__subtitle">{title.data.subTitle}</small>}
      </h2>
      <a className="home-panel__title-more" href={`#${title.data?.moreUrl || '/zhongdianList'}`}>
        更多 &gt;
      </a>
    </div>
  );
}

function KeyProjectCard({ item }: { item: KeyProject }) {
  const status = listingStatusLabel(item.state);
  return (
    <li className="key-project" style={{ width: KEY_PROJECT_ITEM_WIDTH_PX }} data-testid="key-project">
      <a {...contentLinkProps(`/zhongdianDetail?id=${item.id}`)} className="key-project__link" title={item.title}>
        <img src={item.imgSrc} alt="" width={265} height={150} className="key-project__img" />
        <span className="key-project__name">{item.title}</span>
        <span className="key-project__meta">
          <LotPrice asset={item} />
          <span className="key-project__city">{item.city}</span>
        </span>
        <span className={`key-project__status key-project__status--${status === '正在报名' ? 'on' : 'off'}`}>{status}</span>
      </a>
    </li>
  );
}

/**
 * Key recommendations (spec sections 2 and 9): 8 items, 285 px each; with more than 4 the strip turns
 * wide — it scrolls sideways and gains a 120 px "more" tile (285 × n + 120 px).
 */
export function KeyProjects() {
  const projects = useKeyProjects({ current: 1, size: HOME_KEY_PROJECT_COUNT });
  const viewport = useRef<HTMLDivElement>(null);
  const scroll = (direction: 1 | -1) =>
    viewport.current?.scrollBy({ left: direction * KEY_PROJECT_ITEM_WIDTH_PX * 2, behavior: 'smooth' });
  return (
    <section className="home-panel home-key-projects" aria-labelledby="home-key-projects-title">
      <StripTitle />
      <QueryState query={projects} isEmpty={(page) => page.records.length === 0} rows={4}>
        {(page) => {
          const items = page.records.slice(0, HOME_KEY_PROJECT_COUNT);
          const { wide, width } = keyProjectStripLayout(
            items.length,
            KEY_PROJECT_ITEM_WIDTH_PX,
            KEY_PROJECT_WIDE_EXTRA_PX,
            KEY_PROJECT_WIDE_THRESHOLD,
          );
          return (
            <div className={`key-strip${wide ? ' key-strip--wide' : ''}`} data-testid="key-strip" data-wide={wide}>
              {wide && <Button className="key-strip__arrow key-strip__arrow--left" shape="circle" icon={<LeftOutlined />} aria-label="向左滚动" onClick={() => scroll(-1)} />}
              <div className="key-strip__viewport" ref={viewport}>
                <ul className="key-strip__track" style={{ width }} data-testid="key-strip-track">
                  {items.map((item) => (
                    <KeyProjectCard key={item.id} item={item} />
                  ))}
                  {wide && (
                    <li className="key-project key-project--more" style={{ width: KEY_PROJECT_WIDE_EXTRA_PX }}>
                      <a href="#/zhongdianList">
                        查看全部
                        <br />
                        重点推荐 &gt;
                      </a>
                    </li>
                  )}
                </ul>
              </div>
              {wide && <Button className="key-strip__arrow key-strip__arrow--right" shape="circle" icon={<RightOutlined />} aria-label="向右滚动" onClick={() => scroll(1)} />}
            </div>
          );
        }}
      </QueryState>
    </section>
  );
}
