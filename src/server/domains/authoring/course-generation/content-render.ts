import { ZTextContent, type TipTapNode, type TTextContent } from '../../../../shared/schemas/lesson-content.ts';
import type { Block } from './content-blocks.ts';

/**
 * The two renderings of generated material: a lesson document of the course model's own TipTap
 * nodes (what insert-content stores, checked against the lesson schema here so it always fits)
 * and plain text for copying and downloading. Model text only ever becomes text nodes.
 */

const text = (value: string, bold = false): TipTapNode =>
  bold ? { type: 'text', text: value, marks: [{ type: 'bold' }] } : { type: 'text', text: value };

/** A paragraph per line: a line break in the model's text is a paragraph break in the document. */
function paragraphs(value: string, label?: string): TipTapNode[] {
  const lines = value
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  return lines.map((line, i) => ({
    type: 'paragraph',
    content: i === 0 && label ? [text(`${label}: `, true), text(line)] : [text(line)],
  }));
}

function node(block: Block): TipTapNode[] {
  switch (block.kind) {
    case 'heading':
      return [{ type: 'heading', attrs: { level: block.level }, content: [text(block.text)] }];
    case 'paragraph':
      return paragraphs(block.text, block.label);
    case 'list':
      return [{ type: 'bulletList', content: block.items.map((item) => ({ type: 'listItem', content: paragraphs(item) })) }];
    case 'note':
      return [{ type: 'callout', attrs: { variant: block.variant }, content: paragraphs(block.text, block.label) }];
  }
}

export function toDocument(blocks: Block[]): TTextContent {
  // Parsed, not cast: a document the lesson schema would refuse is a bug here, not the user's problem later.
  return ZTextContent.parse({ type: 'doc', content: blocks.flatMap(node) });
}

export function toPlainText(title: string, blocks: Block[]): string {
  const out: string[] = [title, '='.repeat(Math.min(title.length, 80)), ''];
  for (const block of blocks) {
    switch (block.kind) {
      case 'heading':
        out.push('', block.text, (block.level === 2 ? '-' : '~').repeat(Math.min(block.text.length, 80)));
        break;
      case 'paragraph':
        out.push(block.label ? `${block.label}: ${block.text}` : block.text, '');
        break;
      case 'list':
        out.push(...block.items.map((item) => `- ${item}`), '');
        break;
      case 'note':
        out.push(`${block.label}: ${block.text}`, '');
        break;
    }
  }
  return `${out
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()}\n`;
}
