import { readFileSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import type { TCourse } from '../../src/shared/schemas/courses.ts';
import { expectNoAxeViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { uniqueEmail } from './support.ts';
import { invitedLearner, registerThroughApi, usePreferences } from './ui-helpers.ts';

/**
 * A Kursa course leaves as a SCORM package and comes back: downloaded from the builder, imported
 * from the dashboard as a new course, and taken by a learner in Kursa's player, where the
 * package's own page shows the lessons, grades the quiz and reports through the SCORM runtime:
 * the place and the attempt resume after a reload, and the pass completes the course.
 */

const TITLE = 'Førstehjælp på kontoret';

async function json<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  expect(response.status(), await response.text()).toBeLessThan(300);
  return (await response.json()) as T;
}

/** A course of a text lesson and a quiz (pass mark 100, two attempts), made through the API. */
async function courseToExport(page: Page): Promise<TCourse> {
  let course = await json<TCourse>(await page.request.post('/api/courses', { data: { title: TITLE } }));
  course = await json<TCourse>(
    await page.request.post(`/api/courses/${course.id}/modules`, { data: { title: 'Grundlag', version: course.version } }),
  );
  const moduleId = course.modules[0]!.id;
  for (const [title, kind] of [
    ['Velkommen', 'text'],
    ['Test dig selv', 'quiz'],
  ])
    course = await json<TCourse>(
      await page.request.post(`/api/modules/${moduleId}/lessons`, { data: { title, kind, version: course.version } }),
    );
  const [text, quiz] = course.modules[0]!.lessons;
  await json(
    await page.request.patch(`/api/lessons/${text!.id}`, {
      data: {
        version: 1,
        content: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Ring altid 112 først.' }] }] },
      },
    }),
  );
  await json(
    await page.request.patch(`/api/lessons/${quiz!.id}`, {
      data: {
        version: 1,
        content: {
          passMark: 100,
          maxAttempts: 2,
          revealAnswers: 'never',
          questions: [
            {
              id: 'q1',
              type: 'single',
              prompt: 'Hvad gør du først?',
              options: [
                { id: 'a', text: 'Ringer 112', correct: true },
                { id: 'b', text: 'Går hjem', correct: false },
              ],
            },
            { id: 'q2', type: 'short_answer', prompt: 'Hvilket nummer ringer du til?', acceptedAnswers: ['112'] },
          ],
        },
      },
    }),
  );
  return course;
}

test('a course exported as SCORM 1.2 is imported again and taken with resume, grading and completion', async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow();
  await usePreferences(page, { language: 'en' });
  await registerThroughApi(page, uniqueEmail('export-admin'), 'export-admin-pass-1');
  const original = await courseToExport(page);

  // The builder's settings offer the package in both versions; SCORM 1.2 is downloaded.
  await page.goto(`/dashboard/courses/${original.id}`);
  await page.getByRole('tab', { name: 'Settings' }).click();
  const exportSection = page.getByRole('region', { name: 'Export as a SCORM package' });
  await expect(exportSection.getByRole('link', { name: 'Download SCORM 2004' })).toHaveAttribute(
    'href',
    `/api/courses/${original.id}/export?format=scorm2004`,
  );
  const downloading = page.waitForEvent('download');
  await exportSection.getByRole('link', { name: 'Download SCORM 1.2' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/-scorm12\.zip$/);
  const bytes = readFileSync((await download.path())!);

  // The dashboard makes a course of it, as of any SCORM package.
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Upload content' }).first().click();
  const importForm = page
    .getByRole('dialog', { name: 'Upload content' })
    .getByRole('form', { name: 'Or: a new course from a SCORM package' });
  await importForm
    .getByLabel('SCORM package (ZIP file)')
    .setInputFiles({ name: download.suggestedFilename(), mimeType: 'application/zip', buffer: bytes });
  await importForm.getByRole('button', { name: 'Create a course from the package' }).click();
  await expect(page).toHaveURL(/\/dashboard\/courses\/[\w-]+/);
  await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  const courseId = /\/dashboard\/courses\/([\w-]+)/.exec(page.url())![1]!;
  expect(courseId).not.toBe(original.id);
  let course = await json<TCourse>(await page.request.get(`/api/courses/${courseId}`));
  course = await json<TCourse>(
    await page.request.patch(`/api/courses/${courseId}`, { data: { description: 'Det vigtigste først.', version: course.version } }),
  );
  await json(await page.request.post(`/api/courses/${courseId}/status`, { data: { action: 'publish', version: course.version } }));

  const { context, learner } = await invitedLearner(page, browser, baseURL!, 'export-learner');
  try {
    await usePreferences(learner, { language: 'en' });
    expect((await learner.request.post(`/api/courses/${courseId}/enrol`)).status()).toBeLessThan(300);
    const lessonId = course.modules[0]!.lessons[0]!.id;
    await learner.goto(`/learn/${courseId}/${lessonId}`);
    const sco = learner.frameLocator(`iframe[title="${TITLE}"]`);
    await expect(sco.getByRole('heading', { level: 1, name: 'Velkommen' })).toBeVisible();
    await expect(sco.getByText('Ring altid 112 først.')).toBeVisible();
    await expect(sco.getByRole('status').filter({ hasText: 'lektioner' })).toHaveText('1 af 2 lektioner gennemført');
    await expectNoAxeViolations(learner);

    // The quiz: every question must be answered; a wrong answer is graded and an attempt used.
    let committed = learner.waitForResponse((r) => r.url().endsWith(`/lessons/${lessonId}/scorm`) && r.request().method() === 'PUT');
    await sco.getByRole('button', { name: 'Næste lektion' }).click();
    await expect(sco.getByRole('heading', { level: 1, name: 'Test dig selv' })).toBeFocused();
    expect((await committed).status()).toBe(200);
    await sco.getByRole('button', { name: 'Tjek svar' }).click();
    await expect(sco.getByRole('alert')).toHaveText('Svar på alle spørgsmål.');
    await sco.getByLabel('Ringer 112').check();
    await sco.getByLabel('Dit svar').fill('911');
    committed = learner.waitForResponse((r) => r.url().endsWith(`/lessons/${lessonId}/scorm`) && r.request().method() === 'PUT');
    await sco.getByRole('button', { name: 'Tjek svar' }).click();
    await expect(sco.locator('.result')).toHaveText('Du fik 50 %. Der skal 100 % til at bestå. Ikke bestået Forsøg tilbage: 1');
    expect((await committed).status()).toBe(200);
    await expect(learner.getByText('0% complete').first()).toBeVisible();

    // After a reload the package resumes at the quiz with the attempt it has used.
    await learner.reload();
    await expect(sco.getByRole('heading', { level: 1, name: 'Test dig selv' })).toBeVisible();
    await expect(sco.locator('.result')).toHaveText('Du fik 50 %. Der skal 100 % til at bestå. Ikke bestået Forsøg tilbage: 1');
    await sco.getByLabel('Ringer 112').check();
    await sco.getByLabel('Dit svar').fill(' 112 ');
    await sco.getByRole('button', { name: 'Prøv igen' }).click();
    await expect(sco.locator('.result')).toHaveText('Du fik 100 %. Der skal 100 % til at bestå. Bestået');
    await expect(sco.getByRole('status').filter({ hasText: 'kurset' })).toHaveText('Du har gennemført kurset.');
    await expect(learner.getByTestId('course-completed')).toHaveText('Congratulations! You have completed the course.');
    await expect(learner.getByText('100% complete').first()).toBeVisible();
  } finally {
    await context.close();
  }
});

test('a course exported as SCORM 2004 plays through the 2004 runtime and completes', async ({ page, browser, baseURL }) => {
  test.slow();
  await usePreferences(page, { language: 'en' });
  await registerThroughApi(page, uniqueEmail('export-2004'), 'export-2004-pass-1');
  const original = await courseToExport(page);
  const exported = await page.request.get(`/api/courses/${original.id}/export?format=scorm2004`);
  expect(exported.status()).toBe(200);
  const imported = await page.request.post('/api/courses/import-scorm', {
    multipart: { file: { name: 'kursus.zip', mimeType: 'application/zip', buffer: await exported.body() } },
  });
  let course = await json<TCourse>(imported);
  course = await json<TCourse>(
    await page.request.patch(`/api/courses/${course.id}`, { data: { description: 'Det vigtigste først.', version: course.version } }),
  );
  await json(await page.request.post(`/api/courses/${course.id}/status`, { data: { action: 'publish', version: course.version } }));

  const { context, learner } = await invitedLearner(page, browser, baseURL!, 'export-2004-learner');
  try {
    await usePreferences(learner, { language: 'en' });
    expect((await learner.request.post(`/api/courses/${course.id}/enrol`)).status()).toBeLessThan(300);
    await learner.goto(`/learn/${course.id}/${course.modules[0]!.lessons[0]!.id}`);
    const sco = learner.frameLocator(`iframe[title="${TITLE}"]`);
    await sco.getByRole('link', { name: 'Test dig selv' }).click();
    await sco.getByLabel('Ringer 112').check();
    await sco.getByLabel('Dit svar').fill('112');
    await sco.getByRole('button', { name: 'Tjek svar' }).click();
    await expect(sco.locator('.result')).toHaveText('Du fik 100 %. Der skal 100 % til at bestå. Bestået');
    await expect(learner.getByTestId('course-completed')).toHaveText('Congratulations! You have completed the course.');
  } finally {
    await context.close();
  }
});
