import { Fragment, type ReactNode } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { CALLOUT_VARIANTS, isSafeHref, UPLOAD_URL_PATTERN } from '@shared/lesson-display.ts';
import { cn } from '@/lib/cn';

/**
 * The read-only renderer of lesson text: it walks the TipTap JSON and gives each allowed node and
 * mark its own React element. It never renders HTML from content, drops nodes it does not know,
 * and renders a link only when its address is safe. No TipTap import: this is what learners load.
 */

type Json = Record<string, unknown>;
type CalloutVariant = (typeof CALLOUT_VARIANTS)[number];

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function childrenOf(node: Json, labels: CalloutLabels): ReactNode[] {
  return Array.isArray(node.content) ? node.content.map((child, index) => renderNode(child, index, labels)) : [];
}

function attr(node: Json, name: string): unknown {
  return isObject(node.attrs) ? node.attrs[name] : undefined;
}

function spanAttr(node: Json, name: string): number | undefined {
  const value = attr(node, name);
  return typeof value === 'number' && Number.isInteger(value) && value > 1 && value <= 50 ? value : undefined;
}

/** A link that leaves the site opens in a new tab and tells the page nothing about where it came from. */
function isExternal(href: string): boolean {
  return /^https?:/i.test(href);
}

function wrapMark(mark: unknown, child: ReactNode, key: number): ReactNode {
  if (!isObject(mark)) return child;
  switch (mark.type) {
    case 'bold':
      return <strong key={key}>{child}</strong>;
    case 'italic':
      return <em key={key}>{child}</em>;
    case 'strike':
      return <s key={key}>{child}</s>;
    case 'underline':
      return <u key={key}>{child}</u>;
    case 'code':
      return <code key={key}>{child}</code>;
    case 'link': {
      const href = attr(mark, 'href');
      if (typeof href !== 'string' || !isSafeHref(href)) return child;
      return isExternal(href) ? (
        <a key={key} href={href} target="_blank" rel="noopener noreferrer">
          {child}
        </a>
      ) : (
        <a key={key} href={href}>
          {child}
        </a>
      );
    }
    default:
      return child;
  }
}

function renderText(node: Json, key: number): ReactNode {
  if (typeof node.text !== 'string' || node.text === '') return null;
  const marks = Array.isArray(node.marks) ? node.marks : [];
  // The first mark is the outermost element, as ProseMirror orders them.
  let out: ReactNode = node.text;
  for (let i = marks.length - 1; i >= 0; i -= 1) out = wrapMark(marks[i], out, i);
  return <Fragment key={key}>{out}</Fragment>;
}

export type CalloutLabels = Record<CalloutVariant, string>;

function renderNode(node: unknown, key: number, labels: CalloutLabels): ReactNode {
  if (!isObject(node) || typeof node.type !== 'string') return null;
  switch (node.type) {
    case 'text':
      return renderText(node, key);
    case 'paragraph':
      return <p key={key}>{childrenOf(node, labels)}</p>;
    case 'heading': {
      const level = attr(node, 'level');
      const children = childrenOf(node, labels);
      if (level === 3) return <h3 key={key}>{children}</h3>;
      if (level === 4) return <h4 key={key}>{children}</h4>;
      return <h2 key={key}>{children}</h2>;
    }
    case 'bulletList':
      return <ul key={key}>{childrenOf(node, labels)}</ul>;
    case 'orderedList': {
      const start = attr(node, 'start');
      return (
        <ol key={key} start={typeof start === 'number' && Number.isInteger(start) && start !== 1 ? start : undefined}>
          {childrenOf(node, labels)}
        </ol>
      );
    }
    case 'listItem':
      return <li key={key}>{childrenOf(node, labels)}</li>;
    case 'blockquote':
      return <blockquote key={key}>{childrenOf(node, labels)}</blockquote>;
    case 'codeBlock':
      return (
        <pre key={key}>
          <code>{childrenOf(node, labels)}</code>
        </pre>
      );
    case 'horizontalRule':
      return <hr key={key} />;
    case 'hardBreak':
      return <br key={key} />;
    case 'image': {
      const src = attr(node, 'src');
      if (typeof src !== 'string' || !UPLOAD_URL_PATTERN.test(src)) return null;
      const alt = attr(node, 'alt');
      const title = attr(node, 'title');
      return (
        <img
          key={key}
          src={src}
          alt={typeof alt === 'string' ? alt : ''}
          title={typeof title === 'string' && title ? title : undefined}
          loading="lazy"
        />
      );
    }
    case 'callout': {
      const raw = attr(node, 'variant');
      const variant: CalloutVariant = (CALLOUT_VARIANTS as readonly unknown[]).includes(raw) ? (raw as CalloutVariant) : 'info';
      return (
        <aside key={key} role="note" aria-label={labels[variant]} data-callout={variant}>
          {childrenOf(node, labels)}
        </aside>
      );
    }
    case 'table': {
      const rows = childrenOf(node, labels);
      return (
        <div key={key} className="lesson-table">
          <table>
            <tbody>{rows}</tbody>
          </table>
        </div>
      );
    }
    case 'tableRow':
      return <tr key={key}>{childrenOf(node, labels)}</tr>;
    case 'tableHeader':
      return (
        <th key={key} colSpan={spanAttr(node, 'colspan')} rowSpan={spanAttr(node, 'rowspan')}>
          {childrenOf(node, labels)}
        </th>
      );
    case 'tableCell':
      return (
        <td key={key} colSpan={spanAttr(node, 'colspan')} rowSpan={spanAttr(node, 'rowspan')}>
          {childrenOf(node, labels)}
        </td>
      );
    default:
      return null;
  }
}

export interface RichTextViewProps {
  doc: unknown;
  className?: string;
}

/** Lesson text as a learner reads it. */
export function RichTextView({ doc, className }: RichTextViewProps) {
  const { t } = useTranslation('lesson-editors');
  const labels: CalloutLabels = { info: t('callout.info'), tip: t('callout.tip'), warning: t('callout.warning') };
  const content = isObject(doc) && doc.type === 'doc' && Array.isArray(doc.content) ? doc.content : [];
  return <div className={cn('lesson-prose', className)}>{content.map((node, index) => renderNode(node, index, labels))}</div>;
}
