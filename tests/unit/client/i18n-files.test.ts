import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

/**
 * Translation files (lib/i18n.ts, ADR 027): a page's namespaces are asked for as the page starts,
 * before i18next has, so they arrive with the common strings rather than a round trip after them
 * (which Lighthouse counts against the page); each file is fetched once, and a failed one is
 * fetched again later.
 */
const asked: string[] = [];
const failing = new Set<string>();

beforeAll(() => {
  vi.stubGlobal('__LOCALES_BASE__', '/assets/locales/test');
  // The language's attribute on <html> follows i18next's language.
  vi.stubGlobal('document', { documentElement: { lang: '' } });
  vi.stubGlobal('fetch', (url: string) => {
    asked.push(url);
    if (failing.delete(url)) return Promise.resolve(new Response('busy', { status: 503 }));
    return Promise.resolve(Response.json({ file: url }));
  });
});

afterAll(() => vi.unstubAllGlobals());

describe('translation files', () => {
  it("asks for a page's namespaces and the common strings at once, and for each file only once", async () => {
    const { i18n, initI18n, prefetchNamespaces } = await import('@/lib/i18n');
    prefetchNamespaces(['page-home', 'plans']);
    const started = initI18n();
    // Asked for before anything was awaited: nothing waits for i18next to start.
    expect(asked).toEqual([
      '/assets/locales/test/da/page-home.json',
      '/assets/locales/test/da/plans.json',
      '/assets/locales/test/da/common.json',
    ]);

    await started;
    await i18n.loadNamespaces(['page-home', 'plans']);
    expect(asked).toHaveLength(3);
    expect(i18n.getResourceBundle('da', 'page-home')).toEqual({ file: '/assets/locales/test/da/page-home.json' });
    expect(i18n.getResourceBundle('da', 'common')).toEqual({ file: '/assets/locales/test/da/common.json' });
  });

  it('asks again for a file whose download failed', async () => {
    const { i18n, prefetchNamespaces } = await import('@/lib/i18n');
    failing.add('/assets/locales/test/da/page-pricing.json');
    asked.length = 0;
    prefetchNamespaces(['page-pricing']);
    await vi.waitFor(() => expect(failing.size).toBe(0));
    await new Promise((resolve) => setTimeout(resolve, 0));
    await i18n.loadNamespaces('page-pricing');
    expect(asked).toEqual(['/assets/locales/test/da/page-pricing.json', '/assets/locales/test/da/page-pricing.json']);
    expect(i18n.getResourceBundle('da', 'page-pricing')).toEqual({ file: '/assets/locales/test/da/page-pricing.json' });
  });
});
