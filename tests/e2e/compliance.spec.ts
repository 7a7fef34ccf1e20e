import { expectNoAxeViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { publishCourse } from './published-course.ts';
import { expectToast, uniqueEmail } from './support.ts';
import { invitedLearner, registerThroughApi, usePreferences } from './ui-helpers.ts';

/**
 * Compliance in the browser: an admin makes a group, puts a learner in it and makes them its
 * manager, requires a course of it every 12 months; the manager sees their team's status on the
 * compliance page and downloads it as CSV and PDF; the admin exempts them, with a reason.
 */

test('an admin makes a group and a recurring requirement; its manager sees the team and exports it', async ({ page, browser, baseURL }) => {
  test.slow();
  await usePreferences(page, { language: 'da', theme: 'light' });
  await registerThroughApi(page, uniqueEmail('compliance-admin'), 'compliance-admin-pass-1');
  await publishCourse(page, 'Brandsikkerhed på lageret');
  const { context, learner } = await invitedLearner(page, browser, baseURL!, 'compliance-manager');
  await usePreferences(learner, { language: 'da', theme: 'light' });

  // The admin finds Compliance in the sidebar and makes a group.
  await page.goto('/dashboard');
  await page.getByRole('navigation', { name: 'Arbejdsområde' }).getByRole('link', { name: 'Compliance' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Compliance' })).toBeVisible();
  await page.getByRole('tab', { name: 'Grupper' }).click();
  await page.getByLabel('Navn').fill('Lager Aarhus');
  await page.getByLabel('Type').selectOption({ label: 'Lokation' });
  await page.getByRole('button', { name: 'Opret gruppe' }).click();
  await expectToast(page, 'Gruppen »Lager Aarhus« er oprettet');
  const groups = page.getByRole('list', { name: 'Grupper' });
  await expect(groups.getByText('Lager Aarhus', { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);

  // Lise joins it and manages it.
  await groups.getByRole('button', { name: 'Medlemmer og ledere af Lager Aarhus' }).click();
  const dialog = page.getByRole('dialog', { name: 'Medlemmer og ledere af Lager Aarhus' });
  await dialog.getByRole('checkbox', { name: 'Lise Læring er medlem af Lager Aarhus' }).check();
  await dialog.getByRole('checkbox', { name: 'Lise Læring er leder af Lager Aarhus' }).check();
  await dialog.getByRole('button', { name: 'Gem' }).click();
  await expectToast(page, 'Lager Aarhus er gemt');
  await expect(groups.getByText('Ledere: Lise Læring')).toBeVisible();

  // The course is required of the group every 12 months, due 30 days after joining.
  await page.getByRole('tab', { name: 'Krav' }).click();
  await page.getByLabel('Kursus').selectOption({ label: 'Brandsikkerhed på lageret' });
  await page.getByLabel('Påkrævet af').selectOption({ label: 'Lager Aarhus' });
  await page.getByRole('spinbutton', { name: 'Dage' }).fill('30');
  await page.getByLabel('Skal tages igen med faste mellemrum').check();
  await page.getByRole('spinbutton', { name: 'Hver (måneder)' }).fill('12');
  await page.getByRole('button', { name: 'Opret krav' }).click();
  await expectToast(page, '»Brandsikkerhed på lageret« er nu et krav');
  const requirements = page.getByRole('list', { name: 'Krav' });
  await expect(requirements.getByText('Lager Aarhus · Frist 30 dage efter start · hver 12. måned')).toBeVisible();
  await expect(requirements.getByText('0 af 1 opfylder kravet')).toBeVisible();
  await expectNoAxeViolations(page);

  // The manager, a learner, has Compliance in their sidebar and sees their team only.
  await learner.goto('/learn');
  await learner.getByRole('navigation', { name: 'Arbejdsområde' }).getByRole('link', { name: 'Compliance' }).click();
  await expect(learner.getByText('Status for dine grupper: Lager Aarhus.')).toBeVisible();
  const table = learner.getByRole('table');
  await expect(table.getByRole('columnheader', { name: /Brandsikkerhed på lageret/ })).toBeVisible();
  const row = table.getByRole('row', { name: /Lise Læring/ });
  await expect(row.getByText('Ikke startet')).toBeVisible();
  await expect(row.getByText(/^Frist /)).toBeVisible();
  // A manager does not exempt themself.
  await expect(row.getByRole('button', { name: /^Fritag/ })).toHaveCount(0);
  await expectNoAxeViolations(learner);

  // They download the report: CSV for Excel, and a PDF for the auditor.
  const [csv] = await Promise.all([learner.waitForEvent('download'), learner.getByRole('link', { name: 'CSV' }).click()]);
  expect(csv.suggestedFilename()).toMatch(/\.csv$/);
  const text = await (await csv.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks as Buffer[]));
  expect([...text.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  expect(text.toString('utf8')).toContain('Lise Læring');
  expect(text.toString('utf8')).toContain('Ikke startet');
  const [pdf] = await Promise.all([learner.waitForEvent('download'), learner.getByRole('link', { name: 'PDF til revisor' }).click()]);
  expect(pdf.suggestedFilename()).toMatch(/\.pdf$/);

  // The admin exempts Lise, with the reason: the matrix says so.
  await page.getByRole('tab', { name: 'Status' }).click();
  await page.getByRole('button', { name: 'Fritag Lise Læring fra Brandsikkerhed på lageret' }).click();
  const exempt = page.getByRole('dialog', { name: 'Fritag Lise Læring fra Brandsikkerhed på lageret' });
  await exempt.getByRole('button', { name: 'Fritag' }).click();
  await expect(exempt.getByText('Skriv en begrundelse på mindst 3 tegn.')).toBeVisible();
  await exempt.getByLabel('Begrundelse').fill('Har gyldigt brandkursus fra tidligere arbejdsgiver');
  await exempt.getByRole('button', { name: 'Fritag' }).click();
  await expectToast(page, 'Lise Læring er fritaget fra Brandsikkerhed på lageret');
  const adminRow = page.getByRole('table').getByRole('row', { name: /Lise Læring/ });
  await expect(adminRow.getByText('Fritaget')).toBeVisible();
  await expect(adminRow.getByText('Har gyldigt brandkursus fra tidligere arbejdsgiver')).toBeVisible();
  await expectNoAxeViolations(page);

  // Anything but their groups stays hidden: another group is not theirs to see.
  const other = await page.request.post('/api/groups', { data: { name: 'Kontoret', kind: 'department' } });
  const otherId = ((await other.json()) as { id: string }).id;
  expect((await learner.request.get(`/api/groups/${otherId}`)).status()).toBe(404);
  await context.close();
});
