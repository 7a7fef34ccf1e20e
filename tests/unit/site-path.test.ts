import { describe, expect, it } from 'vitest';
import { isSitePath, sitePath } from '../../src/shared/site-path.ts';
import { isSafeHref } from '../../src/shared/schemas/lesson-content.ts';

// The one "is this a path on this site?" check: what a browser would follow must stay on the site.
describe('sitePath', () => {
  it('keeps paths on this site, with their query and hash, as a browser resolves them', () => {
    expect(sitePath('/learn')).toBe('/learn');
    expect(sitePath('/dashboard?tab=students#top')).toBe('/dashboard?tab=students#top');
    expect(sitePath('/courses/a/../b')).toBe('/courses/b');
    expect(sitePath('/kurser/æble')).toBe('/kurser/%C3%A6ble');
    expect(sitePath('/search?q=%2F%2Fx')).toBe('/search?q=%2F%2Fx');
    expect(sitePath('/')).toBe('/');
  });

  it.each([
    ['a backslash after the slash', '/\\evil.example'],
    ['a backslash and a path', '/\\evil.example/path'],
    ['two backslashes', '\\\\evil.example'],
    ['a backslash then a slash', '\\/evil.example'],
    ['a slash then a backslash later in the path', '/a\\..\\..\\\\evil.example'],
    ['protocol-relative', '//evil.example'],
    ['three slashes', '///evil.example'],
    ['an encoded backslash', '/%5Cevil.example'],
    ['an encoded backslash, lower case', '/%5cevil.example'],
    ['an encoded slash', '/%2F%2Fevil.example'],
    ['a tab between the slashes', '/\t/evil.example'],
    ['a newline between the slashes', '/\n/evil.example'],
    ['a carriage return between the slashes', '/\r/evil.example'],
    ['a tab before the backslash', '/\t\\evil.example'],
    ['a NUL', '/\u0000/evil.example'],
    ['a leading space', ' //evil.example'],
    ['an absolute address', 'https://evil.example/x'],
    ['a scheme', 'javascript:alert(1)'],
    ['a page-relative path', 'learn/x'],
    ['nothing', ''],
  ])('refuses %s (%j)', (_name, value) => {
    expect(sitePath(value)).toBeNull();
    expect(isSitePath(value)).toBe(false);
  });
});

describe('isSafeHref (lesson links)', () => {
  it('takes site paths and web and mail addresses', () => {
    for (const href of ['/courses', 'https://kursa.dk', 'mailto:a@b.dk']) expect(isSafeHref(href), href).toBe(true);
  });

  it.each(['/\\evil.example/path', '/%5Cevil.example', '/\t/evil.example', '//evil.example', 'javascript:alert(1)'])(
    'refuses %j',
    (href) => {
      expect(isSafeHref(href)).toBe(false);
    },
  );
});
