import { expect, test } from './fixtures.ts';
import { usePreferences } from './ui-helpers.ts';

/**
 * Until a feature exists, its page says only what is true. Today Kursa has accounts,
 * CVR registration and look-up, the profile, the dashboard, the course builder, publishing and the
 * catalogue, enrolment and certificates, the AI creator and the assistants;
 * payments and voice are coming.
 */
const PAGES = ['/', '/platform', '/courses', '/pricing', '/resources', '/course-creator', '/ai-assistant'];

/** Promises the pages used to make about features that do not exist. */
const UNTRUE = {
  da: [
    'Her ser du, om assistenterne',
    'Kataloget samler de kurser',
    'Her sammenligner du abonnementerne',
    'Kursa samler alt',
    'Beskriv dit fag og din målgruppe, og få forslag',
    'Følg tilmeldinger',
    'opret, udgiv og sælg kurser med hjælp fra AI',
  ],
  en: [
    'Here you see whether the',
    'The catalogue brings together',
    'Here you compare the Starter',
    'Kursa brings together everything',
    'Describe your subject and your audience, and get',
    'Follow enrolments',
    'create, publish and sell courses with help from AI',
  ],
} as const;

for (const language of ['da', 'en'] as const) {
  test(`public pages promise nothing that does not exist (${language})`, async ({ page }) => {
    await usePreferences(page, { language });
    const soon = language === 'da' ? 'Kommer snart' : 'Coming soon';
    for (const path of PAGES) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const text = await page.locator('body').innerText();
      for (const phrase of UNTRUE[language]) expect(text, `${path} says "${phrase}"`).not.toContain(phrase);
      const description = (await page.locator('meta[name="description"]').getAttribute('content')) ?? '';
      for (const phrase of UNTRUE[language]) expect(description, `${path}'s description says "${phrase}"`).not.toContain(phrase);
      // Each page that describes features to come marks them; the course creator's steps, the
      // catalogue and its AI promo, the assistants' page, and the landing page, the platform, pricing
      // and the resources library all work now: nothing says "coming soon". Only the creator keeps its status note, which says what works there.
      await expect(page.getByText(soon, { exact: true })).toHaveCount(0);
      await expect(page.getByTestId('page-status')).toHaveCount(path === '/course-creator' ? 1 : 0);
    }
  });
}

test('the page as first served describes Kursa truthfully too', async ({ page }) => {
  const html = await (await page.request.get('/')).text();
  expect(html).toContain('byg jeres kurser selv eller med AI-kursusskaberen, og udgiv dem på jeres eget subdomæne');
  expect(html).not.toContain('opret, udgiv og sælg kurser med hjælp fra AI');
});
