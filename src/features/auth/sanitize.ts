/**
 * The agreement text arrives as HTML the server already sanitised; it is cleaned again here before it is
 * rendered (defence in depth, security guide item 12): only text-formatting elements survive, every
 * attribute except a safe href/title is dropped, and links open in a new tab without an opener.
 */
const ALLOWED = new Set([
  'P', 'BR', 'B', 'STRONG', 'I', 'EM', 'U', 'S', 'SPAN', 'DIV', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6',
  'UL', 'OL', 'LI', 'TABLE', 'THEAD', 'TBODY', 'TR', 'TH', 'TD', 'BLOCKQUOTE', 'A', 'HR', 'SUB', 'SUP',
]);
const DROP_WITH_CONTENT = new Set(['SCRIPT', 'STYLE', 'IFRAME', 'OBJECT', 'EMBED', 'TEMPLATE', 'NOSCRIPT', 'SVG', 'MATH', 'FORM']);

function clean(node: Node, doc: Document): Node | null {
  if (node.nodeType === Node.TEXT_NODE) return doc.createTextNode(node.textContent ?? '');
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  const element = node as Element;
  const tag = element.tagName.toUpperCase();
  if (DROP_WITH_CONTENT.has(tag)) return null;
  const children = [...element.childNodes].map((child) => clean(child, doc)).filter((c): c is Node => c !== null);
  if (!ALLOWED.has(tag)) {
    const fragment = doc.createDocumentFragment();
    children.forEach((child) => fragment.appendChild(child));
    return fragment;
  }
  const out = doc.createElement(tag.toLowerCase());
  if (tag === 'A') {
    const href = element.getAttribute('href') ?? '';
    if (/^(https?:|#|\/)/i.test(href.trim())) {
      out.setAttribute('href', href.trim());
      out.setAttribute('target', '_blank');
      out.setAttribute('rel', 'noopener noreferrer');
    }
  }
  const title = element.getAttribute('title');
  if (title) out.setAttribute('title', title);
  children.forEach((child) => out.appendChild(child));
  return out;
}

export function sanitizeHtml(html: string): string {
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  const container = doc.createElement('div');
  [...doc.body.childNodes].forEach((child) => {
    const cleaned = clean(child, doc);
    if (cleaned) container.appendChild(cleaned);
  });
  return container.innerHTML;
}
