import type { TipTapNode } from '../../../../../shared/schemas/lesson-content.ts';

/**
 * A lesson's text in passages for retrieval: each a few hundred to about a thousand
 * characters, cut at headings and paragraphs (sentences, then words, only inside an over-long
 * paragraph), each heading kept with the text under it and repeated at the top of a section's later
 * passages so every passage reads on its own.
 *
 * What is indexed: a text lesson's document; a video or download lesson's notes (a generated video
 * script lives there) and its files' titles. A quiz is never indexed: it holds the correct answers,
 * which the coach must never see.
 */

export interface LessonPassage {
  /** The heading of the section the passage starts in; null before the lesson's first heading. */
  heading: string | null;
  text: string;
}

/** Passages end before this length when the next block would take them past it. */
export const PASSAGE_MAX = 1000;
/** A section shorter than this joins the next one rather than standing alone. */
export const PASSAGE_MIN = 300;
/** A heading longer than this is cut (it is repeated over its section's passages). */
const HEADING_MAX = 200;

interface Block {
  text: string;
  heading?: boolean;
  /** Joined to the block before by a line break, not a blank line (list items, table rows). */
  tight?: boolean;
}

export function lessonPassages(kind: string, content: string): LessonPassage[] {
  if (kind === 'quiz') return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(content);
  } catch {
    return [];
  }
  if (!isObject(parsed)) return [];
  const blocks: Block[] = [];
  if (kind === 'text') documentBlocks(parsed, blocks);
  else if (kind === 'video' || kind === 'download') {
    if (isObject(parsed.notes)) documentBlocks(parsed.notes, blocks);
    if (kind === 'download' && Array.isArray(parsed.files)) {
      parsed.files.forEach((file: unknown, i) => {
        const title = isObject(file) && typeof file.title === 'string' ? clean(file.title) : '';
        if (title) blocks.push({ text: `- ${title}`, tight: i > 0 });
      });
    }
  }
  return assemble(blocks);
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function clean(text: string): string {
  return text
    .replace(/[ \t\u00a0]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .trim();
}

/** The text of a node's inline content (text and line breaks). */
function inline(node: TipTapNode): string {
  if (node.type === 'text') return node.text ?? '';
  if (node.type === 'hardBreak') return '\n';
  return (node.content ?? []).map(inline).join('');
}

function documentBlocks(doc: Record<string, unknown>, blocks: Block[]): void {
  const content = Array.isArray(doc.content) ? (doc.content as TipTapNode[]) : [];
  for (const node of content) nodeBlocks(node, blocks);
}

function nodeBlocks(node: TipTapNode, blocks: Block[]): void {
  if (!isObject(node)) return;
  const push = (text: string, extra: Omit<Block, 'text'> = {}) => {
    const t = clean(text);
    if (t) blocks.push({ text: t, ...extra });
  };
  switch (node.type) {
    case 'heading':
      push(inline(node), { heading: true });
      return;
    case 'paragraph':
    case 'codeBlock':
      push(inline(node));
      return;
    case 'bulletList':
    case 'orderedList': {
      const start = node.type === 'orderedList' && typeof node.attrs?.start === 'number' ? node.attrs.start : 1;
      (node.content ?? []).forEach((item, i) => {
        const [first, ...rest] = item.content ?? [];
        if (first?.type === 'paragraph') push(`${node.type === 'orderedList' ? `${start + i}.` : '-'} ${inline(first)}`, { tight: i > 0 });
        else if (first) nodeBlocks(first, blocks);
        for (const child of rest) nodeBlocks(child, blocks);
      });
      return;
    }
    case 'table':
      (node.content ?? []).forEach((row, i) => {
        push((row.content ?? []).map((cell) => clean((cell.content ?? []).map(inline).join(' '))).join(' | '), { tight: i > 0 });
      });
      return;
    case 'image': {
      const alt = node.attrs?.alt;
      if (typeof alt === 'string') push(alt);
      return;
    }
    case 'text':
      push(node.text ?? '');
      return;
    default:
      // Blockquotes, callouts, list items; a horizontal rule has nothing.
      for (const child of node.content ?? []) nodeBlocks(child, blocks);
  }
}

/** Blocks into passages (see the module's comment). */
function assemble(blocks: Block[]): LessonPassage[] {
  const passages: LessonPassage[] = [];
  let section: string | null = null;
  let heading: string | null = null;
  let text = '';
  let hasBody = false;

  const flush = () => {
    if (hasBody) passages.push({ heading, text });
    text = '';
    hasBody = false;
  };
  const append = (piece: string, tight: boolean) => {
    text = text ? `${text}${tight ? '\n' : '\n\n'}${piece}` : piece;
  };

  for (const block of blocks) {
    if (block.heading) {
      if (hasBody && text.length >= PASSAGE_MIN) flush();
      // Headings with nothing between them stay together; a short section joins the next one.
      section = block.text.slice(0, HEADING_MAX);
      if (!hasBody) heading = section;
      append(section, false);
      continue;
    }
    for (const piece of pieces(block.text)) {
      if (hasBody && text.length + piece.length + 2 > PASSAGE_MAX) {
        flush();
        heading = section;
        if (section) append(section, false);
      }
      append(piece, block.tight === true && hasBody);
      hasBody = true;
    }
  }
  flush();
  return passages;
}

/** A block as it is, or cut at sentence ends (then spaces) into parts of at most PASSAGE_MAX. */
function pieces(text: string): string[] {
  if (text.length <= PASSAGE_MAX) return [text];
  return pack(text.split(/(?<=[.!?…:;])\s+|\n+/).flatMap((sentence) => (sentence.length > PASSAGE_MAX ? words(sentence) : [sentence])));
}

/** A sentence too long for a passage, cut at spaces (a word longer than a passage, in slices). */
function words(sentence: string): string[] {
  return pack(
    sentence
      .split(/\s+/)
      .flatMap((word) =>
        Array.from({ length: Math.ceil(word.length / PASSAGE_MAX) }, (_, i) => word.slice(i * PASSAGE_MAX, (i + 1) * PASSAGE_MAX)),
      ),
  );
}

/** Parts (each at most PASSAGE_MAX) joined with spaces into as few strings of at most PASSAGE_MAX as they fill, in order. */
function pack(parts: readonly string[]): string[] {
  const out: string[] = [];
  let current = '';
  for (const part of parts) {
    if (current && current.length + 1 + part.length > PASSAGE_MAX) {
      out.push(current);
      current = '';
    }
    current = current ? `${current} ${part}` : part;
  }
  if (current) out.push(current);
  return out;
}
