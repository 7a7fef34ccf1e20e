import { fileTypeFromBuffer } from 'file-type';
import { OfficeParser, type OfficeContentNode } from 'officeparser';
import { extractText, getDocumentProxy, getMeta } from 'unpdf';
import type { SourceFormat } from '../../../shared/schemas/course-sources.ts';
import { AppError } from '../../http/errors.ts';

/** A piece of a document as read: a heading, or text under the place it was found. */
export type Block = { kind: 'heading'; level: number; text: string; locator: string } | { kind: 'text'; text: string; locator: string };

export interface Extracted {
  format: SourceFormat;
  /** The document's own title when it states one. */
  title: string | null;
  blocks: Block[];
}

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
  const type = await fileTypeFromBuffer(bytes);
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

function textOf(node: OfficeContentNode): string {
  if (node.text) return node.text;
  return (node.children ?? []).map(textOf).filter(Boolean).join(node.type === 'row' ? ' | ' : ' ');
}

/** Headings and text of an officeparser tree, in reading order; slides give their own locator. */
function walk(nodes: readonly OfficeContentNode[], locator: string, out: Block[]): void {
  for (const node of nodes) {
    if (node.type === 'slide') {
      const slide = node.metadata && 'slideNumber' in node.metadata ? node.metadata.slideNumber : out.length + 1;
      walk(node.children ?? [], `slide:${slide}`, out);
      // Speaker notes are often where a presenter's actual explanation is.
      for (const note of node.notes ?? []) out.push({ kind: 'text', text: textOf(note), locator: `slide:${slide}` });
    } else if (node.type === 'heading') {
      const level = node.metadata && 'level' in node.metadata ? Number(node.metadata.level) || 1 : 1;
      out.push({ kind: 'heading', level, text: textOf(node), locator });
    } else if (node.type === 'header' || node.type === 'footer' || node.type === 'comment' || node.type === 'image' || node.type === 'slideMaster') {
      continue;
    } else {
      out.push({ kind: 'text', text: textOf(node), locator });
    }
  }
}

async function officeBlocks(bytes: Buffer, format: 'docx' | 'pptx' | 'md', signal: AbortSignal): Promise<Extracted> {
  const ast = await OfficeParser.parseOffice(bytes, { fileType: format, ignoreNotes: false, extractAttachments: false, ocr: false, abortSignal: signal });
  const blocks: Block[] = [];
  walk(ast.content, format === 'pptx' ? 'slide:1' : 'document', blocks);
  const title = typeof ast.metadata?.title === 'string' && ast.metadata.title.trim() ? ast.metadata.title.trim() : null;
  return { format, title, blocks };
}

async function pdfBlocks(bytes: Buffer): Promise<Extracted> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(pdf, { mergePages: false });
  const meta = await getMeta(pdf).catch(() => null);
  const info = meta?.info as { Title?: unknown } | undefined;
  const title = typeof info?.Title === 'string' && info.Title.trim() ? info.Title.trim() : null;
  return { format: 'pdf', title, blocks: text.map((page, i) => ({ kind: 'text', text: page, locator: `page:${i + 1}` })) };
}

/** Plain text: paragraphs by blank lines; a short line alone, without a full stop, reads as a heading. */
function plainBlocks(bytes: Buffer): Extracted {
  const paragraphs = bytes.toString('utf8').replace(/^\uFEFF/, '').split(/\r?\n\s*\r?\n/);
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
    return await officeBlocks(bytes, format, signal);
  } catch (error) {
    if (signal.aborted) throw new AppError('SOURCE_TOO_SLOW', 422, 'source.tooSlow');
    if (error instanceof AppError) throw error;
    throw unreadable();
  }
}
