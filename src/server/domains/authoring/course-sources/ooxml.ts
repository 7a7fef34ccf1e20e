import { StringDecoder } from 'node:string_decoder';
import { Unzip, UnzipInflate, type UnzipFile } from 'fflate';
import { SOURCE_LIMITS } from '../../../../shared/schemas/course-sources.ts';
import { AppError } from '../../../http/errors.ts';
import type { Block } from './extract.ts';
import { attribute, decode, Unreadable, XmlScanner, type XmlHandler } from './xml-scanner.ts';

/**
 * DOCX and PPTX text, read from the zip as a stream. A DOCX or PPTX is a zip of XML parts, and a
 * zip can claim anything: a 1 MB file may unpack to gigabytes (a zip bomb). So only the parts that
 * hold text are unpacked, in slices, their bytes and the archive's entries are counted as they
 * come, and past SOURCE_LIMITS.unpackedBytes or SOURCE_LIMITS.entries the file is refused; the XML
 * is scanned as it arrives, keeping only the text, so memory stays near the text's own size.
 */

export const tooBigUnpacked = () =>
  new AppError('SOURCE_UNPACKS_TOO_LARGE', 422, 'source.unpacksTooLarge', {
    params: {
      mb: SOURCE_LIMITS.unpackedBytes / (1024 * 1024),
      entries: SOURCE_LIMITS.entries.toLocaleString('da-DK'),
    },
  });
const tooMuchText = () =>
  new AppError('SOURCE_TOO_LONG', 422, 'source.tooMuchText', { params: { characters: SOURCE_LIMITS.characters.toLocaleString('da-DK') } });

/** The compressed file is fed to the unzipper in slices this big, so one push inflates to at most ~1000 times it (1 MB). */
const SLICE = 1024;
/**
 * Unpacked bytes are decoded and scanned in pieces this big: the strings stay small enough for the
 * young generation, which the garbage collector empties quickly, instead of piling up as large
 * objects until a full collection.
 */
const PIECE = 32 * 1024;
/** Text kept while reading; past it the file is surely longer than SOURCE_LIMITS.characters once tidied. */
const MAX_TEXT = SOURCE_LIMITS.characters * 2;
/** What a paragraph costs the text budget besides its characters. */
const PARAGRAPH_COST = 8;

/** Counts the text kept across all parts, so a file of endless text stops early. */
class TextBudget {
  private used = 0;
  add(n: number): void {
    this.used += n;
    if (this.used > MAX_TEXT) throw tooMuchText();
  }
}

/**
 * Collects paragraphs (`paragraph` elements, text in `textElement`s, line breaks and tabs inside
 * runs) from WordprocessingML or DrawingML. Content in mc:Fallback repeats mc:Choice and is skipped.
 */
class ParagraphCollector implements XmlHandler {
  readonly paragraphs: Array<{ style: string | null; outline: number | null; text: string; title: boolean }> = [];
  private readonly stack: Array<{ style: string | null; outline: number | null; text: string[]; title: boolean }> = [];
  private inText = false;
  private skip = 0;
  /** Table rows (WordprocessingML): a row reads as its cells joined by " | ". */
  private readonly rows: string[][] = [];
  private readonly cells: string[][] = [];
  /** DrawingML shapes: is the current one a title placeholder? */
  private titleShape = false;
  /** The rest of the current shape is skipped (a notes page's slide number …). */
  private skipShape = false;

  readonly names: ReadonlySet<string>;
  private readonly paragraph: string;
  private readonly textElement: string;

  constructor(
    ns: 'w' | 'a',
    private readonly budget: TextBudget,
    private readonly skipPlaceholders: readonly string[] = [],
  ) {
    this.paragraph = `${ns}:p`;
    this.textElement = `${ns}:t`;
    this.names = new Set([
      this.paragraph,
      this.textElement,
      `${ns}:tab`,
      `${ns}:br`,
      'w:cr',
      'w:pStyle',
      'w:outlineLvl',
      'w:tr',
      'w:tc',
      'p:sp',
      'p:ph',
      'mc:Fallback',
    ]);
  }

  open(name: string, attributes: string, selfClosing: boolean): void {
    // Every open is matched by a close (the scanner closes a self-closing tag at once).
    if (this.skip > 0 || name === 'mc:Fallback') {
      this.skip++;
      return;
    }
    const p = this.stack.at(-1);
    if (name === this.paragraph) this.stack.push({ style: null, outline: null, text: [], title: this.titleShape });
    else if (name === this.textElement) this.inText = !selfClosing;
    else if (p && (name.endsWith(':tab') || name.endsWith(':br') || name === 'w:cr') && !/\s(?:w:)?pos=/.test(attributes))
      p.text.push(name.endsWith('tab') ? '\t' : '\n');
    else if (p && name === 'w:pStyle') p.style = attribute(attributes, 'w:val');
    else if (p && name === 'w:outlineLvl') p.outline = Number(attribute(attributes, 'w:val'));
    else if (name === 'w:tr') this.rows.push([]);
    else if (name === 'w:tc') this.cells.push([]);
    else if (name === 'p:sp') this.titleShape = false;
    else if (name === 'p:ph') {
      const type = attribute(attributes, 'type') ?? 'body';
      this.titleShape = type === 'title' || type === 'ctrTitle';
      // A notes page's placeholders for the slide's picture, number, header and date carry no notes.
      if (this.skipPlaceholders.includes(type)) this.skipShape = true;
    }
  }

  close(name: string): void {
    if (this.skip > 0) {
      this.skip--;
      return;
    }
    if (name === this.textElement) this.inText = false;
    else if (name === 'p:sp') {
      this.titleShape = false;
      this.skipShape = false;
    } else if (name === this.paragraph) {
      const p = this.stack.pop();
      if (!p || this.skipShape) return;
      this.emit({ ...p, text: p.text.join('') });
    } else if (name === 'w:tc') {
      const cell = this.cells.pop() ?? [];
      this.rows.at(-1)?.push(cell.join(' ').trim());
    } else if (name === 'w:tr') {
      const row = this.rows.pop() ?? [];
      this.emit({ style: null, outline: null, text: row.filter(Boolean).join(' | '), title: false });
    }
  }

  text(source: string, from: number, to: number, cdata: boolean): void {
    if (!this.inText || this.skip > 0) return;
    const p = this.stack.at(-1);
    if (!p) return;
    const raw = source.slice(from, to);
    const text = cdata ? raw : decode(raw);
    this.budget.add(text.length);
    p.text.push(text);
  }

  private emit(paragraph: { style: string | null; outline: number | null; text: string; title: boolean }): void {
    // An empty paragraph says nothing, and a file of millions of them must not cost memory; each
    // kept one is charged a little more than its text for the same reason.
    if (!paragraph.text.trim()) return;
    this.budget.add(PARAGRAPH_COST);
    const cell = this.cells.at(-1);
    if (cell) cell.push(paragraph.text);
    else this.paragraphs.push(paragraph);
  }
}

/** word/styles.xml: which paragraph styles are headings, and of which level. */
class StyleCollector implements XmlHandler {
  readonly names = new Set(['w:style', 'w:name', 'w:outlineLvl']);
  readonly levels = new Map<string, number>();
  private id: string | null = null;

  open(name: string, attributes: string): void {
    if (name === 'w:style') this.id = attribute(attributes, 'w:styleId');
    else if (this.id && name === 'w:name') {
      // The built-in names are English whatever the language of Word ("heading 1", "Title").
      const styleName = attribute(attributes, 'w:val') ?? '';
      const heading = /^heading (\d)$/i.exec(styleName);
      if (heading) this.levels.set(this.id, Number(heading[1]));
      else if (/^title$/i.test(styleName)) this.levels.set(this.id, 1);
    } else if (this.id && name === 'w:outlineLvl' && !this.levels.has(this.id)) {
      const level = Number(attribute(attributes, 'w:val'));
      if (level >= 0 && level < 9) this.levels.set(this.id, level + 1);
    }
  }
  close(name: string): void {
    if (name === 'w:style') this.id = null;
  }
  text(): void {}
}

/** The text of one element (dc:title in docProps/core.xml). */
class ElementText implements XmlHandler {
  value = '';
  private inside = false;
  readonly names: ReadonlySet<string>;
  constructor(private readonly element: string) {
    this.names = new Set([element]);
  }
  open(name: string, _attributes: string, selfClosing: boolean): void {
    if (name === this.element && !selfClosing) this.inside = true;
  }
  close(name: string): void {
    if (name === this.element) this.inside = false;
  }
  text(source: string, from: number, to: number, cdata: boolean): void {
    if (!this.inside || this.value.length >= 1000) return;
    const raw = source.slice(from, Math.min(to, from + 1000));
    this.value += cdata ? raw : decode(raw);
  }
}

/** Relationships (Id → Target) of a .rels part, and the order of p:sldId r:id in presentation.xml. */
class Relationships implements XmlHandler {
  readonly names = new Set(['Relationship', 'p:sldId']);
  readonly targets = new Map<string, { target: string; type: string }>();
  readonly slideIds: string[] = [];
  open(name: string, attributes: string): void {
    if (name === 'Relationship') {
      const id = attribute(attributes, 'Id');
      const target = attribute(attributes, 'Target');
      if (id && target) this.targets.set(id, { target, type: attribute(attributes, 'Type') ?? '' });
    } else if (name === 'p:sldId') {
      const id = attribute(attributes, 'r:id');
      if (id) this.slideIds.push(id);
    }
  }
  close(): void {}
  text(): void {}
}

/** "slides/slide3.xml" relative to "ppt/" → "ppt/slides/slide3.xml"; "../notesSlides/x.xml" from "ppt/slides/". */
function resolve(base: string, target: string): string {
  if (target.startsWith('/')) return target.slice(1);
  const parts = base.split('/').filter(Boolean);
  for (const piece of target.split('/')) {
    if (piece === '..') parts.pop();
    else if (piece !== '.') parts.push(piece);
  }
  return parts.join('/');
}

/**
 * Unpacks the parts `handlerFor` asks for, feeding each one's XML to its scanner as it inflates.
 * Counts every entry and every unpacked byte; past the limits the reading stops with a 422.
 */
async function readParts(bytes: Buffer, handlerFor: (name: string) => XmlHandler | null, signal: AbortSignal): Promise<void> {
  let entries = 0;
  let unpacked = 0;
  let failure: unknown = null;
  const fail = (error: unknown) => {
    failure ??= error;
  };
  const unzip = new Unzip((file: UnzipFile) => {
    if (failure) return;
    if (++entries > SOURCE_LIMITS.entries) return fail(tooBigUnpacked());
    const handler = handlerFor(file.name);
    if (!handler) return;
    // A part whose header admits it is too big is refused before a byte is unpacked; one whose
    // header lies is stopped by the count below.
    if (file.originalSize !== undefined && file.originalSize > SOURCE_LIMITS.unpackedBytes - unpacked) return fail(tooBigUnpacked());
    const scanner = new XmlScanner(handler);
    const decoder = new StringDecoder('utf8');
    file.ondata = (error, data, final) => {
      if (failure) return;
      if (error) return fail(new Unreadable());
      unpacked += data.length;
      if (unpacked > SOURCE_LIMITS.unpackedBytes) {
        file.terminate();
        return fail(tooBigUnpacked());
      }
      try {
        for (let at = 0; at < data.length; at += PIECE) scanner.push(decoder.write(data.subarray(at, at + PIECE)));
        if (final) {
          scanner.push(decoder.end());
          scanner.end();
        }
      } catch (e) {
        file.terminate();
        fail(e);
      }
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  let sinceYield = 0;
  for (let offset = 0; offset < bytes.length && !failure; offset += SLICE) {
    try {
      unzip.push(bytes.subarray(offset, offset + SLICE), offset + SLICE >= bytes.length);
    } catch (error) {
      fail(error instanceof AppError ? error : new Unreadable());
    }
    // Unpacking is synchronous work: let other requests (and the deadline) in now and then.
    if ((sinceYield += SLICE) >= 16 * 1024) {
      sinceYield = 0;
      await new Promise((resolve) => setImmediate(resolve));
      if (signal.aborted) throw signal.reason;
    }
  }
  if (failure) throw failure;
}

export interface OfficeText {
  title: string | null;
  blocks: Block[];
}

/** Headings (by paragraph style or outline level) and paragraphs of a DOCX's body, in order; its title from its properties. */
export async function docxText(bytes: Buffer, signal: AbortSignal): Promise<OfficeText> {
  const budget = new TextBudget();
  const body = new ParagraphCollector('w', budget);
  const styles = new StyleCollector();
  const title = new ElementText('dc:title');
  let sawBody = false;
  await readParts(
    bytes,
    (name) => {
      if (name === 'word/document.xml') return ((sawBody = true), body);
      if (name === 'word/styles.xml') return styles;
      if (name === 'docProps/core.xml') return title;
      return null;
    },
    signal,
  );
  if (!sawBody) throw new Unreadable();
  const blocks: Block[] = body.paragraphs.map((p) => {
    const byStyle = p.style ? (styles.levels.get(p.style) ?? Number(/^(?:heading|overskrift)\s?(\d)$/i.exec(p.style)?.[1] ?? 0)) : 0;
    const level = p.outline !== null && p.outline >= 0 && p.outline < 9 ? p.outline + 1 : byStyle;
    return level > 0 ? { kind: 'heading', level, text: p.text, locator: 'document' } : { kind: 'text', text: p.text, locator: 'document' };
  });
  return { title: title.value.trim() || null, blocks };
}

/** Each slide in the presentation's order: its title as a heading, its other text, then its speaker notes. */
export async function pptxText(bytes: Buffer, signal: AbortSignal): Promise<OfficeText> {
  const budget = new TextBudget();
  const presentation = new Relationships();
  const presentationRels = new Relationships();
  const slides = new Map<string, ParagraphCollector>();
  const slideRels = new Map<string, Relationships>();
  const notes = new Map<string, ParagraphCollector>();
  const title = new ElementText('dc:title');
  await readParts(
    bytes,
    (name) => {
      if (name === 'ppt/presentation.xml') return presentation;
      if (name === 'ppt/_rels/presentation.xml.rels') return presentationRels;
      if (name === 'docProps/core.xml') return title;
      if (/^ppt\/slides\/slide\d+\.xml$/.test(name)) return slides.set(name, new ParagraphCollector('a', budget)).get(name)!;
      if (/^ppt\/slides\/_rels\/slide\d+\.xml\.rels$/.test(name)) return slideRels.set(name, new Relationships()).get(name)!;
      if (/^ppt\/notesSlides\/notesSlide\d+\.xml$/.test(name))
        return notes.set(name, new ParagraphCollector('a', budget, ['sldImg', 'sldNum', 'hdr', 'ftr', 'dt'])).get(name)!;
      return null;
    },
    signal,
  );
  // The order is presentation.xml's list; without one, the slides' numbers.
  const ordered = presentation.slideIds
    .map((id) => presentationRels.targets.get(id)?.target)
    .filter((t): t is string => Boolean(t))
    .map((t) => resolve('ppt', t));
  const order = ordered.length
    ? ordered.filter((name) => slides.has(name))
    : [...slides.keys()].sort((a, b) => Number(/(\d+)\.xml$/.exec(a)![1]) - Number(/(\d+)\.xml$/.exec(b)![1]));
  if (order.length === 0) throw new Unreadable();
  const blocks: Block[] = [];
  order.forEach((name, i) => {
    const locator = `slide:${i + 1}`;
    for (const p of slides.get(name)!.paragraphs)
      blocks.push(p.title ? { kind: 'heading', level: 1, text: p.text, locator } : { kind: 'text', text: p.text, locator });
    // Speaker notes are often where a presenter's actual explanation is.
    const rels = slideRels.get(name.replace(/^ppt\/slides\//, 'ppt/slides/_rels/') + '.rels');
    for (const { target, type } of rels?.targets.values() ?? []) {
      if (!type.endsWith('/notesSlide')) continue;
      const text = notes
        .get(resolve('ppt/slides', target))
        ?.paragraphs.map((p) => p.text)
        .join('\n');
      if (text?.trim()) blocks.push({ kind: 'text', text, locator });
    }
  });
  return { title: title.value.trim() || null, blocks };
}
