import type { TipTapNode, TTextContent } from '../../../../shared/schemas/lesson-content.ts';
import { escapeHtml } from '../../../http/escape-html.ts';

/**
 * A text lesson's TipTap document as static HTML for an exported package. The document is already
 * restricted to the lesson schema's nodes and marks; everything it holds is escaped here, links
 * keep only the addresses the schema allows, and images point at the package's own copy of the
 * upload (or are left out when the upload is not in the package).
 */

export interface HtmlContext {
  /** The package path of an upload (`/api/uploads/:id`'s id), or null when it is not in the package. */
  media(uploadId: string): string | null;
  /** An absolute address for a link (site paths resolved against the company's site), or null to keep only its text. */
  link(href: string): string | null;
}

const ALIGNS = new Set(['center', 'right', 'justify']);
const alignClass = (node: TipTapNode) => {
  const align = node.attrs?.textAlign;
  return typeof align === 'string' && ALIGNS.has(align) ? ` class="align-${align}"` : '';
};

function marked(node: TipTapNode, ctx: HtmlContext): string {
  let out = escapeHtml(node.text ?? '');
  for (const mark of node.marks ?? []) {
    switch (mark.type) {
      case 'bold':
        out = `<strong>${out}</strong>`;
        break;
      case 'italic':
        out = `<em>${out}</em>`;
        break;
      case 'strike':
        out = `<s>${out}</s>`;
        break;
      case 'underline':
        out = `<u>${out}</u>`;
        break;
      case 'code':
        out = `<code>${out}</code>`;
        break;
      case 'link': {
        const href = ctx.link(mark.attrs.href);
        if (href) out = `<a href="${escapeHtml(href)}" target="_blank" rel="noopener noreferrer">${out}</a>`;
        break;
      }
    }
  }
  return out;
}

function cell(node: TipTapNode, tag: 'th' | 'td', ctx: HtmlContext): string {
  const span = (name: 'colspan' | 'rowspan') => {
    const value = node.attrs?.[name];
    return typeof value === 'number' && value > 1 ? ` ${name}="${value}"` : '';
  };
  return `<${tag}${span('colspan')}${span('rowspan')}>${inner(node, ctx)}</${tag}>`;
}

const inner = (node: TipTapNode, ctx: HtmlContext) => (node.content ?? []).map((child) => render(child, ctx)).join('');

function render(node: TipTapNode, ctx: HtmlContext): string {
  switch (node.type) {
    case 'text':
      return marked(node, ctx);
    case 'hardBreak':
      return '<br>';
    case 'paragraph':
      return `<p${alignClass(node)}>${inner(node, ctx)}</p>`;
    case 'heading': {
      const level = node.attrs?.level === 3 || node.attrs?.level === 4 ? node.attrs.level : 2;
      return `<h${level}${alignClass(node)}>${inner(node, ctx)}</h${level}>`;
    }
    case 'bulletList':
      return `<ul>${inner(node, ctx)}</ul>`;
    case 'orderedList': {
      const start = node.attrs?.start;
      return `<ol${typeof start === 'number' && start !== 1 ? ` start="${start}"` : ''}>${inner(node, ctx)}</ol>`;
    }
    case 'listItem':
      return `<li>${inner(node, ctx)}</li>`;
    case 'blockquote':
      return `<blockquote>${inner(node, ctx)}</blockquote>`;
    case 'codeBlock':
      return `<pre><code>${inner(node, ctx)}</code></pre>`;
    case 'horizontalRule':
      return '<hr>';
    case 'image': {
      const src = typeof node.attrs?.src === 'string' ? ctx.media(node.attrs.src.slice(node.attrs.src.lastIndexOf('/') + 1)) : null;
      if (!src) return '';
      const alt = typeof node.attrs?.alt === 'string' ? node.attrs.alt : '';
      return `<img src="${escapeHtml(src)}" alt="${escapeHtml(alt)}">`;
    }
    case 'callout': {
      const variant = node.attrs?.variant === 'tip' || node.attrs?.variant === 'warning' ? node.attrs.variant : 'info';
      return `<aside class="callout callout-${variant}">${inner(node, ctx)}</aside>`;
    }
    case 'table':
      return `<div class="table"><table><tbody>${inner(node, ctx)}</tbody></table></div>`;
    case 'tableRow':
      return `<tr>${inner(node, ctx)}</tr>`;
    case 'tableHeader':
      return cell(node, 'th', ctx);
    case 'tableCell':
      return cell(node, 'td', ctx);
    default:
      return '';
  }
}

export const documentHtml = (doc: TTextContent | undefined, ctx: HtmlContext) =>
  doc ? doc.content.map((n) => render(n, ctx)).join('\n') : '';

/** Upload ids a document's images point at. */
export function documentImages(doc: TTextContent | undefined): string[] {
  const ids: string[] = [];
  const visit = (node: TipTapNode) => {
    if (node.type === 'image' && typeof node.attrs?.src === 'string') ids.push(node.attrs.src.slice(node.attrs.src.lastIndexOf('/') + 1));
    node.content?.forEach(visit);
  };
  doc?.content.forEach(visit);
  return ids;
}
