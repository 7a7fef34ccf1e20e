import { settledAxe } from './axe.ts';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { useSecondServer } from './second-server.ts';
import { logIn, usePreferences } from './ui-helpers.ts';

// With no AI provider every AI action of the creator says 'Setup Required' – to an
// admin with what to configure, to anyone else to ask whoever runs the installation – and the manual
// path works in full. A second server from the same build, without any AI env, next to the e2e
// server (whose port + 1 Chromium is allowed to use, see playwright.config.ts).

useSecondServer('noai');

/** The creator's wizard, a page of the workspace. */
async function openCreator(page: Page) {
  await page.goto('/dashboard/creator');
  await expect(page.getByTestId('creator-wizard')).toHaveAttribute('data-ready', 'true');
}

/** The public page's demos, loaded (on intent: here, the pointer over them). */
async function openDemos(page: Page) {
  await page.goto('/course-creator');
  await page.getByTestId('ai-demo').hover();
  await expect(page.getByTestId('ai-demo')).toHaveAttribute('data-ready', 'true');
  return page.getByTestId('ai-demo');
}

test('an admin is told how to configure a provider; the figures say no provider answers (da, dark)', async ({ page }) => {
  await logIn(page);
  // The public page's figures and demos show it, and no demo that could not run.
  const demos = await openDemos(page);
  await expect(page.getByTestId('creator-figures')).toContainText('Opsætning påkrævet');
  await expect(demos.getByTestId('setup-required')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Kør alle demoer' })).toHaveCount(0);
  const publicResults = await (await settledAxe(page)).analyze();
  expect(publicResults.violations.map((v) => v.id)).toEqual([]);

  await openCreator(page);
  await page.getByRole('button', { name: 'Start med AI' }).click();
  const setup = page.getByTestId('creator-wizard').getByTestId('setup-required');
  await expect(setup).toContainText('Opsætning påkrævet');
  await expect(setup).toContainText('OPENAI_BASE_URL=http://127.0.0.1:11434/v1');
  await expect(setup).toContainText('ANTHROPIC_API_KEY');
  // The concept step shows it too, and no button that could not work.
  await page.getByRole('button', { name: 'Spring spørgsmålene over' }).click();
  await expect(page.getByTestId('step-heading')).toHaveText('Kursuskoncept');
  await expect(page.getByTestId('creator-wizard').getByTestId('setup-required')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Generér kursuskoncepter med AI' })).toHaveCount(0);
  const results = await (await settledAxe(page)).analyze();
  expect(results.violations.map((v) => v.id)).toEqual([]);
});

test('a visitor is told to ask whoever runs Kursa, and the manual path works (en, light)', async ({ page }) => {
  await usePreferences(page, { language: 'en', theme: 'light' });
  // A visitor meets the AI on the public page, in its demos.
  const demos = await openDemos(page);
  const setup = demos.getByTestId('setup-required');
  await expect(setup).toContainText('Setup Required');
  await expect(setup).toContainText('Ask whoever runs your Kursa installation');
  await expect(setup).not.toContainText('OPENAI_BASE_URL');
  const results = await (await settledAxe(page)).analyze();
  expect(results.violations.map((v) => v.id)).toEqual([]);

  // The call to action leads into the workspace, through the login.
  await page.getByTestId('creator-start').click();
  await expect(page).toHaveURL(/\/login\?next=/);
  await logIn(page);
  await openCreator(page);
  await page.getByTestId('start-manual').click();
  const dialog = page.getByRole('dialog', { name: 'Create a new course' });
  await dialog.getByLabel('Course title').fill('Without AI');
  await dialog.getByRole('button', { name: 'Create and open the builder' }).click();
  await expect(page).toHaveURL(/\/dashboard\/courses\/[\w-]+$/);
  await expect(page.getByTestId('builder-title')).toHaveText('Without AI');
});
