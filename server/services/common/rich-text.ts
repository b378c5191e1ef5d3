/**
 * Rich text from the CMS is sanitised on the server before it is stored and again before it is served
 * (guide: security item 12), with one allowlist: structure, tables, emphasis, links and images. No
 * scripts, event handlers, styles beyond text alignment, iframes, forms or `javascript:` URLs. Links that
 * leave the site open in a new tab with rel="noopener noreferrer".
 */
import sanitizeHtml from 'sanitize-html';

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p', 'br', 'hr', 'div', 'span', 'h2', 'h3', 'h4', 'h5', 'blockquote',
    'strong', 'b', 'em', 'i', 'u', 's', 'sub', 'sup',
    'ul', 'ol', 'li', 'dl', 'dt', 'dd',
    'table', 'caption', 'colgroup', 'col', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td',
    'a', 'img', 'figure', 'figcaption',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
    col: ['span'],
    '*': ['style'],
  },
  allowedStyles: {
    '*': {
      'text-align': [/^(left|right|center|justify)$/],
      'text-indent': [/^\d+(\.\d+)?(em|px)$/],
      'font-weight': [/^(bold|normal|[1-9]00)$/],
    },
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => {
      const href = attribs.href ?? '';
      const external = /^(https?:)?\/\//i.test(href);
      const out: Record<string, string> = { ...attribs };
      if (external) {
        out.target = '_blank';
        out.rel = 'noopener noreferrer';
      } else {
        delete out.target;
        delete out.rel;
      }
      return { tagName, attribs: out };
    },
  },
};

export function sanitizeRichText(html: string | null | undefined): string {
  if (!html) return '';
  return sanitizeHtml(html, OPTIONS);
}

/** Plain text of a fragment (for summaries): every tag dropped, entities kept as the parser leaves them. */
export function plainText(html: string): string {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).replace(/\s+/g, ' ').trim();
}
