import type { Download } from '@playwright/test';
import { expectNoAxeViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { uniqueEmail } from './support.ts';
import { invitedLearner, registerThroughApi, usePreferences } from './ui-helpers.ts';

/**
 * The audit log in the browser: an admin changes a member's role, finds the change on /audit-log
 * from the sidebar with the role before and after, filters by the action and downloads the CSV;
 * a learner is sent away. Once retention has removed entries, the page says up to when.
 */

async function downloaded(download: Download): Promise<Buffer> {
  const chunks = (await (await download.createReadStream()).toArray()) as Buffer[];
  return Buffer.concat(chunks);
}

/** The day in Copenhagen, YYYY-MM-DD, of a moment `daysBefore` days before `at`. */
function copenhagenDay(at: string, daysBefore = 0): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Copenhagen' }).format(Date.parse(at) - daysBefore * 24 * 60 * 60 * 1000);
}

test('an admin reads a role change in the audit log, filters it and downloads it; a learner is sent away', async ({
  page,
  browser,
  baseURL,
}) => {
  await usePreferences(page, { language: 'da', theme: 'light' });
  await registerThroughApi(page, uniqueEmail('audit-admin'), 'audit-admin-pass-1');
  const { context, learner, id } = await invitedLearner(page, browser, baseURL!, 'audit-learner');
  const learnerEmail = ((await (await learner.request.get('/api/me')).json()) as { email: string }).email;

  // A learner neither reads the log nor stays on its page.
  expect((await learner.request.get('/api/audit-log')).status()).toBe(403);
  await usePreferences(learner, { language: 'da', theme: 'light' });
  await learner.goto('/audit-log');
  await expect(learner).toHaveURL('/learn');
  await context.close();

  // The admin makes Lise an instructor.
  const changed = await page.request.patch(`/api/members/${id}`, { data: { role: 'instructor' } });
  expect(changed.status(), await changed.text()).toBe(200);

  // The log is in the sidebar; the change is on top, in words, with its code, who and before → after.
  await page.goto('/dashboard');
  await page.getByRole('navigation', { name: 'Arbejdsområde' }).getByRole('link', { name: 'Revisionslog' }).click();
  await expect(page).toHaveURL('/audit-log');
  await expect(page.getByRole('heading', { level: 1, name: 'Revisionslog' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Revisionsloggens hændelser, nyeste først' });
  const rows = table.getByTestId('audit-entry');
  await expect(rows.first()).toContainText('Rolle ændret');
  const change = rows.first();
  await expect(change.getByText('member.role-changed')).toBeVisible();
  await expect(change.getByRole('rowheader')).toContainText('Ulla Interface');
  await expect(change.getByText('kursist → instruktør')).toBeVisible();
  await expect(change).toContainText(learnerEmail);
  await expect(change).toContainText('Person');
  await expect(table.getByText('Invitation sendt')).toBeVisible();
  await expectNoAxeViolations(page);

  // Filtered by the action, only the change is left, and the CSV link carries the filter.
  await page.getByLabel('Handling').selectOption({ label: 'Rolle ændret' });
  await expect(rows).toHaveCount(1);
  await expect(table.getByText('Invitation sendt')).toHaveCount(0);
  await expect(page.getByText('Viser 1 hændelse')).toBeVisible();
  const csvLink = page.getByRole('link', { name: 'Hent som CSV' });
  await expect(csvLink).toHaveAttribute('href', /action=member\.role-changed/);
  await expect(page.getByText('Hent dem uden filtre, og tjek dem med npm run audit:verify')).toBeVisible();

  // The CSV opens in Excel (a byte order mark) and holds the change.
  const [download] = await Promise.all([page.waitForEvent('download'), csvLink.click()]);
  const csv = await downloaded(download);
  expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = csv.toString('utf8');
  expect(text).toContain('member.role-changed');
  expect(text).toContain(learnerEmail);
  expect(text).not.toContain('invitation.sent');

  // Another action: nothing of it, said so; the filters clear with a button.
  await page.getByLabel('Handling').selectOption({ label: 'Kursusbevis tilbagekaldt' });
  await expect(page.getByRole('heading', { name: 'Ingen hændelser passer til filtrene' })).toBeVisible();
  await page.getByRole('button', { name: 'Nulstil filtre' }).click();
  await expect(rows.first()).toContainText('Rolle ændret');

  // Days are Copenhagen's, both included: the change's own day holds it, the day before nothing.
  // (The day is the entry's, not the clock's now, so a run across midnight reads the same.)
  const logged = await page.request.get('/api/audit-log?action=member.role-changed');
  const at = ((await logged.json()) as { entries: { at: string }[] }).entries[0]!.at;
  await page.getByLabel('Fra og med').fill(copenhagenDay(at));
  await page.getByLabel('Til og med').fill(copenhagenDay(at));
  await expect(rows.first()).toContainText('Rolle ændret');
  await page.getByLabel('Fra og med').fill(copenhagenDay(at, 1));
  await page.getByLabel('Til og med').fill(copenhagenDay(at, 1));
  await expect(page.getByRole('heading', { name: 'Ingen hændelser passer til filtrene' })).toBeVisible();
  await page.getByRole('button', { name: 'Nulstil filtre' }).click();
  await expect(rows.first()).toContainText('Rolle ændret');
  await expectNoAxeViolations(page);

  // Nothing removed yet, so no checkpoint line; once retention has removed entries (the server's
  // page answer given the checkpoint it then carries), the page says up to which day.
  await expect(page.getByTestId('audit-checkpoint')).toHaveCount(0);
  await page.route(/\/api\/audit-log(\?|$)/, async (route) => {
    const response = await route.fetch();
    const checkpoint = { seq: 40, entryAt: '2025-03-14T10:00:00.000Z', madeAt: '2026-03-15T02:30:00.000Z', removed: 40 };
    await route.fulfill({ response, json: { ...((await response.json()) as object), checkpoint } });
  });
  await page.reload();
  await expect(
    page.getByText(
      'Hændelser til og med 14. marts 2025 er slettet efter virksomhedens opbevaringsregler; kæden starter fra et signeret kontrolpunkt.',
    ),
  ).toBeVisible();
});
