import { settledAxe } from './axe.ts';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { mailCount, nextMailTo } from './mailbox.ts';
import { openSection, uniqueEmail } from './support.ts';
import { registerThroughApi, usePreferences } from './ui-helpers.ts';

/**
 * Invitations in the browser: an admin invites a learner from the dashboard, the mail (real SMTP to
 * the e2e server's local mailbox) carries the link, the learner accepts and is logged in; the admin
 * then sees the member and deactivates them, which logs them out.
 */

async function openTeam(page: Page) {
  await page.goto('/dashboard');
  await openSection(page, 'Personer');
  const team = page.getByRole('region', { name: 'Team og invitationer' });
  await expect(team.getByTestId('team-seats')).toBeVisible();
  return team;
}

async function expectNoAxeViolations(page: Page) {
  // Label in name (WCAG 2.5.3) is experimental in axe and off unless asked for: a button whose
  // accessible name does not contain its visible text cannot be spoken to by voice control.
  const results = await (await settledAxe(page)).options({ rules: { 'label-content-name-mismatch': { enabled: true } } }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test('an admin invites a learner by mail; the learner accepts from the link; the admin deactivates them and they are logged out', async ({
  page,
  browser,
}) => {
  test.slow();
  await registerThroughApi(page, uniqueEmail('team-admin'), 'team-admin-pass-1');
  const team = await openTeam(page);
  await expect(team.getByTestId('team-seats')).toHaveText('0 af 1000 kursistpladser er brugt (prøveperiode).');

  const learnerEmail = uniqueEmail('team-learner');
  const before = mailCount();
  await team.getByLabel('E-mail').fill(learnerEmail);
  await team.getByLabel('Navn (valgfrit)').fill('Lærke Læring');
  await team.getByLabel('Rolle', { exact: true }).selectOption('learner');
  await team.getByRole('button', { name: 'Send invitation' }).click();
  await expect(team.getByTestId('team-notice')).toHaveText(`Invitationen er sendt til ${learnerEmail}.`);
  await expect(team.getByTestId('invitation').filter({ hasText: learnerEmail })).toContainText('Åben');
  await expect(team.getByRole('button', { name: `Træk tilbage: invitationen til ${learnerEmail}` })).toBeVisible();
  await expectNoAxeViolations(page);
  await expect(team.getByTestId('team-seats')).toHaveText('1 af 1000 kursistpladser er brugt (prøveperiode).');

  const mail = await nextMailTo(learnerEmail, before);
  expect(mail.subject).toBe('Ulla Interface inviterer dig til MAGENTA ApS på Kursa');
  const link = /http:\/\/localhost:\d+\/invite\/[\w-]+/.exec(mail.text)![0];

  // The learner, in their own browser.
  const learnerContext = await browser.newContext();
  const learner = await learnerContext.newPage();
  await learner.goto(link);
  await expect(learner.getByRole('heading', { level: 1, name: 'Du er inviteret til MAGENTA ApS' })).toBeVisible();
  await expect(learner.getByText('Ulla Interface har inviteret dig som kursist.', { exact: false })).toBeVisible();
  await expect(learner.getByLabel('E-mail')).toHaveValue(learnerEmail);
  await expect(learner.getByLabel('Dit navn')).toHaveValue('Lærke Læring');
  await learner.getByRole('button', { name: 'Opret min konto' }).click();
  await expect(learner.getByText('Adgangskode skal være mindst 8 tegn')).toBeVisible();
  await learner.getByLabel('Adgangskode', { exact: true }).fill('laerke-pass-1');
  await learner.getByLabel('Gentag adgangskode', { exact: true }).fill('laerke-pass-1');
  await expectNoAxeViolations(learner);
  await learner.getByRole('button', { name: 'Opret min konto' }).click();
  // A learner lands in their learning, logged in.
  await expect(learner).toHaveURL('/learn');
  expect((await (await learner.request.get('/api/me')).json()).email).toBe(learnerEmail);

  // The link worked once.
  await learner.goto(link);
  await expect(learner.getByRole('heading', { level: 1, name: 'Invitationen er allerede brugt' })).toBeVisible();

  // The admin sees the accepted invitation and the new member, and deactivates them.
  await page.reload();
  const again = await openTeam(page);
  await expect(again.getByTestId('invitation').filter({ hasText: learnerEmail })).toContainText('Accepteret');
  const member = again.getByTestId('member').filter({ hasText: learnerEmail });
  await expect(member).toContainText('Lærke Læring');
  await expect(member.getByLabel('Rolle for Lærke Læring')).toHaveValue('learner');
  await member.getByRole('button', { name: 'Deaktivér Lærke Læring' }).click();
  await expect(again.getByTestId('team-notice')).toHaveText('Lærke Læring er deaktiveret og logget ud.');
  await expect(member).toContainText('Deaktiveret');
  await expectNoAxeViolations(page);

  expect((await learner.request.get('/api/me')).status()).toBe(401);
  await learnerContext.close();
});

test('a withdrawn invitation’s link says so; a CSV import reports each row; in English and the light theme', async ({ page }) => {
  await usePreferences(page, { language: 'en', theme: 'light' });
  await registerThroughApi(page, uniqueEmail('team-admin'), 'team-admin-pass-1');
  await page.goto('/dashboard');
  await openSection(page, 'People');
  const team = page.getByRole('region', { name: 'Team and invitations' });

  const address = uniqueEmail('team-withdrawn');
  const before = mailCount();
  await team.getByLabel('Email').fill(address);
  await team.getByLabel('Role', { exact: true }).selectOption('instructor');
  await team.getByRole('button', { name: 'Send invitation' }).click();
  await expect(team.getByTestId('team-notice')).toHaveText(`The invitation was sent to ${address}.`);
  const mail = await nextMailTo(address, before);
  expect(mail.text.replace(/\s+/g, ' ')).toContain('as an instructor.');
  const link = /http:\/\/localhost:\d+\/invite\/[\w-]+/.exec(mail.text)![0];
  await team.getByRole('button', { name: `Withdraw the invitation to ${address}` }).click();
  await expect(team.getByTestId('team-notice')).toHaveText(`The invitation to ${address} was withdrawn.`);

  const csvLearner = uniqueEmail('team-csv');
  await team.getByLabel('Or paste CSV').fill(`email,name,role\n${csvLearner},Carl CSV,learner\nnot-an-email,Bad Row,learner\n`);
  await team.getByRole('button', { name: 'Import invitations' }).click();
  const report = team.getByTestId('import-report');
  await expect(report.getByRole('status')).toHaveText('1 invited, 0 skipped, 1 failed.');
  await expect(report.getByRole('row')).toHaveCount(3);
  await expect(report.getByRole('row').nth(2)).toContainText('Failed');
  await expect(team.getByTestId('invitation').filter({ hasText: csvLearner })).toContainText('Open');
  await expectNoAxeViolations(page);

  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'The invitation was withdrawn' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to log in' })).toBeVisible();
});
