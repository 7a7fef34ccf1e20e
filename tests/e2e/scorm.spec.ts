import type { Route } from '@playwright/test';
import type { TCourse } from '../../src/shared/schemas/courses.ts';
import { playableScorm12Package } from '../helpers/scorm-packages.ts';
import { expectNoAxeViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { uniqueEmail } from './support.ts';
import { invitedLearner, registerThroughApi, usePreferences } from './ui-helpers.ts';

/**
 * A SCORM package in the browser: an admin makes a course of it from the dashboard, and a learner
 * plays its SCO through the real runtime: the place saved, resumed after a reload, and a pass with
 * a score that completes the lesson and the course.
 */
test('a course from a SCORM package is taken with resume, a score and completion', async ({ page, browser, baseURL }) => {
  test.slow();
  await usePreferences(page, { language: 'en' });
  await registerThroughApi(page, uniqueEmail('scorm-admin'), 'scorm-admin-pass-1');
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Upload content' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Upload content' });
  const importForm = dialog.getByRole('form', { name: 'Or: a new course from a SCORM package' });
  await importForm.getByRole('button', { name: 'Create a course from the package' }).click();
  await expect(importForm.getByRole('alert')).toHaveText('Choose a SCORM package (a ZIP file).');
  await importForm
    .getByLabel('SCORM package (ZIP file)')
    .setInputFiles({ name: 'brand.zip', mimeType: 'application/zip', buffer: Buffer.from(playableScorm12Package()) });
  await importForm.getByRole('button', { name: 'Create a course from the package' }).click();
  await expect(page).toHaveURL(/\/dashboard\/courses\/[\w-]+/);
  await expect(page.getByRole('heading', { level: 1, name: 'Brandsikkerhed i praksis' })).toBeVisible();
  await page.getByRole('button', { name: 'Brandslukning (SCORM)' }).click();
  await expect(page.getByRole('heading', { name: 'SCORM lesson' })).toBeVisible();
  await expect(page.getByTestId('scorm-detail')).toHaveText(['1.2', 'sco/index.html', '80%']);

  // The same package again, into the module from the outline: its SCO becomes a second lesson.
  await page.getByLabel('Kind').selectOption('SCORM package');
  await page.getByRole('button', { name: 'Import the package' }).click();
  await expect(page.getByText('Choose a SCORM package (a ZIP file).')).toBeVisible();
  await page
    .getByLabel('SCORM package (ZIP file)')
    .setInputFiles({ name: 'brand.zip', mimeType: 'application/zip', buffer: Buffer.from(playableScorm12Package()) });
  await page.getByRole('button', { name: 'Import the package' }).click();
  await expect(page.getByRole('button', { name: 'Brandslukning (SCORM)' })).toHaveCount(2);
  await expect(page.getByTestId('outline-announcement')).toHaveText('The SCORM package is imported as 1 lesson.');

  // The preview plays the SCO with a runtime that keeps nothing.
  await page.getByRole('tab', { name: 'Preview as learner' }).click();
  await page.getByRole('button', { name: 'Play "Brandslukning"' }).first().click();
  await expect(page.frameLocator('iframe[title="Brandslukning"]').locator('#state')).toContainText('entry=ab-initio');
  await expect(page.getByText('Preview: nothing you do in the lesson is saved.')).toBeVisible();

  const courseId = /\/dashboard\/courses\/([\w-]+)/.exec(page.url())![1]!;
  let course = (await (await page.request.get(`/api/courses/${courseId}`)).json()) as TCourse;
  course = (await (
    await page.request.patch(`/api/courses/${courseId}`, { data: { description: 'Øvelse med slukkeren.', version: course.version } })
  ).json()) as TCourse;
  const published = await page.request.post(`/api/courses/${courseId}/status`, { data: { action: 'publish', version: course.version } });
  expect(published.status(), await published.text()).toBe(200);

  const { context, learner } = await invitedLearner(page, browser, baseURL!, 'scorm-learner');
  try {
    await usePreferences(learner, { language: 'en' });
    expect((await learner.request.post(`/api/courses/${courseId}/enrol`)).status()).toBeLessThan(300);
    course = (await (await page.request.get(`/api/courses/${courseId}`)).json()) as TCourse;
    const lessonId = course.modules[0]!.lessons[0]!.id;
    await learner.goto(`/learn/${courseId}/${lessonId}`);
    await expect(learner.getByRole('heading', { level: 1, name: 'Brandslukning' })).toBeVisible();
    await expect(learner.getByText('The lesson is completed in its own content.')).toBeVisible();
    await expect(learner.getByRole('button', { name: 'Mark as complete' })).toHaveCount(0);
    const sco = learner.frameLocator('iframe[title="Brandslukning"]');
    await expect(sco.locator('#state')).toHaveText('entry=ab-initio suspend= location= name=Lise Læring mastery=80');

    const saved = learner.waitForResponse((r) => r.url().endsWith(`/lessons/${lessonId}/scorm`) && r.request().method() === 'PUT');
    await sco.getByRole('button', { name: 'Save my place' }).click();
    expect((await saved).status()).toBe(200);
    await learner.reload();
    await expect(sco.locator('#state')).toHaveText('entry=resume suspend=page=2 location=side-2 name=Lise Læring mastery=80');
    await expect(learner.getByText('0% complete').first()).toBeVisible();
    await expectNoAxeViolations(learner);

    // Left before its SCO has started (its page held back), the lesson sends nothing, so the place
    // saved stays: a blank runtime's commit would lose the SCO's exit and the next visit's resume.
    const savedAgain = learner.waitForResponse((r) => r.url().endsWith(`/lessons/${lessonId}/scorm`) && r.request().method() === 'PUT');
    await sco.getByRole('button', { name: 'Save my place' }).click();
    expect((await savedAgain).status()).toBe(200);
    const held: Route[] = [];
    await learner.route('**/sco/index.html', (route) => void held.push(route));
    await learner.reload();
    await expect(learner.locator('iframe[title="Brandslukning"]')).toBeAttached();
    await expect.poll(() => held.length).toBe(1);
    const sent: string[] = [];
    learner.on('request', (r) => {
      if (r.method() === 'PUT' && r.url().endsWith('/scorm')) sent.push(r.url());
    });
    // The list of courses is shown once the lesson's view is gone (and has sent whatever it would).
    await learner.getByRole('link', { name: 'Back to my learning' }).click();
    await expect(learner.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(learner.getByRole('link', { name: /Brandsikkerhed i praksis/ }).first()).toBeVisible();
    expect(sent).toEqual([]);
    await held[0]!.abort();
    await learner.unroute('**/sco/index.html');
    await learner.goto(`/learn/${courseId}/${lessonId}`);
    await expect(sco.locator('#state')).toHaveText('entry=resume suspend=page=2 location=side-2 name=Lise Læring mastery=80');

    await sco.getByRole('button', { name: 'Finish with 90' }).click();
    await expect(sco.locator('#done')).toHaveText('Finished');
    await expect(learner.getByTestId('lesson-completed')).toBeVisible();
    await expect(learner.getByText('50% complete').first()).toBeVisible();

    // The second lesson's SCO starts afresh, and passing it completes the course.
    await learner.getByRole('link', { name: 'Next lesson' }).click();
    await expect(sco.locator('#state')).toHaveText('entry=ab-initio suspend= location= name=Lise Læring mastery=80');
    await sco.getByRole('button', { name: 'Finish with 90' }).click();
    await expect(learner.getByTestId('course-completed')).toHaveText('Congratulations! You have completed the course.');
    await expect(learner.getByText('100% complete').first()).toBeVisible();
  } finally {
    await context.close();
  }
});
