import type { TipTapNode, TTextContent } from '../../../../shared/schemas/lesson-content.ts';
import type { AiLanguage } from '../../../ai/task.ts';
import type { TLessonOutput } from '../../../ai/tasks/generate-lesson/schema.ts';

/**
 * A generated lesson (structure, never HTML) as the course model's TipTap document, built only
 * from the nodes text lessons allow: headings, paragraphs, bullet lists and a tip callout for the
 * example. The model's text is only ever a text node's text, so it cannot add nodes or marks.
 */

const KEY_POINTS: Record<AiLanguage, string> = { da: 'Vigtigste pointer', en: 'Key points' };
const EXAMPLE: Record<AiLanguage, string> = { da: 'Eksempel', en: 'Example' };

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/g;

/** Plain text for a text node: no control characters, no surrounding space. */
function clean(value: string): string {
  return value.replace(/\r\n?/g, '\n').replace(CONTROL, '').trim();
}

const text = (value: string, bold = false): TipTapNode => ({
  type: 'text',
  text: value,
  ...(bold && { marks: [{ type: 'bold' as const }] }),
});

/** One paragraph per block of text; a single line break inside one is kept as a hard break. */
function paragraphs(value: string): TipTapNode[] {
  return clean(value)
    .split(/\n\s*\n/)
    .map((block) =>
      block
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean),
    )
    .filter((lines) => lines.length > 0)
    .map((lines) => ({
      type: 'paragraph',
      content: lines.flatMap((line, i) => (i === 0 ? [text(line)] : [{ type: 'hardBreak' }, text(line)])),
    }));
}

const heading = (level: 2 | 3, value: string): TipTapNode => ({
  type: 'heading',
  attrs: { level, textAlign: null },
  content: [text(clean(value))],
});

function bulletList(items: string[]): TipTapNode[] {
  const listItems = items
    .map(clean)
    .filter(Boolean)
    .map((item) => ({ type: 'listItem', content: [{ type: 'paragraph', content: [text(item)] }] }));
  return listItems.length > 0 ? [{ type: 'bulletList', content: listItems }] : [];
}

export function lessonDocument(lesson: TLessonOutput, language: AiLanguage): TTextContent {
  const content: TipTapNode[] = [...paragraphs(lesson.introduction)];
  for (const section of lesson.sections) {
    if (clean(section.heading)) content.push(heading(2, section.heading));
    for (const paragraph of section.paragraphs) content.push(...paragraphs(paragraph));
    content.push(...bulletList(section.bullets));
  }
  const exampleTitle = clean(lesson.example.title) || EXAMPLE[language];
  content.push({
    type: 'callout',
    attrs: { variant: 'tip' },
    content: [{ type: 'paragraph', content: [text(`${EXAMPLE[language]}: ${exampleTitle}`, true)] }, ...paragraphs(lesson.example.text)],
  });
  const points = bulletList(lesson.key_points);
  if (points.length > 0) content.push(heading(2, KEY_POINTS[language]), ...points);
  return { type: 'doc', content: content.length > 0 ? content : [{ type: 'paragraph' }] };
}

/** A text lesson's words, for the quiz prompt: the text nodes joined, cut at `max` characters. */
export function plainText(doc: unknown, max = 4000): string {
  const parts: string[] = [];
  let length = 0;
  const stack: unknown[] = [doc];
  while (stack.length > 0 && length < max) {
    const node = stack.shift() as { type?: unknown; text?: unknown; content?: unknown } | null;
    if (!node || typeof node !== 'object') continue;
    if (node.type === 'text' && typeof node.text === 'string') {
      parts.push(node.text);
      length += node.text.length + 1;
    }
    if (Array.isArray(node.content)) stack.unshift(...(node.content as unknown[]));
  }
  return parts.join(' ').slice(0, max);
}
