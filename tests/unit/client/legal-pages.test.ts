import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isAppRoute } from '@shared/routes.ts';
import { documentSections, inlineParts, plainText } from '@/features/site/legal/lib/blocks';
import { faqTopics, normalise, searchFaq } from '@/features/site/legal/lib/faq-search';

const root = path.resolve(import.meta.dirname, '../../../src/client/locales');
const PAGES = ['page-terms', 'page-privacy', 'page-gdpr', 'page-dpa', 'page-subprocessors', 'page-about', 'page-help'] as const;
const load = (language: string, page: string): Record<string, unknown> =>
  JSON.parse(readFileSync(path.join(root, language, `${page}.json`), 'utf8')) as Record<string, unknown>;

/** Every string in a locale file with its key path. */
function leaves(value: unknown, prefix = ''): [string, string][] {
  if (typeof value === 'string') return [[prefix, value]];
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, child]) => leaves(child, prefix ? `${prefix}.${key}` : key));
}

const links = (text: string) => inlineParts(text).flatMap((part) => (part.kind === 'link' ? [part.href] : []));

describe('document blocks from the locale files', () => {
  it('reads paragraphs, subheadings and lists in the order the file has them, skipping the title', () => {
    const sections = documentSections({
      one: { title: 'One', p1: 'First.', h1: 'Sub', list1: { a: 'A', b: 'B' }, p2: 'Last.' },
      two: { title: 'Two', p1: 'Only.' },
    });
    expect(sections).toEqual([
      {
        id: 'one',
        title: 'One',
        blocks: [
          { kind: 'p', text: 'First.' },
          { kind: 'h', text: 'Sub' },
          { kind: 'list', items: ['A', 'B'] },
          { kind: 'p', text: 'Last.' },
        ],
      },
      { id: 'two', title: 'Two', blocks: [{ kind: 'p', text: 'Only.' }] },
    ]);
    expect(documentSections('sections')).toEqual([]);
  });

  it('turns [label](href) into links for site paths, in-page places and https only', () => {
    expect(inlineParts('See [the terms](/terms) or [cookies](#cookies), [Datatilsynet](https://www.datatilsynet.dk).')).toEqual([
      { kind: 'text', text: 'See ' },
      { kind: 'link', text: 'the terms', href: '/terms' },
      { kind: 'text', text: ' or ' },
      { kind: 'link', text: 'cookies', href: '#cookies' },
      { kind: 'text', text: ', ' },
      { kind: 'link', text: 'Datatilsynet', href: 'https://www.datatilsynet.dk' },
      { kind: 'text', text: '.' },
    ]);
    expect(inlineParts('[x](javascript:alert(1)) stays text')).toEqual([{ kind: 'text', text: '[x](javascript:alert(1)) stays text' }]);
    expect(plainText('Read [the policy](/privacy).')).toBe('Read the policy.');
  });
});

describe('the help search', () => {
  const topics = faqTopics({
    start: {
      title: 'Kom i gang',
      items: { cvr: { q: 'Hvordan opretter vi en konto?', a: 'Skriv jeres CVR-nummer på [siden](/register).' } },
    },
    billing: {
      title: 'Betaling',
      items: { invoice: { q: 'Får vi en faktura?', a: 'Ja, med moms og EAN-nummer.' }, trial: { q: 'Prøveperiode?', a: '14 dage.' } },
    },
  });

  it('reads topics and items with ids made of both keys', () => {
    expect(topics.map((topic) => [topic.id, topic.items.map((item) => item.id)])).toEqual([
      ['start', ['start-cvr']],
      ['billing', ['billing-invoice', 'billing-trial']],
    ]);
  });

  it('finds an answer by words from its question, its answer or its topic, in any case, and nothing else', () => {
    expect(searchFaq(topics, '  ')).toBe(topics);
    expect(searchFaq(topics, 'cvr').flatMap((t) => t.items.map((i) => i.id))).toEqual(['start-cvr']);
    expect(searchFaq(topics, 'MOMS faktura').flatMap((t) => t.items.map((i) => i.id))).toEqual(['billing-invoice']);
    expect(searchFaq(topics, 'betaling').flatMap((t) => t.items.map((i) => i.id))).toEqual(['billing-invoice', 'billing-trial']);
    // A link's address is not text the reader sees.
    expect(searchFaq(topics, 'register')).toEqual([]);
    expect(searchFaq(topics, 'moms blockchain')).toEqual([]);
  });

  it('ignores accents but keeps æ, ø and å apart from a, o and e', () => {
    expect(normalise('Café ÅRSREGNSKAB Øst Æble')).toBe('cafe årsregnskab øst æble');
    expect(normalise('prøve')).not.toBe(normalise('prove'));
  });
});

describe.each(PAGES)('%s', (page) => {
  const da = new Map(leaves(load('da', page)));
  const en = new Map(leaves(load('en', page)));

  it('links to the same places in Danish and English', () => {
    for (const [key, text] of da) expect(links(en.get(key) ?? ''), `${page}: ${key}`).toEqual(links(text));
  });

  it('links only to pages that exist (or are being built beside it) and to places that exist on them', () => {
    for (const [key, text] of da) {
      for (const href of links(text)) {
        if (href.startsWith('https://')) continue;
        const [target = '', place] = href.split('#');
        const pagePath = target || null;
        if (pagePath) expect(isAppRoute(pagePath), `${page}: ${key} → ${href}`).toBe(true);
        if (!place) continue;
        // A place on a legal page is one of its sections; on the help page a topic or the certificate check.
        const owner = pagePath ? `page-${pagePath.slice(1)}` : page;
        const file = load('da', owner);
        const places =
          owner === 'page-help'
            ? ['verify', ...Object.keys(file.topics as object).map((id) => `topic-${id}`)]
            : Object.keys(file.sections as object);
        expect(places, `${page}: ${key} → ${href}`).toContain(place);
      }
    }
  });
});
