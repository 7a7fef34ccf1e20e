import {
  CALLOUT_VARIANTS,
  EMPTY_DOC,
  isSafeHref,
  UPLOAD_URL_PATTERN,
  type TipTapNode,
  type TTextContent,
} from '@shared/schemas/lesson-content.ts';

/**
 * Brings what the TipTap editor emits into exactly the shape ZTextContent accepts, so an autosave
 * never fails on something the author cannot see: attributes TipTap adds that the contract does
 * not know (a link's `title`), values a paste can carry (an image from another site, a code
 * language like "c.d", `start="x"` on a list, control characters in text) and anything outside
 * the fixed node set. Valid content passes through unchanged. No TipTap import: it is plain data.
 */

type Mark = NonNullable<TipTapNode['marks']>[number];
type Json = Record<string, unknown>;

const MAX_TEXT = 20_000;
const MAX_CHILDREN = 2000;
const MAX_DOC_CHILDREN = 5000;
const MAX_MARKS = 10;

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/g;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Text as safeString stores it: CR/CRLF as newline, no control characters. */
export function cleanText(value: string): string {
  return value.replace(/\r\n?/g, '\n').replace(CONTROL, '');
}

function optionalString(value: unknown, max: number): string | null {
  return typeof value === 'string' ? cleanText(value).slice(0, max) : null;
}

function optionalNumber(value: unknown): number | null {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : null;
}

function intIn(value: unknown, min: number, max: number, fallback: number): number {
  const n = optionalNumber(value);
  return n !== null && Number.isInteger(n) && n >= min && n <= max ? n : fallback;
}

function normaliseMarks(marks: unknown): Mark[] {
  if (!Array.isArray(marks)) return [];
  const out: Mark[] = [];
  const seen = new Set<string>();
  for (const mark of marks) {
    if (!isObject(mark) || typeof mark.type !== 'string' || seen.has(mark.type)) continue;
    switch (mark.type) {
      case 'bold':
      case 'italic':
      case 'strike':
      case 'underline':
      case 'code':
        out.push({ type: mark.type });
        break;
      case 'link': {
        const attrs = isObject(mark.attrs) ? mark.attrs : {};
        const href = typeof attrs.href === 'string' ? cleanText(attrs.href).trim() : '';
        if (!href || href.length > 2000 || !isSafeHref(href)) continue;
        const pick = (value: unknown, max: number) => (typeof value === 'string' && value.length <= max ? value : null);
        out.push({
          type: 'link',
          attrs: { href, target: pick(attrs.target, 20), rel: pick(attrs.rel, 100), class: pick(attrs.class, 100) },
        });
        break;
      }
      default:
        continue;
    }
    seen.add(mark.type);
  }
  return out.slice(0, MAX_MARKS);
}

function normaliseChildren(content: unknown, max = MAX_CHILDREN): TipTapNode[] | undefined {
  if (!Array.isArray(content)) return undefined;
  const out = content.flatMap((child) => normaliseNode(child));
  return out.slice(0, max);
}

/** A node with its children, and no `content` key when there are none (as ProseMirror writes it). */
function withChildren(node: TipTapNode, source: Json): TipTapNode {
  const content = normaliseChildren(source.content);
  return content && content.length > 0 ? { ...node, content } : node;
}

function cellAttrs(attrs: unknown): TipTapNode['attrs'] {
  const a = isObject(attrs) ? attrs : {};
  const colwidth =
    Array.isArray(a.colwidth) && a.colwidth.length <= 50 && a.colwidth.every((w) => typeof w === 'number' && Number.isFinite(w))
      ? (a.colwidth as number[])
      : null;
  return { colspan: intIn(a.colspan, 1, 50, 1), rowspan: intIn(a.rowspan, 1, 50, 1), colwidth };
}

/** One node as the contract allows it: [] to drop it, several when a long text is split. */
export function normaliseNode(node: unknown): TipTapNode[] {
  if (!isObject(node) || typeof node.type !== 'string') return [];
  const attrs = isObject(node.attrs) ? node.attrs : {};
  switch (node.type) {
    case 'text': {
      const text = typeof node.text === 'string' ? cleanText(node.text) : '';
      if (!text) return [];
      const marks = normaliseMarks(node.marks);
      const pieces: TipTapNode[] = [];
      for (let i = 0; i < text.length; i += MAX_TEXT) {
        pieces.push(
          marks.length > 0
            ? { type: 'text', text: text.slice(i, i + MAX_TEXT), marks }
            : { type: 'text', text: text.slice(i, i + MAX_TEXT) },
        );
      }
      return pieces;
    }
    case 'paragraph': {
      const align = attrs.textAlign;
      const base: TipTapNode =
        align === 'left' || align === 'center' || align === 'right' || align === 'justify'
          ? { type: 'paragraph', attrs: { textAlign: align } }
          : { type: 'paragraph' };
      return [withChildren(base, node)];
    }
    case 'heading': {
      const raw = intIn(attrs.level, 1, 6, 2);
      const level = Math.min(4, Math.max(2, raw));
      return [withChildren({ type: 'heading', attrs: { level } }, node)];
    }
    case 'bulletList':
    case 'listItem':
    case 'blockquote':
    case 'table':
    case 'tableRow':
      return [withChildren({ type: node.type }, node)];
    case 'orderedList': {
      const type = typeof attrs.type === 'string' && attrs.type.length <= 10 ? attrs.type : null;
      return [withChildren({ type: 'orderedList', attrs: { start: intIn(attrs.start, 0, 10_000, 1), type } }, node)];
    }
    case 'codeBlock': {
      const language =
        typeof attrs.language === 'string' && attrs.language.length <= 30 && /^[\w+#-]*$/.test(attrs.language) ? attrs.language : null;
      return [withChildren({ type: 'codeBlock', attrs: { language } }, node)];
    }
    case 'horizontalRule':
      return [{ type: 'horizontalRule' }];
    case 'hardBreak': {
      const marks = normaliseMarks(node.marks);
      return [marks.length > 0 ? { type: 'hardBreak', marks } : { type: 'hardBreak' }];
    }
    case 'image': {
      const src = typeof attrs.src === 'string' ? attrs.src : '';
      if (!UPLOAD_URL_PATTERN.test(src)) return [];
      return [
        {
          type: 'image',
          attrs: {
            src,
            alt: optionalString(attrs.alt, 500),
            title: optionalString(attrs.title, 500),
            width: optionalNumber(attrs.width),
            height: optionalNumber(attrs.height),
          },
        },
      ];
    }
    case 'callout': {
      const variant = (CALLOUT_VARIANTS as readonly unknown[]).includes(attrs.variant) ? (attrs.variant as string) : 'info';
      return [withChildren({ type: 'callout', attrs: { variant } }, node)];
    }
    case 'tableHeader':
    case 'tableCell':
      return [withChildren({ type: node.type, attrs: cellAttrs(node.attrs) }, node)];
    default:
      return [];
  }
}

/** A whole document as ZTextContent accepts it; anything that is not a document becomes an empty one. */
export function normaliseDoc(doc: unknown): TTextContent {
  if (!isObject(doc) || doc.type !== 'doc') return EMPTY_DOC;
  const content = normaliseChildren(doc.content, MAX_DOC_CHILDREN) ?? [];
  return { type: 'doc', content: content.length > 0 ? content : [{ type: 'paragraph' }] };
}
