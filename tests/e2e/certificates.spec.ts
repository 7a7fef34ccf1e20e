import { readFileSync } from 'node:fs';
import { expectNoAxeViolations } from './axe.ts';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import type { TCourse } from '../../src/shared/schemas/courses.ts';
import { pdfText } from '../helpers/certificates.ts';
import { expect, test } from './fixtures.ts';
import { mailCount, nextMailTo } from './mailbox.ts';
import { uniqueEmail } from './support.ts';
import { registerThroughApi, usePreferences } from './ui-helpers.ts';

/**
 * Certificates in the browser: a learner who completed a course downloads the certificate from
 * /learn (a real download, a real PDF) and opens its verification page, in Danish and English,
 * dark and light; an admin of the issuing company revokes it there; an unknown code is not valid.
 */

const LEARNER = { name: 'Lea Lærling', password: 'lea-pass-123' };

async function logIn(page: Page, email: string, password: string) {
  const response = await page.request.post('/api/login', { data: { email, password } });
  expect(response.status(), await response.text()).toBe(200);
}

/**
 * Through the API: a company publishes a 90-minute course, invites a learner (the link comes by
 * mail), who accepts, enrols and completes it. Answers the admin's page, the learner's login and
 * the course's title.
 */
async function completedCourse(browser: Browser, admin: Page) {
  const adminEmail = uniqueEmail('cert-admin');
  await registerThroughApi(admin, adminEmail, 'cert-admin-pass-1');
  const post = async <T>(url: string, data: unknown, method: 'post' | 'patch' = 'post') => {
    const response = await admin.request[method](url, { data });
    expect(response.status(), await response.text()).toBeLessThan(300);
    return (await response.json()) as T;
  };
  const title = `Gode møder ${Date.now().toString(36)}`;
  let course = await post<TCourse>('/api/courses', { title, description: 'Møder, der ender med beslutninger.' });
  course = await post<TCourse>(`/api/courses/${course.id}/modules`, { title: 'Mødet', version: course.version });
  course = await post<TCourse>(`/api/modules/${course.modules[0]!.id}/lessons`, {
    title: 'Dagsordenen',
    kind: 'text',
    version: course.version,
  });
  const lesson = course.modules[0]!.lessons[0]!;
  const text = { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Send dagsordenen dagen før.' }] }] };
  await post(`/api/lessons/${lesson.id}`, { version: 1, content: text, durationMinutes: 90 }, 'patch');
  course = (await (await admin.request.get(`/api/courses/${course.id}`)).json()) as TCourse;
  await post(`/api/courses/${course.id}/status`, { action: 'publish', version: course.version });

  const learnerEmail = uniqueEmail('cert-learner');
  const before = mailCount();
  await post('/api/invitations', { email: learnerEmail, role: 'learner' });
  const token = /\/invite\/([\w-]+)/.exec((await nextMailTo(learnerEmail, before)).text)![1]!;
  const context = await browser.newContext();
  const learner = await context.newPage();
  const accepted = await learner.request.post(`/api/invitations/${token}/accept`, {
    data: { contactName: LEARNER.name, password: LEARNER.password, confirmPassword: LEARNER.password },
  });
  expect(accepted.status(), await accepted.text()).toBe(201);
  expect((await learner.request.post(`/api/courses/${course.id}/enrol`)).status()).toBe(201);
  expect((await learner.request.post(`/api/learning/${course.id}/lessons/${lesson.id}/complete`)).status()).toBe(200);
  await context.close();
  return { adminEmail, learnerEmail, title, courseId: course.id };
}

/** A browser context of the learner, logged in, with a saved language and theme. */
async function learnerIn(
  browser: Browser,
  email: string,
  prefs: { language: 'da' | 'en'; theme: 'dark' | 'light' },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ acceptDownloads: true });
  const page = await context.newPage();
  await usePreferences(page, prefs);
  await logIn(page, email, LEARNER.password);
  return { context, page };
}

test('a learner downloads the certificate from /learn and opens its verification page, in Danish (dark) and English (light)', async ({
  page,
  browser,
}) => {
  test.slow();
  const { learnerEmail, title, courseId } = await completedCourse(browser, page);
  const runs = [
    {
      language: 'da',
      theme: 'dark',
      download: 'Hent kursusbevis',
      verify: 'Verifikationsside',
      genuine: 'Ægte kursusbevis',
      holder: 'Indehaver',
      hours: '1,5 time',
      file: /^kursusbevis-gode-moeder-[a-z0-9]+-[0-9A-Z-]{19}\.pdf$/,
    },
    {
      language: 'en',
      theme: 'light',
      download: 'Download certificate',
      verify: 'Verification page',
      genuine: 'Genuine certificate',
      holder: 'Holder',
      hours: '1.5 hours',
      file: /^kursusbevis-/,
    },
  ] as const;
  for (const run of runs) {
    const { context, page: learner } = await learnerIn(browser, learnerEmail, run);
    await learner.goto('/learn');
    const card = learner.getByTestId('learning-card').filter({ hasText: title });
    const pdfLink = card.getByRole('link', { name: `${run.download}: ${title}` });
    await expect(pdfLink).toBeVisible();
    await expect(learner.locator('html')).toHaveClass(run.theme === 'dark' ? /dark/ : /^(?!.*dark)/);
    await expectNoAxeViolations(learner);

    // A real download of a real PDF, in the certificate's language (the learner's: Danish).
    const [download] = await Promise.all([learner.waitForEvent('download'), pdfLink.click()]);
    expect(download.suggestedFilename()).toMatch(run.file);
    const bytes = readFileSync((await download.path())!);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const pdf = await pdfText(new Uint8Array(bytes));
    expect(pdf).toContain(LEARNER.name);
    expect(pdf).toContain(title);
    const code = /Verifikationskode: ([0-9A-Z-]{19})/.exec(pdf)![1]!;

    await card.getByRole('link', { name: `${run.verify}: ${title}` }).click();
    await expect(learner).toHaveURL(`/verify/${code}`);
    const status = learner.getByTestId('certificate-status');
    await expect(status.getByRole('heading', { level: 1 })).toHaveText(run.genuine);
    await expect(status).toHaveAttribute('data-status', 'genuine');
    const details = learner.getByTestId('certificate-details');
    await expect(details).toContainText(`${run.holder}${LEARNER.name}`);
    await expect(details).toContainText(title);
    await expect(details).toContainText(run.hours);
    await expect(details).toContainText(code);
    // The holder may download it here too, but not revoke it.
    await expect(learner.getByRole('link', { name: new RegExp(run.download) })).toBeVisible();
    await expect(learner.getByRole('button', { name: /Tilbagekald|Revoke/ })).toHaveCount(0);
    await expectNoAxeViolations(learner);

    // The player's completion banner offers the same.
    await learner.goto(`/learn/${courseId}`);
    await expect(learner.getByTestId('course-completed')).toBeVisible();
    await expect(learner.getByRole('link', { name: `${run.download}: ${title}` })).toHaveAttribute('href', `/api/certificates/${code}/pdf`);
    await expect(learner.getByRole('link', { name: `${run.verify}: ${title}` })).toHaveAttribute('href', `/verify/${code}`);
    await context.close();
  }
});

test('an admin of the issuing company revokes a certificate on its verification page; then it shows as revoked; an unknown code is not valid', async ({
  page,
  browser,
}) => {
  test.slow();
  const { adminEmail, learnerEmail, title } = await completedCourse(browser, page);
  const { context, page: learner } = await learnerIn(browser, learnerEmail, { language: 'da', theme: 'dark' });
  const code = ((await (await learner.request.get('/api/certificates')).json()) as { certificates: { code: string }[] }).certificates[0]!
    .code;
  await context.close();

  // The admin (logged in on `page` since registering) opens the page the QR code leads to.
  await logIn(page, adminEmail, 'cert-admin-pass-1');
  await page.goto(`/verify/${code}`);
  await expect(page.getByTestId('certificate-status')).toHaveAttribute('data-status', 'genuine');
  const revokeSection = page.getByRole('region', { name: 'Tilbagekald kursusbeviset' });
  await revokeSection.getByRole('button', { name: 'Tilbagekald kursusbevis' }).click();
  const dialog = page.getByRole('dialog', { name: 'Tilbagekald kursusbeviset?' });
  await expect(dialog).toContainText(`Kursusbeviset til ${LEARNER.name} for ${title}`);
  await dialog.getByLabel('Begrundelse (valgfri)').fill('Udstedt ved en fejl.');
  await expectNoAxeViolations(page);
  // Cancel changes nothing.
  await dialog.getByRole('button', { name: 'Annullér' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('certificate-status')).toHaveAttribute('data-status', 'genuine');

  await revokeSection.getByRole('button', { name: 'Tilbagekald kursusbevis' }).click();
  await dialog.getByLabel('Begrundelse (valgfri)').fill('Udstedt ved en fejl.');
  await dialog.getByRole('button', { name: 'Tilbagekald', exact: true }).click();
  const heading = page.getByRole('heading', { level: 1, name: 'Kursusbeviset er tilbagekaldt' });
  await expect(heading).toBeFocused();
  await expect(page.getByTestId('certificate-details')).toContainText('BegrundelseUdstedt ved en fejl.');
  await expect(page.getByRole('button', { name: 'Tilbagekald kursusbevis' })).toHaveCount(0);
  await expectNoAxeViolations(page);

  // Anyone, logged out, in English and the light theme, sees it revoked; an unknown code is not valid.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await usePreferences(visitor, { language: 'en', theme: 'light' });
  await visitor.goto(`/verify/${code.toLowerCase()}`);
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText('This certificate has been revoked');
  await expect(visitor.getByTestId('certificate-details')).toContainText('ReasonUdstedt ved en fejl.');
  await expect(visitor.getByRole('link', { name: /Download certificate/ })).toHaveCount(0);
  await expectNoAxeViolations(visitor);
  await visitor.goto('/verify/ABCD-EFGH-JKMN-PQRS');
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText('Not valid');
  await expect(visitor.getByTestId('certificate-status')).toHaveAttribute('data-status', 'invalid');
  await expectNoAxeViolations(visitor);
  await visitorContext.close();
});
