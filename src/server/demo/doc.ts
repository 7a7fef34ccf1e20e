import type { TipTapNode, TTextContent } from '../../shared/schemas/lesson-content.ts';

/**
 * Small builders for the demo courses' lesson text, so the prose reads as prose. They produce the
 * same TipTap JSON the editor writes, inside the node set lesson content allows. `**bold**` and
 * `*italic*` inside a string become marks.
 */

function inline(text: string): TipTapNode[] {
  const nodes: TipTapNode[] = [];
  for (const part of text.split(/(\*\*[^*]+\*\*|\*[^*]+\*)/)) {
    if (!part) continue;
    if (part.startsWith('**')) nodes.push({ type: 'text', text: part.slice(2, -2), marks: [{ type: 'bold' }] });
    else if (part.startsWith('*')) nodes.push({ type: 'text', text: part.slice(1, -1), marks: [{ type: 'italic' }] });
    else nodes.push({ type: 'text', text: part });
  }
  return nodes;
}

export const p = (text: string): TipTapNode => ({ type: 'paragraph', content: inline(text) });
export const h2 = (text: string): TipTapNode => ({ type: 'heading', attrs: { level: 2 }, content: inline(text) });
export const h3 = (text: string): TipTapNode => ({ type: 'heading', attrs: { level: 3 }, content: inline(text) });
const item = (text: string): TipTapNode => ({ type: 'listItem', content: [p(text)] });
export const ul = (...items: string[]): TipTapNode => ({ type: 'bulletList', content: items.map(item) });
export const ol = (...items: string[]): TipTapNode => ({ type: 'orderedList', attrs: { start: 1 }, content: items.map(item) });
export const quote = (text: string): TipTapNode => ({ type: 'blockquote', content: [p(text)] });
export const callout = (variant: 'info' | 'tip' | 'warning', text: string): TipTapNode => ({
  type: 'callout',
  attrs: { variant },
  content: [p(text)],
});
export const table = (header: string[], ...rows: string[][]): TipTapNode => ({
  type: 'table',
  content: [
    { type: 'tableRow', content: header.map((cell) => ({ type: 'tableHeader', content: [p(cell)] })) },
    ...rows.map((row) => ({ type: 'tableRow', content: row.map((cell) => ({ type: 'tableCell', content: [p(cell)] })) })),
  ],
});

export const doc = (...content: TipTapNode[]): TTextContent => ({ type: 'doc', content });
