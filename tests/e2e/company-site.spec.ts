import { expectNoAxeViolations } from './axe.ts';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { uniqueEmail } from './support.ts';
import { registerThroughApi } from './ui-helpers.ts';

/**
 * A company's own site at {subdomain}.localhost:PORT (Chromium resolves *.localhost to loopback):
 * server-rendered pages with no script, in Danish and English, light and dark, passing axe.
 */
const port = Number(process.env.E2E_PORT ?? 5055);
const subdomain = `e2e-${Date.now().toString(36)}`;
const site = `http://${subdomain}.localhost:${port}`;

let publicSlug = '';
let privateSlug = '';
let freeSlug = '';

async function publish(
  page: Page,
  title: string,
  visibility: string,
  extra: Record<string, unknown> = {},
  pricing: Record<string, unknown> = { pricing: 'paid', price: 149_900, currency: 'DKK' },
) {
  const response = await page.request.post('/api/courses/publish', {
    data: {
      course_data: {
        title,
        description: 'Et praktisk kursus om feedback, der virker.\n\nMed øvelser til hver uge.',
        complexity_level: 'intermediate',
        duration: '2 hours 30 minutes',
        target_audience: 'Nye teamledere',
        learning_objectives: ['Give feedback, der bliver brugt', 'Holde den svære samtale'],
        modules: [
          {
            title: 'Modul 1: Grundlaget',
            lessons: [{ title: 'Hvorfor feedback?', content: 'Feedback er en gave.' }, 'Tre typer feedback'],
          },
          { title: 'Modul 2: Samtalen', lessons: ['Forberedelse'] },
        ],
        ...extra,
      },
      teacher_profile: { subject: 'Ledelse' },
      publishing_options: { visibility, subdomain, ...pricing, confirm_empty_lessons: true },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const body = await response.json();
  expect(body.url).toBe(`${site}/courses/${body.course.slug}`);
  return body.course as { id: string; slug: string; version: number };
}

// The smallest valid PNG (1×1), for a thumbnail.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage();
  await registerThroughApi(page, uniqueEmail('site'), 'site-password-1');
  const course = await publish(page, 'Feedback i praksis', 'public');
  publicSlug = course.slug;
  privateSlug = (await publish(page, 'Intern løn og personale', 'private')).slug;
  freeSlug = (await publish(page, 'Gratis introduktion til feedback', 'public', {}, { pricing: 'free' })).slug;
  // A thumbnail, uploaded as the builder does.
  const uploaded = await page.request.post('/api/uploads', {
    multipart: { courseId: course.id, kind: 'image', file: { name: 'forside.png', mimeType: 'image/png', buffer: PNG } },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(201);
  const thumbnailUploadId = ((await uploaded.json()) as { id: string }).id;
  const patched = await page.request.patch(`/api/courses/${course.id}`, { data: { thumbnailUploadId, version: course.version } });
  expect(patched.status(), await patched.text()).toBe(200);
  await page.close();
});

test('the company page lists its public courses and leads to a landing page with an honest Enroll', async ({ page }) => {
  await page.goto(`${site}/`);
  await expect(page).toHaveTitle('MAGENTA ApS · Kurser');
  await expect(page.locator('html')).toHaveAttribute('lang', 'da');
  await expect(page.getByRole('heading', { level: 1, name: 'MAGENTA ApS' })).toBeVisible();
  const card = page.getByRole('article', { name: 'Feedback i praksis' });
  await expect(card).toContainText('Øvet');
  await expect(card).toContainText('2 t 30 min');
  await expect(card).toContainText('1.499,00 kr.');
  await expect(card).toContainText('Ulla Interface');
  await expect(page.getByText('Intern løn og personale')).toHaveCount(0);
  expect(await page.locator('script').count()).toBe(0);
  // The thumbnail loads from the site's own origin, which the CSP allows.
  const thumbnail = card.locator('img');
  await expect(thumbnail).toHaveAttribute('src', /^\/media\/[\w-]+$/);
  await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
  await expectNoAxeViolations(page);

  await card.getByRole('link', { name: 'Feedback i praksis' }).click();
  await expect(page).toHaveURL(`${site}/courses/${publicSlug}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Feedback i praksis' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Modul 1: Grundlaget' })).toBeVisible();
  await expect(page.getByText('Tre typer feedback')).toBeVisible();
  await expect(page.getByText('Feedback er en gave.')).toHaveCount(0);
  await expect(page.getByText('Give feedback, der bliver brugt')).toBeVisible();
  await expect(page.locator('link[rel=canonical]')).toHaveAttribute('href', `${site}/courses/${publicSlug}`);
  await expectNoAxeViolations(page);

  // Enroll goes to the main site's login, which comes back to the course's enrolment step afterwards.
  await page.getByRole('link', { name: 'Tilmeld dig' }).click();
  await expect(page).toHaveURL(`http://localhost:${port}/login?next=${encodeURIComponent(`/courses/${publicSlug}#enrol`)}`);
});

test('a logged-in visitor enrols in a free course from the company site; a paid one is bought first', async ({ page }) => {
  await registerThroughApi(page, uniqueEmail('site-learner'), 'site-learner-pass-1');
  await page.goto(`${site}/courses/${publicSlug}`);
  await page.getByRole('link', { name: 'Tilmeld dig' }).click();
  await expect(page).toHaveURL(`http://localhost:${port}/courses/${publicSlug}#enrol`);
  await expect(page.locator('#enrol')).toBeFocused();
  await page.getByRole('button', { name: 'Tilmeld nu' }).click();
  await expect(page.locator('#enrol').getByRole('alert')).toHaveText(
    'Kurset er betalt: køb det til dig selv, eller bed en administrator købe pladser til virksomheden.',
  );
  // The course page offers it for sale (the checkout itself: checkout.spec.ts).
  await expect(page.getByTestId('buy-course').getByRole('button', { name: 'Køb til mig' })).toBeVisible();

  await page.goto(`${site}/courses/${freeSlug}`);
  await page.getByRole('link', { name: 'Tilmeld dig' }).click();
  await expect(page).toHaveURL(`http://localhost:${port}/courses/${freeSlug}#enrol`);
  await page.getByRole('button', { name: 'Tilmeld nu' }).click();
  await expect(page).toHaveURL(/\/learn\/[\w-]+\/[\w-]+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Hvorfor feedback?' })).toBeFocused();
});

test('a private course answers 404 on the site and says where members find it', async ({ page }) => {
  const response = await page.goto(`${site}/courses/${privateSlug}`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Kurset blev ikke fundet' })).toBeVisible();
  await expect(page.getByText(/Private kurser ser virksomhedens medlemmer på Kursa/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Log ind på Kursa' })).toHaveAttribute('href', `http://localhost:${port}/login`);
  const unknown = await page.goto(`http://nobody-${Date.now().toString(36)}.localhost:${port}/`);
  expect(unknown?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Siden findes ikke' })).toBeVisible();
});

test.describe('in English and in the dark', () => {
  test.use({ locale: 'en-GB', colorScheme: 'dark' });

  test('the pages follow the browser language and colour scheme, and pass axe', async ({ page }) => {
    await page.goto(`${site}/courses/${publicSlug}`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { name: 'Course outline' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Enroll' })).toBeVisible();
    await expect(page.getByText(/DKK\s1,499\.00/).first()).toBeVisible();
    const background = await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
    expect(background).toBe('rgb(11, 16, 32)');
    await expectNoAxeViolations(page);

    // The language switch works without script.
    await page.getByRole('link', { name: 'Dansk' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'da');
    await expect(page.getByRole('link', { name: 'Tilmeld dig' })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
