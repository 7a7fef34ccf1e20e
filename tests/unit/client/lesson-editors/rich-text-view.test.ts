import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { RichTextView } from '@/components/lesson-views/rich-text-view';

vi.mock('@/lib/use-translation', () => ({ useTranslation: () => ({ t: (key: string) => `t(${key})` }) }));

/**
 * The learner's renderer of lesson text: every allowed node and mark has its own element; HTML in
 * content stays text; unsafe links and foreign images are not rendered; unknown nodes vanish.
 */

type Node = {
  type: string;
  attrs?: Record<string, unknown>;
  content?: Node[];
  text?: string;
  marks?: { type: string; attrs?: Record<string, unknown> }[];
};

function render(...content: Node[]): string {
  return renderToStaticMarkup(createElement(RichTextView, { doc: { type: 'doc', content } }));
}
const text = (value: string, marks?: Node['marks']): Node => (marks ? { type: 'text', text: value, marks } : { type: 'text', text: value });
const p = (...content: Node[]): Node => ({ type: 'paragraph', content });

describe('RichTextView', () => {
  it('wraps the lesson in the prose container', () => {
    expect(render(p(text('Hej')))).toBe('<div class="lesson-prose"><p>Hej</p></div>');
  });

  it.each([
    [{ type: 'heading', attrs: { level: 2 }, content: [text('A')] }, '<h2>A</h2>'],
    [{ type: 'heading', attrs: { level: 3 }, content: [text('A')] }, '<h3>A</h3>'],
    [{ type: 'heading', attrs: { level: 4 }, content: [text('A')] }, '<h4>A</h4>'],
    [{ type: 'heading', attrs: { level: 1 }, content: [text('A')] }, '<h2>A</h2>'],
    [{ type: 'bulletList', content: [{ type: 'listItem', content: [p(text('a'))] }] }, '<ul><li><p>a</p></li></ul>'],
    [{ type: 'orderedList', attrs: { start: 1 }, content: [{ type: 'listItem', content: [p(text('a'))] }] }, '<ol><li><p>a</p></li></ol>'],
    [
      { type: 'orderedList', attrs: { start: 5 }, content: [{ type: 'listItem', content: [p(text('e'))] }] },
      '<ol start="5"><li><p>e</p></li></ol>',
    ],
    [{ type: 'blockquote', content: [p(text('q'))] }, '<blockquote><p>q</p></blockquote>'],
    [
      { type: 'codeBlock', attrs: { language: 'ts' }, content: [text('let a = 1;\nlet b = 2;')] },
      '<pre><code>let a = 1;\nlet b = 2;</code></pre>',
    ],
    [{ type: 'horizontalRule' }, '<hr/>'],
    [p(text('a'), { type: 'hardBreak' }, text('b')), '<p>a<br/>b</p>'],
    [{ type: 'image', attrs: { src: '/api/uploads/abc', alt: 'A chart' } }, '<img src="/api/uploads/abc" alt="A chart" loading="lazy"/>'],
    [
      { type: 'image', attrs: { src: '/api/uploads/abc', alt: null, title: 'T' } },
      '<img src="/api/uploads/abc" alt="" title="T" loading="lazy"/>',
    ],
    [
      { type: 'callout', attrs: { variant: 'info' }, content: [p(text('i'))] },
      '<aside role="note" aria-label="t(callout.info)" data-callout="info"><p>i</p></aside>',
    ],
    [
      { type: 'callout', attrs: { variant: 'tip' }, content: [p(text('t'))] },
      '<aside role="note" aria-label="t(callout.tip)" data-callout="tip"><p>t</p></aside>',
    ],
    [
      { type: 'callout', attrs: { variant: 'warning' }, content: [p(text('w'))] },
      '<aside role="note" aria-label="t(callout.warning)" data-callout="warning"><p>w</p></aside>',
    ],
    [
      { type: 'callout', attrs: { variant: 'danger' }, content: [p(text('x'))] },
      '<aside role="note" aria-label="t(callout.info)" data-callout="info"><p>x</p></aside>',
    ],
    [
      {
        type: 'table',
        content: [
          {
            type: 'tableRow',
            content: [{ type: 'tableHeader', attrs: { colspan: 2, rowspan: 1, colwidth: null }, content: [p(text('H'))] }],
          },
          {
            type: 'tableRow',
            content: [
              { type: 'tableCell', attrs: { colspan: 1, rowspan: 1 }, content: [p(text('1'))] },
              { type: 'tableCell', content: [p(text('2'))] },
            ],
          },
        ],
      },
      '<div class="lesson-table"><table><tbody><tr><th colSpan="2"><p>H</p></th></tr><tr><td><p>1</p></td><td><p>2</p></td></tr></tbody></table></div>',
    ],
  ] as [Node, string][])('renders %j as its own element', (node, html) => {
    expect(render(node)).toBe(`<div class="lesson-prose">${html}</div>`);
  });

  it.each([
    ['bold', '<strong>x</strong>'],
    ['italic', '<em>x</em>'],
    ['strike', '<s>x</s>'],
    ['underline', '<u>x</u>'],
    ['code', '<code>x</code>'],
  ])('renders the %s mark', (mark, html) => {
    expect(render(p(text('x', [{ type: mark }])))).toBe(`<div class="lesson-prose"><p>${html}</p></div>`);
  });

  it('nests several marks, the first outermost', () => {
    expect(render(p(text('x', [{ type: 'bold' }, { type: 'italic' }])))).toContain('<p><strong><em>x</em></strong></p>');
  });

  it('opens external links in a new tab without telling them where the learner came from', () => {
    expect(render(p(text('site', [{ type: 'link', attrs: { href: 'https://example.com/a?b=1' } }])))).toContain(
      '<a href="https://example.com/a?b=1" target="_blank" rel="noopener noreferrer">site</a>',
    );
  });

  it('keeps links within the site and mail links in the same tab', () => {
    expect(render(p(text('courses', [{ type: 'link', attrs: { href: '/courses' } }])))).toContain('<a href="/courses">courses</a>');
    expect(render(p(text('mail', [{ type: 'link', attrs: { href: 'mailto:a@b.dk' } }])))).toContain('<a href="mailto:a@b.dk">mail</a>');
  });

  it.each([
    'javascript:alert(1)',
    'JAVASCRIPT:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    '//evil.example/x',
    '/\\evil.example/path',
    '/\t/evil.example',
    'vbscript:x',
    ' javascript:alert(1)',
  ])('does not render %s as a link, only its text', (href) => {
    const html = render(p(text('click me', [{ type: 'link', attrs: { href } }])));
    expect(html).toBe('<div class="lesson-prose"><p>click me</p></div>');
    expect(html).not.toContain('<a');
  });

  it('renders HTML in text as text, never as markup', () => {
    const html = render(p(text('<img src=x onerror=alert(1)><script>alert(1)</script>')));
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;&lt;script&gt;');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<img');
  });

  it('ignores unknown nodes and marks, and keeps the rest', () => {
    const html = render(
      { type: 'iframe', attrs: { src: 'https://evil.example' } },
      { type: 'script', content: [text('alert(1)')] },
      p(text('kept', [{ type: 'blink' }, { type: 'bold' }])),
      { type: 'paragraph', content: [{ type: 'mention', attrs: { id: 'x' } }, text('also kept')] },
    );
    expect(html).toBe('<div class="lesson-prose"><p><strong>kept</strong></p><p>also kept</p></div>');
  });

  it('does not render an image from another site or a data URL', () => {
    expect(render({ type: 'image', attrs: { src: 'https://evil.example/x.png', alt: 'x' } })).toBe('<div class="lesson-prose"></div>');
    expect(render({ type: 'image', attrs: { src: 'data:image/png;base64,AAAA', alt: 'x' } })).toBe('<div class="lesson-prose"></div>');
  });

  it('renders nothing for something that is not a document', () => {
    for (const doc of [null, 'text', 42, { type: 'paragraph' }, { type: 'doc', content: 'x' }]) {
      expect(renderToStaticMarkup(createElement(RichTextView, { doc }))).toBe('<div class="lesson-prose"></div>');
    }
  });

  it('ignores event-handler and style attributes in content', () => {
    const html = render({ type: 'paragraph', attrs: { onclick: 'alert(1)', style: 'color:red' }, content: [text('x')] });
    expect(html).toBe('<div class="lesson-prose"><p>x</p></div>');
  });
});
