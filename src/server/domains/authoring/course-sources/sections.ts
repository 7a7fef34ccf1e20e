import { SOURCE_LIMITS } from '../../../../shared/schemas/course-sources.ts';
import type { Block } from './extract.ts';

export interface Section {
  number: number;
  heading: string;
  /** 'page:3', 'page:3-4', 'slide:2', 'slide:2-3' or 'document'. */
  locator: string;
  text: string;
}

/** Whitespace as a reader sees it: one space within a line, no runs of blank lines, no controls. */
export function tidy(text: string): string {
  // Control characters other than tab and newline are noise a PDF or DOCX carries, never text.
  return (
    text
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, '')
      .split(/\r?\n/)
      .map((line) => line.replace(/\s+/g, ' ').trim())
      .join('\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim()
  );
}

/** page:3 + page:5 → page:3-5; different kinds keep the first. */
function spanLocator(first: string, last: string): string {
  const a = /^(page|slide):(\d+)/.exec(first);
  const b = /^(page|slide):(?:\d+-)?(\d+)$/.exec(last);
  if (!a || !b || a[1] !== b[1] || a[2] === b[2]) return first;
  return `${a[1]}:${a[2]}-${b[2]}`;
}

interface Draft {
  heading: string;
  first: string;
  last: string;
  parts: string[];
  size: number;
}

/**
 * Splits a document into sections a lesson can cite and a prompt can carry whole: a new section at
 * each heading of level 1–2, each slide and (for a PDF, which has no headings) each page; a section
 * longer than the limit is cut at paragraph ends, and pieces shorter than the minimum are joined
 * to the next, so a title slide or a lone heading is not a section of its own.
 */
export function toSections(blocks: readonly Block[], fallbackHeading: string): Section[] {
  const drafts: Draft[] = [];
  const open = (heading: string, locator: string): Draft => {
    const draft = { heading: heading.slice(0, 200), first: locator, last: locator, parts: [], size: 0 };
    drafts.push(draft);
    return draft;
  };
  let current: Draft | null = null;
  for (const block of blocks) {
    const text = tidy(block.text);
    if (!text) continue;
    if (block.kind === 'heading' && block.level <= 2) {
      current = open(text, block.locator);
      continue;
    }
    // A new page or slide starts a section; joined again below when it is short.
    if (!current || (block.locator !== current.last && block.locator !== 'document')) current = open(firstLine(text), block.locator);
    for (const piece of pieces(text)) {
      if (current.size > 0 && current.size + piece.length > SOURCE_LIMITS.sectionCharacters) current = open(current.heading, block.locator);
      current.parts.push(piece);
      current.size += piece.length + 2;
      current.last = block.locator;
    }
  }
  const merged: Draft[] = [];
  for (const draft of drafts) {
    const previous = merged.at(-1);
    if (previous && previous.size < SOURCE_LIMITS.minSectionCharacters && previous.size + draft.size <= SOURCE_LIMITS.sectionCharacters) {
      previous.parts.push(...(previous.heading === draft.heading || !draft.parts.length ? [] : [draft.heading]), ...draft.parts);
      previous.size += draft.size;
      previous.last = draft.last;
      continue;
    }
    merged.push(draft);
  }
  return merged
    .filter((d) => d.parts.length > 0)
    .map((d, i) => ({
      number: i + 1,
      heading: d.heading || fallbackHeading,
      locator: spanLocator(d.first, d.last),
      text: d.parts.join('\n\n'),
    }));
}

function firstLine(text: string): string {
  const line = text.split('\n')[0] ?? text;
  return line.length > 80 ? `${line.slice(0, 77).trimEnd()}…` : line;
}

function pieces(text: string): string[] {
  if (text.length <= SOURCE_LIMITS.sectionCharacters) return [text];
  const out: string[] = [];
  let rest = text;
  while (rest.length > SOURCE_LIMITS.sectionCharacters) {
    const window = rest.slice(0, SOURCE_LIMITS.sectionCharacters);
    const cut = Math.max(window.lastIndexOf('\n'), window.lastIndexOf('. ') + 1);
    const at = cut > SOURCE_LIMITS.sectionCharacters / 2 ? cut : SOURCE_LIMITS.sectionCharacters;
    out.push(rest.slice(0, at).trim());
    rest = rest.slice(at).trim();
  }
  if (rest) out.push(rest);
  return out;
}
