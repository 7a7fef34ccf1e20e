import { expect, test } from './fixtures.ts';
import { usePreferences } from './ui-helpers.ts';

/** Every feature the public pages describe works today: none of them is labelled as still to come. */
const PAGES = ['/', '/platform', '/courses', '/pricing', '/resources', '/course-creator', '/ai-assistant'];

for (const language of ['da', 'en'] as const) {
  test(`public pages label nothing "coming soon" (${language})`, async ({ page }) => {
    await usePreferences(page, { language });
    const soon = language === 'da' ? 'Kommer snart' : 'Coming soon';
    for (const path of PAGES) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByText(soon, { exact: true })).toHaveCount(0);
      // Only the course creator keeps a status note, and it says what works there.
      await expect(page.getByTestId('page-status')).toHaveCount(path === '/course-creator' ? 1 : 0);
    }
  });
}

test('the page as first served describes Kursa as it is', async ({ page }) => {
  const html = await (await page.request.get('/')).text();
  expect(html).toContain('byg jeres kurser selv eller med AI-kursusskaberen, og udgiv dem på jeres eget subdomæne');
});
