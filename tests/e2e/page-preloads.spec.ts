import type { TCourse } from '../../src/shared/schemas/courses.ts';
import { expect, test } from './fixtures.ts';
import { logIn } from './ui-helpers.ts';

// A logged-in page's code comes announced in the page's HTML (src/server/http/page-preloads.ts):
// the browser fetches it while parsing, and the client's preload helper, finding it there, adds
// nothing of its own.
test("the builder's code is announced in its HTML, fetched once, and the builder opens", async ({ page }) => {
  await logIn(page);
  const { courses } = (await (await page.request.get('/api/courses')).json()) as { courses: TCourse[] };
  const course = courses[0]!;
  const requested = new Map<string, number>();
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/assets/') && pathname.endsWith('.js')) requested.set(pathname, (requested.get(pathname) ?? 0) + 1);
  });

  const response = await page.goto(`/dashboard/courses/${course.id}`);
  const announced = [...(await response!.text()).matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)"/g)].map((m) => m[1]!);
  expect(announced.some((href) => /^\/assets\/course-builder-[\w-]+\.js$/.test(href))).toBe(true);
  await expect(page.getByTestId('builder-title')).toHaveText(course.title);

  const links = await page
    .locator('link[rel="modulepreload"]')
    .evaluateAll((elements) => elements.map((element) => new URL((element as HTMLLinkElement).href).pathname));
  for (const href of announced) {
    expect(
      links.filter((link) => link === href),
      href,
    ).toHaveLength(1);
    expect(requested.get(href), href).toBe(1);
  }
});
