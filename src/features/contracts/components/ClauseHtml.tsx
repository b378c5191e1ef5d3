/**
 * An open clause's rich text. The server sanitises it with the CMS allowlist before storing
 * (server/services/common/rich-text.ts), so it is rendered as given.
 */
export function ClauseHtml({ html }: { html: string }) {
  return <div className="contract-clause__html" dangerouslySetInnerHTML={{ __html: html }} />;
}

/** The paragraphs of a clause as plain lines (the /edit form edits text; formatting is /onlineEdit's). */
export function htmlToLines(html: string): string {
  if (typeof DOMParser === 'undefined') return html.replace(/<[^>]+>/g, '');
  const doc = new DOMParser().parseFromString(`<div>${html}</div>`, 'text/html');
  const blocks = [...doc.body.querySelectorAll('p, li, h2, h3, h4, h5, div > br')];
  if (blocks.length === 0) return doc.body.textContent ?? '';
  return blocks.map((b) => b.textContent ?? '').join('\n');
}

const escapeHtml = (t: string) => t.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Plain lines back to paragraphs. */
export function linesToHtml(text: string): string {
  return text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .map((l) => `<p>${escapeHtml(l)}</p>`)
    .join('');
}
