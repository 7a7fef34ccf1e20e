/**
 * The long public pages (terms, privacy, GDPR, about, help) keep their text in the locale files
 * (long texts are data, fetched as JSON outside the JavaScript budget: ADR 027). A document is an
 * object of sections; a section has a title and blocks whose key says what they are: `p…` a
 * paragraph, `h…` a subheading, `list…` a bullet list (an object of items). Keys keep their order
 * (none is a number), so the JSON reads as the page.
 */
export type Block = { kind: 'p'; text: string } | { kind: 'h'; text: string } | { kind: 'list'; items: string[] };

export interface DocSection {
  id: string;
  title: string;
  blocks: Block[];
}

type Tree = { [key: string]: string | Tree };

function isTree(value: unknown): value is Tree {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function strings(tree: Tree): string[] {
  return Object.values(tree).filter((value): value is string => typeof value === 'string');
}

/** The sections of a document as i18next returns them (`returnObjects`); anything else is none. */
export function documentSections(value: unknown): DocSection[] {
  if (!isTree(value)) return [];
  return Object.entries(value).flatMap(([id, section]) => {
    if (!isTree(section)) return [];
    const blocks: Block[] = [];
    for (const [key, block] of Object.entries(section)) {
      if (key === 'title') continue;
      if (typeof block === 'string' && key.startsWith('p')) blocks.push({ kind: 'p', text: block });
      else if (typeof block === 'string' && key.startsWith('h')) blocks.push({ kind: 'h', text: block });
      else if (isTree(block) && key.startsWith('list')) blocks.push({ kind: 'list', items: strings(block) });
    }
    return [{ id, title: typeof section.title === 'string' ? section.title : id, blocks }];
  });
}

/** A piece of text: plain, or a link written `[label](href)`. */
export type Inline = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

const LINK = /\[([^\]]+)\]\(([^)\s]+)\)/g;

/**
 * `[label](href)` links in a text: a path on this site (`/contact`), a place on the page
 * (`#cookies`), or an https address. Anything else stays as it is written.
 */
export function inlineParts(text: string): Inline[] {
  const parts: Inline[] = [];
  let last = 0;
  for (const match of text.matchAll(LINK)) {
    const [whole, label = '', href = ''] = match;
    if (!/^(\/|#|https:\/\/)/.test(href)) continue;
    if (match.index > last) parts.push({ kind: 'text', text: text.slice(last, match.index) });
    parts.push({ kind: 'link', text: label, href });
    last = match.index + whole.length;
  }
  if (last < text.length) parts.push({ kind: 'text', text: text.slice(last) });
  return parts;
}

/** What a reader reads of a text: the links' labels without their addresses. */
export function plainText(text: string): string {
  return inlineParts(text)
    .map((part) => part.text)
    .join('');
}
