import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../../src/client/locales');
const languages = ['da', 'en'] as const;

type Tree = { [key: string]: string | string[] | Tree };

function load(language: string, file: string): Tree {
  return JSON.parse(readFileSync(path.join(root, language, file), 'utf8')) as Tree;
}

/** 'a.b.c' → value, for every leaf of the tree; a list's items are 'a.b.0', 'a.b.1' … (lists read with returnObjects). */
function flatten(tree: Tree, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [key, value] of Object.entries(tree)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (Array.isArray(value)) {
      expect(value.length, `${name} is an empty list`).toBeGreaterThan(0);
      value.forEach((item, i) => out.set(`${name}.${i}`, item));
    } else if (value !== null && typeof value === 'object') {
      for (const [k, v] of flatten(value, name)) out.set(k, v);
    } else {
      out.set(name, value);
    }
  }
  return out;
}

/** The {{variables}} and <tags> a translation uses; both languages must use the same ones. */
function placeholders(text: string): string[] {
  const variables = [...text.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)].map((m) => `{{${m[1]}}}`);
  const tags = [...text.matchAll(/<\/?(\w+)>/g)].map((m) => `<${m[1]}>`);
  return [...new Set([...variables, ...tags])].sort();
}

const files = readdirSync(path.join(root, 'da'))
  .filter((f) => f.endsWith('.json'))
  .sort();

describe('client translations', () => {
  it('have the same namespace files in every language', () => {
    for (const language of languages) {
      expect(
        readdirSync(path.join(root, language))
          .filter((f) => f.endsWith('.json'))
          .sort(),
      ).toEqual(files);
    }
    expect(files.length).toBeGreaterThan(0);
  });

  describe.each(files)('%s', (file) => {
    const trees = Object.fromEntries(languages.map((l) => [l, flatten(load(l, file))])) as Record<
      (typeof languages)[number],
      Map<string, unknown>
    >;

    it('has identical nested keys in da and en', () => {
      expect([...trees.en.keys()].sort()).toEqual([...trees.da.keys()].sort());
    });

    it.each(languages)('has only non-empty strings in %s', (language) => {
      for (const [key, value] of trees[language]) {
        expect(typeof value, `${language}/${file}: ${key}`).toBe('string');
        expect((value as string).trim(), `${language}/${file}: ${key}`).not.toBe('');
      }
    });

    it('uses the same placeholders and tags in both languages', () => {
      for (const [key, da] of trees.da) {
        const en = trees.en.get(key);
        if (typeof da !== 'string' || typeof en !== 'string') continue;
        expect(placeholders(en), `${file}: ${key}`).toEqual(placeholders(da));
      }
    });
  });
});
