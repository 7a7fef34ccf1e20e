import { getSchema } from '@tiptap/react';
import type { MarkType, Mark as PMMark, Node as PMNode, NodeType, Schema } from '@tiptap/pm/model';
import { describe, expect, it } from 'vitest';
import { ZTextContent } from '@shared/schemas/lesson-content.ts';
import { lessonExtensions } from '@/features/courses/lesson-editors/text/extensions';
import { normaliseDoc } from '@/features/courses/lesson-editors/text/normalise-doc';

/**
 * The text editor's output goes straight to the server, which validates it against ZTextContent.
 * These tests build documents in the editor's own ProseMirror schema (the one TipTap builds from
 * lessonExtensions(), with its default attributes), serialise them as the editor does
 * (node.toJSON(), which is editor.getJSON()) and run them through normaliseDoc and the contract.
 */

const ALLOWED_NODES = [
  'doc',
  'text',
  'paragraph',
  'heading',
  'bulletList',
  'orderedList',
  'listItem',
  'blockquote',
  'codeBlock',
  'horizontalRule',
  'hardBreak',
  'image',
  'callout',
  'table',
  'tableRow',
  'tableHeader',
  'tableCell',
];
const ALLOWED_MARKS = ['bold', 'italic', 'strike', 'underline', 'code', 'link'];

const schema: Schema = getSchema(lessonExtensions());

function N(name: string): NodeType {
  const type = schema.nodes[name];
  if (!type) throw new Error(`no node type ${name}`);
  return type;
}

function M(name: string): MarkType {
  const type = schema.marks[name];
  if (!type) throw new Error(`no mark type ${name}`);
  return type;
}

function editorJson(doc: PMNode): unknown {
  doc.check();
  return doc.toJSON();
}

/** Every node kind, built from the schema with the defaults the editor's commands use. */
function everyNodeKind(): PMNode {
  const text = (value: string, markList: PMMark[] = []) => schema.text(value, markList);
  const para = (...content: PMNode[]) => N('paragraph').create(null, content);
  const cell = (type: 'tableHeader' | 'tableCell', value: string) => N(type).create(null, para(text(value)));
  return N('doc').create(null, [
    N('heading').create({ level: 2 }, text('Two')),
    N('heading').create({ level: 3 }, text('Three')),
    N('heading').create({ level: 4 }, text('Four')),
    para(
      text('bold', [M('bold').create()]),
      text('italic', [M('italic').create()]),
      text('strike', [M('strike').create()]),
      text('underline', [M('underline').create()]),
      text('code', [M('code').create()]),
      N('hardBreak').create(),
      text('a link', [M('link').create({ href: 'https://example.com' })]),
      text(' mail', [M('link').create({ href: 'mailto:a@b.dk' })]),
      text(' local', [M('link').create({ href: '/courses' })]),
    ),
    N('bulletList').create(null, [N('listItem').create(null, para(text('one'))), N('listItem').create(null, para(text('two')))]),
    N('orderedList').create(null, [N('listItem').create(null, para(text('first')))]),
    N('orderedList').create({ start: 4 }, [N('listItem').create(null, para(text('fourth')))]),
    N('blockquote').create(null, para(text('quoted'))),
    N('codeBlock').create(null, text('const a = 1;\nconsole.log(a);')),
    N('codeBlock').create({ language: 'typescript' }, text('let b: number;')),
    N('horizontalRule').create(),
    N('image').create({ src: '/api/uploads/abc_123-XYZ', alt: 'A diagram' }),
    ...(['info', 'tip', 'warning'] as const).map((variant) => N('callout').create({ variant }, para(text(variant)))),
    N('table').create(null, [
      N('tableRow').create(null, [cell('tableHeader', 'Name'), cell('tableHeader', 'Value')]),
      N('tableRow').create(null, [cell('tableCell', 'a'), cell('tableCell', '1')]),
    ]),
    para(),
  ]);
}

describe('the text editor schema', () => {
  it('has exactly the nodes and marks the contract allows', () => {
    expect(Object.keys(schema.nodes).sort()).toEqual([...ALLOWED_NODES].sort());
    expect(Object.keys(schema.marks).sort()).toEqual([...ALLOWED_MARKS].sort());
  });

  it('offers headings 2 to 4 only', () => {
    const levels = N('heading').spec.parseDOM?.map((rule) => rule.tag);
    expect(levels).toEqual(['h2', 'h3', 'h4']);
  });

  it.each(Object.keys(schema.nodes).filter((name) => !['doc', 'text'].includes(name)))(
    'writes a default %s node the contract accepts',
    (name) => {
      const type = schema.nodes[name]!;
      // The toolbar always names a heading's level (2–4) and an image's upload.
      const attrs = name === 'image' ? { src: '/api/uploads/u1' } : name === 'heading' ? { level: 3 } : null;
      const node = type.createAndFill(attrs);
      expect(node).not.toBeNull();
      // Wrap the node in the ancestors it needs (a cell in a row in a table, an item in a list).
      let wrapped = node!;
      const wrappers: Record<string, string[]> = {
        listItem: ['bulletList'],
        tableRow: ['table'],
        tableHeader: ['tableRow', 'table'],
        tableCell: ['tableRow', 'table'],
      };
      for (const parent of wrappers[name] ?? []) wrapped = N(parent).create(null, wrapped);
      if (wrapped.isInline) wrapped = N('paragraph').create(null, wrapped);
      const json = editorJson(N('doc').create(null, wrapped));
      expect(ZTextContent.safeParse(json).error, JSON.stringify(json)).toBeUndefined();
      expect(normaliseDoc(json)).toEqual(json);
    },
  );
});

describe('documents the editor writes', () => {
  it('pass ZTextContent after normaliseDoc, with every node kind and mark, and lose nothing', () => {
    const json = editorJson(everyNodeKind());
    const normalised = normaliseDoc(json);
    const parsed = ZTextContent.safeParse(normalised);
    expect(parsed.error).toBeUndefined();
    const kinds = new Set<string>();
    const markKinds = new Set<string>();
    const walk = (node: { type: string; content?: unknown[]; marks?: { type: string }[] }) => {
      kinds.add(node.type);
      node.marks?.forEach((m) => markKinds.add(m.type));
      node.content?.forEach((child) => walk(child as never));
    };
    walk(normalised as never);
    expect([...kinds].sort()).toEqual([...ALLOWED_NODES].sort());
    expect([...markKinds].sort()).toEqual([...ALLOWED_MARKS].sort());
    // The normalised document is the same document: reading it back into the schema gives the same JSON.
    expect(normaliseDoc(schema.nodeFromJSON(normalised).toJSON())).toEqual(normalised);
    // And the text survives: every character the editor wrote is still there.
    expect(schema.nodeFromJSON(normalised).textContent).toBe(everyNodeKind().textContent);
  });

  it('keeps its own attributes that the contract knows and drops those it does not (a link title)', () => {
    const raw = editorJson(
      N('doc').create(null, N('paragraph').create(null, schema.text('x', [M('link').create({ href: 'https://a.dk', title: 'T' })]))),
    );
    expect(ZTextContent.safeParse(raw).success).toBe(false);
    const normalised = normaliseDoc(raw);
    expect(ZTextContent.safeParse(normalised).success).toBe(true);
    expect(normalised.content[0]?.content?.[0]?.marks).toEqual([
      { type: 'link', attrs: { href: 'https://a.dk', target: null, rel: null, class: null } },
    ]);
  });
});

describe('normaliseDoc (what a paste can bring)', () => {
  const doc = (...content: unknown[]) => ({ type: 'doc', content });
  const para = (...content: unknown[]) => ({ type: 'paragraph', content });

  it('leaves out images that are not our uploads', () => {
    const out = normaliseDoc(
      doc({ type: 'image', attrs: { src: 'https://evil.example/x.png' } }, { type: 'image', attrs: { src: '/api/uploads/ok' } }),
    );
    expect(out.content).toEqual([{ type: 'image', attrs: { src: '/api/uploads/ok', alt: null, title: null, width: null, height: null } }]);
    expect(ZTextContent.safeParse(out).success).toBe(true);
  });

  it('drops unsafe links but keeps their text', () => {
    const out = normaliseDoc(
      doc(para({ type: 'text', text: 'x', marks: [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }, { type: 'bold' }] })),
    );
    expect(out.content).toEqual([{ type: 'paragraph', content: [{ type: 'text', text: 'x', marks: [{ type: 'bold' }] }] }]);
  });

  it('fixes attribute values the contract refuses', () => {
    const out = normaliseDoc(
      doc(
        { type: 'heading', attrs: { level: 1 }, content: [{ type: 'text', text: 'h' }] },
        { type: 'codeBlock', attrs: { language: 'c.d' }, content: [{ type: 'text', text: 'x' }] },
        { type: 'orderedList', attrs: { start: 'x' }, content: [{ type: 'listItem', content: [para({ type: 'text', text: 'i' })] }] },
        { type: 'callout', attrs: { variant: 'danger' }, content: [para({ type: 'text', text: 'c' })] },
        { type: 'image', attrs: { src: '/api/uploads/u', width: '120', height: 'big' } },
      ),
    );
    expect(ZTextContent.safeParse(out).error).toBeUndefined();
    expect(out.content.map((n) => n.attrs)).toEqual([
      { level: 2 },
      { language: null },
      { start: 1, type: null },
      { variant: 'info' },
      { src: '/api/uploads/u', alt: null, title: null, width: 120, height: null },
    ]);
  });

  it('removes control characters and splits text longer than a text node may be', () => {
    const out = normaliseDoc(doc(para({ type: 'text', text: `a\u0000b\u000bc\r\nd` }), para({ type: 'text', text: 'x'.repeat(45_000) })));
    expect(out.content[0]?.content).toEqual([{ type: 'text', text: 'abc\nd' }]);
    expect(out.content[1]?.content?.map((t) => t.text?.length)).toEqual([20_000, 20_000, 5000]);
    expect(ZTextContent.safeParse(out).error).toBeUndefined();
  });

  it('drops unknown nodes and marks', () => {
    const out = normaliseDoc(
      doc({ type: 'iframe' }, para({ type: 'text', text: 'k', marks: [{ type: 'highlight' }] }), { type: 'taskList', content: [] }),
    );
    expect(out).toEqual({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'k' }] }] });
  });

  it('turns anything that is not a document into an empty one', () => {
    for (const value of [null, 'x', { type: 'paragraph' }, { type: 'doc', content: [] }]) {
      expect(normaliseDoc(value)).toEqual({ type: 'doc', content: [{ type: 'paragraph' }] });
    }
  });
});
