import type { LessonKind, TipTapNode } from '../../../../shared/schemas/lesson-content.ts';

/**
 * The words of a lesson, taken out of its content and put back after translation.
 * Only text a person reads is taken — TipTap text nodes, image alt and title, a quiz's prompts,
 * hints, explanations, options, feedback and accepted answers, download titles — and put back at
 * the very place it came from, so the structure, marks, links, images, ids and answer keys are
 * the original's. The model never sees or writes the content's JSON.
 */
export interface Extraction<T> {
  texts: string[];
  /** The content with each text replaced by its translation, in the order of `texts`. */
  apply(translations: readonly string[]): T;
}

type Setter = (value: string) => void;

function take(texts: string[], setters: Setter[], value: unknown, set: Setter): void {
  if (typeof value !== 'string' || !value.trim()) return;
  texts.push(value);
  setters.push(set);
}

function walkDoc(node: TipTapNode, texts: string[], setters: Setter[]): void {
  if (node.type === 'text') take(texts, setters, node.text, (v) => (node.text = v));
  if (node.type === 'image' && node.attrs) {
    const attrs = node.attrs;
    take(texts, setters, attrs.alt, (v) => (attrs.alt = v));
    take(texts, setters, attrs.title, (v) => (attrs.title = v));
  }
  // Code is not translated: it means the same in any language.
  if (node.type === 'codeBlock') return;
  for (const child of node.content ?? []) walkDoc(child, texts, setters);
}

type Json = Record<string, unknown>;

function collect(kind: LessonKind, content: Json, texts: string[], setters: Setter[]): void {
  if (kind === 'text') walkDoc(content as TipTapNode, texts, setters);
  if ((kind === 'video' || kind === 'download') && content.notes) walkDoc(content.notes as TipTapNode, texts, setters);
  if (kind === 'download') {
    for (const file of (content.files as Json[] | undefined) ?? []) take(texts, setters, file.title, (v) => (file.title = v));
  }
  if (kind === 'quiz') {
    for (const q of (content.questions as Json[] | undefined) ?? []) {
      for (const field of ['prompt', 'hint', 'explanation'] as const) take(texts, setters, q[field], (v) => (q[field] = v));
      for (const option of (q.options as Json[] | undefined) ?? []) {
        take(texts, setters, option.text, (v) => (option.text = v));
        take(texts, setters, option.feedback, (v) => (option.feedback = v));
      }
      const accepted = (q.acceptedAnswers as string[] | undefined) ?? [];
      accepted.forEach((a, i) => take(texts, setters, a, (v) => (accepted[i] = v)));
    }
  }
}

export function lessonTexts<T>(kind: LessonKind, content: T): Extraction<T> {
  const copy = structuredClone(content) as Json;
  const texts: string[] = [];
  const setters: Setter[] = [];
  collect(kind, copy, texts, setters);
  return {
    texts,
    apply(translations) {
      if (translations.length !== setters.length) throw new Error(`expected ${setters.length} translations, got ${translations.length}`);
      translations.forEach((t, i) => setters[i]!(keepEdges(texts[i]!, t)));
      return copy as T;
    },
  };
}

/**
 * A text node next to a bold word keeps its edge spaces ("Brug " + bold "altid"); a model often
 * trims them, which would glue words together, so the original's edges are put back.
 */
export function keepEdges(original: string, translated: string): string {
  const lead = /^\s*/.exec(original)![0];
  const trail = /\s*$/.exec(original)![0];
  const core = translated.trim();
  return core ? `${lead}${core}${trail}` : original;
}

/** Splits segments into batches of at most `maxItems` and about `maxChars`, so each call stays small. */
export function batches<T extends { text: string }>(items: readonly T[], maxItems = 60, maxChars = 8000): T[][] {
  const out: T[][] = [];
  let current: T[] = [];
  let size = 0;
  for (const item of items) {
    if (current.length && (current.length >= maxItems || size + item.text.length > maxChars)) {
      out.push(current);
      current = [];
      size = 0;
    }
    current.push(item);
    size += item.text.length;
  }
  if (current.length) out.push(current);
  return out;
}
