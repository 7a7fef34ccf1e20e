import type { Download } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import { expectNoAxeViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { uniqueEmail } from './support.ts';
import { invitedLearner, registerThroughApi, usePreferences } from './ui-helpers.ts';

/**
 * A learner's copy of their data: asked for under the profile's Sikkerhed tab, followed until it
 * is ready, downloaded, and the ZIP opened to read account.json; then the admin's copy of the
 * company's on the settings page.
 */

async function downloaded(download: Download): Promise<Buffer> {
  const chunks = (await (await download.createReadStream()).toArray()) as Buffer[];
  return Buffer.concat(chunks);
}

test('a learner asks for a copy of their data on the profile, waits until it is ready and downloads it', async ({
  page,
  browser,
  baseURL,
}) => {
  await usePreferences(page, { language: 'da', theme: 'light' });
  await registerThroughApi(page, uniqueEmail('export-admin'), 'export-admin-pass-1');
  const { context, learner, id } = await invitedLearner(page, browser, baseURL!, 'export-learner');
  await usePreferences(learner, { language: 'da', theme: 'light' });

  await learner.goto('/profile?tab=security');
  const card = learner.getByRole('region', { name: 'Dine data' });
  await expect(card).toBeVisible();
  await expect(card).toContainText('kursusbeviser som PDF');
  await card.getByRole('button', { name: 'Hent en kopi af dine data' }).click();

  // The list follows the copy until it is ready, with the day it expires.
  const row = card.getByTestId('data-export').first();
  await expect(row).toContainText('Klar', { timeout: 30_000 });
  await expect(row).toContainText('kan hentes til');
  await expectNoAxeViolations(learner);

  const [download] = await Promise.all([learner.waitForEvent('download'), row.getByRole('link', { name: 'Hent kopien' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^kursa-data-\d{4}-\d{2}-\d{2}\.zip$/);
  const files = unzipSync(new Uint8Array(await downloaded(download)));
  const account = JSON.parse(strFromU8(files['account.json']!)) as { id: string; contact_name: string; role: string };
  expect(account).toMatchObject({ id, contact_name: 'Lise Læring', role: 'learner' });
  expect(Object.keys(files)).toEqual(expect.arrayContaining(['summary.html', 'enrolments.json', 'consents.json']));

  // The admin of the same company cannot see the learner's copy.
  const exportId = ((await (await learner.request.get('/api/me/exports')).json()) as { exports: { id: string }[] }).exports[0]!.id;
  expect((await page.request.get(`/api/exports/${exportId}`)).status()).toBe(404);
  expect((await learner.request.post('/api/organisation/export')).status()).toBe(403);
  await context.close();

  // The admin asks for the company's copy on the settings page, the same way.
  await page.goto('/dashboard/settings');
  const company = page.getByRole('region', { name: 'Virksomhedens data' });
  await company.getByRole('button', { name: 'Hent en kopi af virksomhedens data' }).click();
  const companyRow = company.getByTestId('data-export').first();
  await expect(companyRow).toContainText('Klar', { timeout: 30_000 });
  await expect(companyRow.getByRole('link', { name: 'Hent kopien' })).toHaveAttribute('href', /^\/api\/exports\/[\w-]+\/file$/);
  await expectNoAxeViolations(page);
});
