import { usePartners } from '../api/get-partners';

const HOME_PARTNER_POSITION = 1;

/**
 * Partner logos scrolling sideways. The movement is a CSS animation over two copies of the list (no
 * timer); it pauses on hover and stands still for visitors who ask for reduced motion.
 */
export function PartnerScroller() {
  const partners = usePartners(HOME_PARTNER_POSITION);
  const items = partners.data?.records ?? [];
  if (items.length === 0) return null;
  const logo = (copy: number) =>
    items.map((p) => {
      const image = <img src={p.imgSrc} alt={copy === 0 ? p.name : ''} width={200} height={64} />;
      return (
        <li key={`${copy}-${p.id}`} aria-hidden={copy === 1 ? true : undefined}>
          {p.url ? (
            <a href={p.url} target="_blank" rel="noopener noreferrer" title={p.name} tabIndex={copy === 1 ? -1 : undefined}>
              {image}
            </a>
          ) : (
            <span title={p.name}>{image}</span>
          )}
        </li>
      );
    });
  return (
    <section className="home-panel home-partners" aria-labelledby="home-partners-title">
      <h2 id="home-partners-title" className="home-panel__title">
        合作机构
      </h2>
      <div className="partner-scroller">
        <ul className="partner-scroller__track" style={{ animationDuration: `${items.length * 3}s` }} data-testid="partner-track">
          {logo(0)}
          {logo(1)}
        </ul>
      </div>
    </section>
  );
}
