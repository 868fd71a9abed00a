import type sanitizeHtmlType from 'sanitize-html';
import { lazyRequire } from './lazy.js';

const sanitizeHtml = lazyRequire<typeof sanitizeHtmlType>('sanitize-html');

/**
 * The only HTML a rich-text field keeps (what the console's editor writes: paragraphs, headings,
 * lists, quotes, code, links and pictures). Scripts, event handlers, styles, frames and
 * `javascript:` links are dropped on the server, so a stored field can be shown anywhere as HTML.
 */
const OPTIONS: sanitizeHtmlType.IOptions = {
  allowedTags: ['p', 'br', 'hr', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'strong', 'b', 'em', 'i', 's', 'u', 'code', 'pre', 'blockquote', 'ul', 'ol', 'li', 'a', 'img', 'span'],
  allowedAttributes: {
    a: ['href', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    ol: ['start'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // A link that opens a new window may not reach back into the page that opened it.
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: attribs.target === '_blank' ? { ...attribs, rel: 'noopener noreferrer' } : attribs,
    }),
  },
};

export function sanitizeRichText(html: string): string {
  return sanitizeHtml()(html, OPTIONS).trim();
}
