import { expectNoAxeViolations } from './axe.ts';
import { addTxtRecord } from './dns-records.ts';
import { expect, test } from './fixtures.ts';
import { uniqueEmail } from './support.ts';
import { registerThroughApi, usePreferences } from './ui-helpers.ts';

/**
 * A company's own domain: the admin adds it on Indstillinger, is told the TXT and CNAME records,
 * DNS is asked for real (a local DNS server the spec publishes the record on), and the site then
 * answers at that name — a second host name on loopback (*.firma.test, see playwright.config.ts).
 */
const port = Number(process.env.E2E_PORT ?? 5055);

for (const { width, theme } of [
  { width: 1280, theme: 'light' },
  { width: 390, theme: 'dark' },
] as const) {
  test(`an admin adds the company's domain, proves it in DNS, and the site answers there (${width} px, ${theme})`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await usePreferences(page, { language: 'da', theme });
    const unique = `${Date.now().toString(36)}${width}`;
    const subdomain = `eget-${unique}`;
    const domain = `kurser-${unique}.firma.test`;
    await registerThroughApi(page, uniqueEmail('domain'), 'domain-password-1');
    const published = await page.request.post('/api/courses/publish', {
      data: {
        course_data: {
          title: 'Kundeservice på eget domæne',
          description: 'Et kursus, der bor på virksomhedens eget domæne.',
          complexity_level: 'beginner',
          duration: '1 hour',
          modules: [{ title: 'Modul 1', lessons: [{ title: 'Velkommen', content: 'Hej.' }] }],
        },
        teacher_profile: { subject: 'Service' },
        publishing_options: { visibility: 'public', subdomain, pricing: 'free', confirm_empty_lessons: true },
      },
    });
    expect(published.status(), await published.text()).toBe(201);
    const slug = ((await published.json()) as { course: { slug: string } }).course.slug;

    await page.goto('/dashboard/settings');
    const card = page.getByRole('region', { name: 'Eget domæne' });
    await card.getByLabel('Domæne', { exact: true }).fill(`https://${domain.toUpperCase()}/`);
    await card.getByRole('button', { name: 'Tilføj domæne' }).click();
    await expect(card.getByRole('heading', { name: 'Opret disse poster hos jeres DNS-udbyder' })).toBeVisible();
    await expect(card.getByLabel('Domæne', { exact: true })).toHaveValue(`https://${domain.toUpperCase()}/`);
    await expect(card.getByText(`_kursa.${domain}`)).toBeVisible();
    const value = (await card.getByTestId('custom-domain-txt').textContent())!;
    expect(value).toMatch(/^kursa-verification=[0-9a-f]{32}$/);

    // Before the record exists, checking says what is missing; after, the domain is verified.
    await card.getByRole('button', { name: 'Kontrollér DNS' }).click();
    await expect(card.getByRole('alert')).toContainText(`TXT-posten _kursa.${domain} med værdien ${value} blev ikke fundet endnu.`);
    addTxtRecord(`_kursa.${domain}`, value);
    await card.getByRole('button', { name: 'Kontrollér DNS' }).click();
    await expect(card.getByRole('status').filter({ hasText: 'Domænet er bekræftet.' })).toBeVisible();
    await expect(card.getByTestId('custom-domain-url')).toHaveText(`http://${domain}`);
    await expect(card.getByRole('heading', { name: 'Lad disse poster blive stående hos jeres DNS-udbyder' })).toBeVisible();
    await expectNoAxeViolations(page);

    // The company's site, at its own name.
    await page.emulateMedia({ colorScheme: theme });
    await page.goto(`http://${domain}:${port}/`);
    await expect(page.getByRole('heading', { level: 1, name: 'MAGENTA ApS' })).toBeVisible();
    await expect(page.locator('link[rel=canonical]')).toHaveAttribute('href', `http://${domain}:${port}/`);
    await page.getByRole('link', { name: 'Kundeservice på eget domæne' }).click();
    await expect(page).toHaveURL(`http://${domain}:${port}/courses/${slug}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Kundeservice på eget domæne' })).toBeVisible();
    await expectNoAxeViolations(page);
    // No session and no API there: the app lives on Kursa's own address.
    // (Asked from here, where the name is not mapped: to loopback, naming the domain as its Host.)
    expect((await page.request.get(`http://127.0.0.1:${port}/api/me`, { headers: { host: `${domain}:${port}` } })).status()).toBe(404);
  });
}
