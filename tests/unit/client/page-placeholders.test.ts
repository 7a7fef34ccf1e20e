import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { pageKindOf, type PageKind } from '@/components/placeholders/page-kinds';
import { PagePlaceholder } from '@/components/placeholders/page-placeholders';

vi.mock('@/lib/use-translation', () => ({ useTranslation: () => ({ t: (key: string) => `t(${key})` }) }));
/** Each skeleton becomes one <i> naming its shape, so the layouts are read without their CSS. */
vi.mock('@/components/ui/skeleton', async () => {
  const { createElement: h } = await import('react');
  return {
    Skeleton: ({ variant = 'block', height = 'md' }: { variant?: string; height?: string }) =>
      h('i', { 'data-skeleton': variant === 'block' ? `block-${height}` : variant }),
  };
});

type Kind = PageKind;

interface El {
  tag: string;
  attrs: string;
  children: El[];
  text: string;
}

/** A minimal reader for React's static markup (well-formed, no void elements here). */
function parse(html: string): El {
  const root: El = { tag: '#root', attrs: '', children: [], text: '' };
  const stack = [root];
  for (const [, closing, tag = '', attrs = '', text] of html.matchAll(/<(\/?)([a-z]+)([^>]*)>|([^<]+)/g)) {
    const parent = stack.at(-1)!;
    if (text !== undefined) parent.text += text;
    else if (closing) stack.pop();
    else stack.push(parent.children[parent.children.push({ tag, attrs, children: [], text: '' }) - 1]!);
  }
  return root.children[0]!;
}

/** The shapes of every skeleton inside an element, in document order. */
function shapes(el: El): string[] {
  return el.tag === 'i' ? [/data-skeleton="([^"]+)"/.exec(el.attrs)![1]!] : el.children.flatMap(shapes);
}

/** The placeholder's blocks: everything after its screen-reader announcement. */
function blocks(kind: Kind): El[] {
  const placeholder = parse(renderToStaticMarkup(createElement(PagePlaceholder, { kind })));
  expect(placeholder.attrs).toMatch(/role="status" aria-busy="true"/);
  const [announcement, ...rest] = placeholder.children;
  expect(announcement).toMatchObject({ tag: 'span', text: 't(loading.page)' });
  return rest;
}

const count = (list: string[], shape: string) => list.filter((s) => s === shape).length;

describe('page placeholders', () => {
  it('landing: a hero with two buttons, 3 feature cards and 4 stat tiles', () => {
    const [hero, features, stats] = blocks('landing');
    expect(count(shapes(hero!), 'button')).toBe(2);
    expect(features!.children).toHaveLength(3);
    for (const card of features!.children) expect(shapes(card)[0]).toBe('circle');
    expect(stats!.children).toHaveLength(4);
    for (const tile of stats!.children) expect(shapes(tile)).toEqual(['block-lg', 'block-sm']);
  });

  it('grid: a title, 4 filter buttons and 6 cards', () => {
    const [title, filters, cards, ...more] = blocks('grid');
    expect(shapes(title!)).toEqual(['block-xl']);
    expect(shapes(filters!)).toEqual(Array(4).fill('button'));
    expect(cards!.children).toHaveLength(6);
    for (const card of cards!.children) expect(shapes(card)).toEqual(['image', 'block-md', 'text']);
    expect(more).toEqual([]);
  });

  it('pricing: 3 plan cards with 5 feature rows each, and a comparison table of 8 rows by 4 columns', () => {
    const [plans, table, ...more] = blocks('pricing');
    expect(plans!.children).toHaveLength(3);
    for (const plan of plans!.children) expect(count(shapes(plan), 'block-sm')).toBe(5);
    expect(table!.children).toHaveLength(8);
    for (const row of table!.children) expect(shapes(row)).toEqual(Array(4).fill('block-sm'));
    expect(more).toEqual([]);
  });

  it('content: a title and lead, then 3 sections of 3 cards', () => {
    const [title, lead, ...sections] = blocks('content');
    expect(shapes(title!)).toEqual(['block-xl']);
    expect(shapes(lead!)).toEqual(['text']);
    expect(sections.map((s) => s.tag)).toEqual(['section', 'section', 'section']);
    for (const section of sections) expect(count(shapes(section), 'card')).toBe(3);
  });

  it('list: a search field with 2 buttons, and 9 cards', () => {
    const [toolbar, cards, ...more] = blocks('list');
    expect(shapes(toolbar!)).toEqual(['block-xl', 'button', 'button']);
    expect(cards!.children).toHaveLength(9);
    expect(more).toEqual([]);
  });

  it('form: a title and lead, then a card of 3 labelled fields and a submit button', () => {
    const [layout, ...more] = blocks('form');
    const [title, lead, card] = layout!.children;
    expect(shapes(title!)).toEqual(['block-xl']);
    expect(shapes(lead!)).toEqual(['text']);
    expect(shapes(card!)).toEqual([...Array(3).fill(['block-sm', 'button']).flat(), 'button']);
    expect(more).toEqual([]);
  });

  it.each([
    ['/', 'landing'],
    ['/login', 'form'],
    ['/register', 'form'],
    ['/courses', 'grid'],
    ['/pricing', 'pricing'],
    ['/pricing/', 'pricing'],
    ['/resources', 'list'],
    ['/platform', 'content'],
    ['/dashboard', 'content'],
    ['/does-not-exist', 'content'],
  ] as const)('%s uses the %s layout', (path, kind) => {
    expect(pageKindOf(path)).toBe(kind);
  });
});
