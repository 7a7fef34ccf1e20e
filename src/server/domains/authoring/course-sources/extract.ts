import type { SourceFormat } from '../../../../shared/schemas/course-sources.ts';
import { AppError } from '../../../http/errors.ts';

/** A piece of a document as read: a heading, or text under the place it was found. */
export type Block = { kind: 'heading'; level: number; text: string; locator: string } | { kind: 'text'; text: string; locator: string };

export interface Extracted {
  format: SourceFormat;
  /** The document's own title when it states one. */
  title: string | null;
  blocks: Block[];
}

/**
 * Each reader is imported by the first file that needs it, not at start: together they are some MB
 * of code that a server whose users never upload a source would hold for nothing. The promises are
 * kept, so each loads once.
 */
function once<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => (loading ??= load());
}
const fileType = once(() => import('file-type'));
const markdown = once(() => import('micromark'));
const pdfReader = once(() => import('unpdf'));
const officeReader = once(() => import('./ooxml.ts'));

const BINARY: Record<string, SourceFormat> = {
  'application/pdf': 'pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'pptx',
};

export const badType = () => new AppError('UNSUPPORTED_TYPE', 415, 'source.badType');
const unreadable = () => new AppError('UNREADABLE_FILE', 422, 'source.unreadable');

/**
 * Which format a file is, from its bytes (never the name or the browser's claim) for PDF, DOCX and
 * PPTX; a file with no binary signature is Markdown or text only when its name says so and its
 * bytes are valid UTF-8 without NULs.
 */
export async function detectFormat(bytes: Buffer, filename: string): Promise<SourceFormat> {
  const type = await (await fileType()).fileTypeFromBuffer(bytes);
  if (type) {
    const format = BINARY[type.mime];
    if (!format) throw badType();
    return format;
  }
  const extension = /\.([a-z]+)$/i.exec(filename)?.[1]?.toLowerCase();
  const textual = extension === 'md' || extension === 'markdown' ? 'md' : extension === 'txt' ? 'txt' : null;
  if (!textual || bytes.includes(0)) throw badType();
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw badType();
  }
  return textual;
}

/**
 * Markdown: a heading (ATX or setext, as CommonMark reads them, so a "#" in a code block is no
 * heading) starts a part; the text between headings is kept as written, by paragraphs.
 */
async function markdownBlocks(bytes: Buffer): Promise<Extracted> {
  const { parse, postprocess, preprocess } = await markdown();
  const source = bytes.toString('utf8').replace(/^\uFEFF/, '');
  const events = postprocess(
    parse()
      .document()
      .write(preprocess()(source, undefined, true)),
  );
  const blocks: Block[] = [];
  const paragraphs = (text: string) => {
    for (const p of text.split(/\r?\n\s*\r?\n/)) if (p.trim()) blocks.push({ kind: 'text', text: p.trim(), locator: 'document' });
  };
  let offset = 0;
  let level = 0;
  let heading = '';
  for (const [kind, token, context] of events) {
    if (kind === 'enter' && (token.type === 'atxHeading' || token.type === 'setextHeading') && level === 0) {
      paragraphs(source.slice(offset, token.start.offset));
      level = token.type === 'setextHeading' ? 2 : 1;
      heading = '';
    } else if (level > 0 && kind === 'enter' && token.type === 'atxHeadingSequence') {
      level = context.sliceSerialize(token).length;
    } else if (level > 0 && kind === 'enter' && token.type === 'setextHeadingLineSequence') {
      level = context.sliceSerialize(token).startsWith('=') ? 1 : 2;
    } else if (level > 0 && kind === 'enter' && (token.type === 'atxHeadingText' || token.type === 'setextHeadingText')) {
      heading = context.sliceSerialize(token);
    } else if (kind === 'exit' && (token.type === 'atxHeading' || token.type === 'setextHeading') && level > 0) {
      blocks.push({ kind: 'heading', level, text: heading, locator: 'document' });
      offset = token.end.offset;
      level = 0;
    }
  }
  paragraphs(source.slice(offset));
  return { format: 'md', title: null, blocks };
}

async function officeBlocks(bytes: Buffer, format: 'docx' | 'pptx', signal: AbortSignal): Promise<Extracted> {
  const { docxText, pptxText } = await officeReader();
  const { title, blocks } = format === 'docx' ? await docxText(bytes, signal) : await pptxText(bytes, signal);
  return { format, title, blocks };
}

async function pdfBlocks(bytes: Buffer): Promise<Extracted> {
  const { extractText, getDocumentProxy, getMeta } = await pdfReader();
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(pdf, { mergePages: false });
  const meta = await getMeta(pdf).catch(() => null);
  const info = meta?.info as { Title?: unknown } | undefined;
  const title = typeof info?.Title === 'string' && info.Title.trim() ? info.Title.trim() : null;
  return { format: 'pdf', title, blocks: text.map((page, i) => ({ kind: 'text', text: page, locator: `page:${i + 1}` })) };
}

/** Plain text: paragraphs by blank lines; a short line alone, without a full stop, reads as a heading. */
function plainBlocks(bytes: Buffer): Extracted {
  const paragraphs = bytes
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .split(/\r?\n\s*\r?\n/);
  const blocks: Block[] = paragraphs.map((p) => {
    const text = p.trim();
    const heading = !text.includes('\n') && text.length <= 80 && !/[.:;,!?]$/.test(text);
    return heading ? { kind: 'heading', level: 2, text, locator: 'document' } : { kind: 'text', text, locator: 'document' };
  });
  return { format: 'txt', title: null, blocks };
}

/** Reads a file's text; damaged or locked files are a clear 422, never a 500. */
export async function extract(bytes: Buffer, format: SourceFormat, signal: AbortSignal): Promise<Extracted> {
  try {
    if (format === 'pdf') return await pdfBlocks(bytes);
    if (format === 'txt') return plainBlocks(bytes);
    if (format === 'md') return await markdownBlocks(bytes);
    return await officeBlocks(bytes, format, signal);
  } catch (error) {
    if (signal.aborted) throw new AppError('SOURCE_TOO_SLOW', 422, 'source.tooSlow');
    if (error instanceof AppError) throw error;
    throw unreadable();
  }
}
