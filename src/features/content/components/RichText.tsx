/**
 * Rich text from the content centre. The server sanitises it with an allowlist before storing and
 * again before serving (server/services/common/rich-text.ts), so it is rendered as given.
 */
export function RichText({ html }: { html: string }) {
  return <div className="article__body" dangerouslySetInnerHTML={{ __html: html }} />;
}
