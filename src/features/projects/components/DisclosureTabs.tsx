import { Empty, Tabs } from 'antd';
import { DISCLOSURE_SECTIONS, type DisclosureSection } from '#domain/contract/projects';

/**
 * The disclosure of a project in its fixed tabs (项目公告, 转让方信息 …). The server sends sanitised
 * HTML (server/services/common/rich-text.ts), rendered as given; a section it does not send shows as empty.
 */
export function DisclosureTabs({ sections }: { sections: DisclosureSection[] }) {
  const byKey = new Map(sections.map((section) => [section.key, section]));
  return (
    <Tabs
      className="disclosure-tabs"
      items={DISCLOSURE_SECTIONS.map(({ key, title }) => {
        const content = byKey.get(key)?.content.trim();
        return {
          key,
          label: title,
          children: content ? (
            <div className="disclosure__body" dangerouslySetInnerHTML={{ __html: content }} />
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无数据，该部分尚未披露" />
          ),
        };
      })}
    />
  );
}
