/** A file that is no readable OOXML part: the caller answers it as an unreadable file. */
export class Unreadable extends Error {}

/** A tag (with its attributes) longer than this is no document's. */
const MAX_TAG = 64 * 1024;

export interface XmlHandler {
  /** The elements it wants to hear of; the scanner passes others by without a call. */
  readonly names: ReadonlySet<string>;
  open(name: string, attributes: string, selfClosing: boolean): void;
  close(name: string): void;
  /** Character data source[from, to), entities still encoded (CDATA already plain, flagged). */
  text(source: string, from: number, to: number, cdata: boolean): void;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
export function decode(raw: string): string {
  return raw.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, entity: string) => {
    if (entity[0] !== '#') return ENTITIES[entity] ?? whole;
    const code = entity[1] === 'x' || entity[1] === 'X' ? parseInt(entity.slice(2), 16) : parseInt(entity.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
  });
}

/** The value of one attribute (w:val="…") in a tag's attribute text. */
export function attribute(attributes: string, name: string): string | null {
  const match = new RegExp(`(?:^|\\s)${name.replace(':', '\\:')}\\s*=\\s*("([^"]*)"|'([^']*)')`).exec(attributes);
  return match ? decode(match[2] ?? match[3] ?? '') : null;
}

/**
 * A streaming XML scanner for the plain XML of OOXML parts: tags, text, CDATA, comments and
 * processing instructions, with no document type (a DOCTYPE is refused, so no entity can expand).
 * It holds at most one unfinished tag or entity between chunks.
 */
export class XmlScanner {
  private buffer = '';
  constructor(private readonly handler: XmlHandler) {}

  push(chunk: string): void {
    const b = (this.buffer += chunk);
    let i = 0;
    for (;;) {
      const lt = b.indexOf('<', i);
      if (lt === -1) {
        // Keep an entity that may continue in the next chunk.
        const amp = b.lastIndexOf('&');
        const cut = amp >= i && b.indexOf(';', amp) === -1 ? amp : b.length;
        if (cut > i) this.handler.text(b, i, cut, false);
        this.buffer = b.slice(cut);
        if (this.buffer.length > MAX_TAG) throw new Unreadable();
        return;
      }
      if (lt > i) this.handler.text(b, i, lt, false);
      const end = this.tagEnd(b, lt);
      if (end === -1) {
        this.buffer = b.slice(lt);
        if (this.buffer.length > MAX_TAG) throw new Unreadable();
        return;
      }
      this.tag(b, lt, end);
      i = end;
    }
  }

  end(): void {
    if (this.buffer.trim()) this.handler.text(this.buffer, 0, this.buffer.length, false);
    this.buffer = '';
  }

  /** Where the markup starting at `lt` ends (just past it), or -1 when it continues in the next chunk. */
  private tagEnd(b: string, lt: number): number {
    const next = b.charCodeAt(lt + 1);
    let marker = '>';
    if (next === 33 /* ! */) {
      if (b.length - lt < 9) return -1;
      if (b.startsWith('<!--', lt)) marker = '-->';
      else if (b.startsWith('<![CDATA[', lt)) marker = ']]>';
    } else if (next === 63 /* ? */) marker = '?>';
    else if (Number.isNaN(next)) return -1;
    const at = b.indexOf(marker, lt + 1);
    return at === -1 ? -1 : at + marker.length;
  }

  private tag(b: string, lt: number, end: number): void {
    const next = b.charCodeAt(lt + 1);
    if (next === 33 /* ! */) {
      if (b.startsWith('<![CDATA[', lt)) this.handler.text(b, lt + 9, end - 3, true);
      else if (!b.startsWith('<!--', lt)) throw new Unreadable();
      return;
    }
    if (next === 63 /* ? */) return;
    const closing = next === 47; /* / */
    const start = closing ? lt + 2 : lt + 1;
    let j = start;
    for (; j < end - 1; j++) {
      const c = b.charCodeAt(j);
      if (c === 32 || c === 9 || c === 10 || c === 13 || c === 47 || c === 62) break;
    }
    const name = b.slice(start, j);
    if (!this.handler.names.has(name)) return;
    if (closing) return this.handler.close(name);
    const selfClosing = b.charCodeAt(end - 2) === 47;
    this.handler.open(name, b.slice(j, selfClosing ? end - 2 : end - 1), selfClosing);
    if (selfClosing) this.handler.close(name);
  }
}
