import type { Download } from '@playwright/test';
import SqliteDatabase from 'better-sqlite3';
import path from 'node:path';
import type { TCourse } from '../../src/shared/schemas/courses.ts';
import { expectNoAxeViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { apiSender, publishCourse } from './published-course.ts';
import { useSecondServer } from './second-server.ts';
import { expectToast, uniqueEmail } from './support.ts';
import { invitedLearner, myId, registerThroughApi, usePreferences } from './ui-helpers.ts';

/**
 * The compliance pages behind the matrix, in the browser: a person's training record and a course's
 * completion report (each with its downloads), the status on a past day, changing a requirement's
 * terms and a group's name and rule; a learner's own record from their certificates; and, on a
 * server whose database the spec can reach, a certificate that has expired – in the matrix, the
 * record and on its public verification page.
 */

async function downloaded(download: Download): Promise<string> {
  const chunks = (await (await download.createReadStream()).toArray()) as Buffer[];
  return Buffer.concat(chunks).toString('utf8');
}

/** A day in Copenhagen, YYYY-MM-DD, `days` before today there. */
function copenhagenDay(daysAgo: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Copenhagen' }).format(Date.now() - daysAgo * 24 * 60 * 60 * 1000);
}

/** A day as the Danish page writes it ("1. marts 2026"). */
const danishDay = (day: string) => new Intl.DateTimeFormat('da-DK', { dateStyle: 'long' }).format(new Date(`${day}T12:00:00Z`));

test('an admin opens a person’s record and a course’s report from the matrix, looks at a past day, and changes a requirement and a group', async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow();
  await usePreferences(page, { language: 'da', theme: 'light' });
  await registerThroughApi(page, uniqueEmail('records-admin'), 'records-admin-pass-1');
  const course = await publishCourse(page, 'Førstehjælp på kontoret');
  const { context, learner, id: liseId } = await invitedLearner(page, browser, baseURL!, 'records-lise');
  await usePreferences(learner, { language: 'da', theme: 'dark' });

  // Through the API: Lise is in the group Kontor Vejle, which must take the course every 12 months;
  // she takes it and passes the quiz.
  const send = apiSender(page);
  const group = await send<{ id: string }>('post', '/api/groups', { name: 'Kontor Vejle', kind: 'department' });
  expect((await page.request.put(`/api/groups/${group.id}/members`, { data: { userIds: [liseId] } })).status()).toBe(200);
  await send('post', '/api/requirements', { courseId: course.id, groupId: group.id, dueDays: 30, recurMonths: 12 });
  const [text, quiz] = course.modules[0]!.lessons;
  expect((await learner.request.post(`/api/learning/${course.id}/lessons/${text!.id}/complete`)).status()).toBe(200);
  const attempt = await learner.request.post(`/api/learning/${course.id}/lessons/${quiz!.id}/attempts`, {
    data: { answers: { q1: ['a'], q2: 'dagsorden' } },
  });
  expect(attempt.status(), await attempt.text()).toBeLessThan(300);

  // The matrix names Lise: her name leads to her training record.
  await page.goto('/compliance');
  const matrix = page.getByRole('table');
  await expect(matrix.getByRole('row', { name: /Lise Læring/ }).getByText('Gennemført')).toBeVisible();
  await matrix.getByRole('link', { name: 'Lise Læring' }).click();
  await expect(page).toHaveURL(new RegExp(`/compliance/people/${liseId}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Lise Læring' })).toBeVisible();
  await expect(page.getByText(/Grupper: Kontor Vejle/)).toBeVisible();
  const required = page.getByRole('table', { name: 'Kurser, der er påkrævet af Lise Læring' });
  const requiredRow = required.getByRole('row', { name: /Førstehjælp på kontoret/ });
  await expect(requiredRow.getByRole('cell', { name: 'Kontor Vejle' })).toBeVisible();
  await expect(requiredRow.getByText('Gennemført', { exact: true })).toBeVisible();
  await expect(requiredRow.getByRole('cell', { name: '100 %' })).toBeVisible();
  const held = page.getByRole('table', { name: 'Kursusbeviser, som Lise Læring har' });
  await expect(
    held.getByRole('row', { name: /Førstehjælp på kontoret/ }).getByRole('cell', { name: 'Gyldigt', exact: true }),
  ).toBeVisible();
  await expect(held.getByRole('link', { name: 'Verifikationsside: Førstehjælp på kontoret' })).toHaveAttribute('href', /^\/verify\//);
  await expectNoAxeViolations(page);

  // Her record downloads as CSV and as a PDF for the auditor.
  const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'CSV' }).click()]);
  expect(csv.suggestedFilename()).toMatch(/\.csv$/);
  const csvText = await downloaded(csv);
  expect(csvText).toContain('Lise Læring');
  expect(csvText).toContain('Førstehjælp på kontoret');
  expect(csvText).toContain('Gennemført');
  const [pdf] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'PDF til revisor' }).click()]);
  expect(pdf.suggestedFilename()).toMatch(/\.pdf$/);

  // The course's name leads to its completion report.
  await required.getByRole('link', { name: 'Førstehjælp på kontoret' }).click();
  await expect(page).toHaveURL(new RegExp(`/compliance/courses/${course.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Førstehjælp på kontoret' })).toBeVisible();
  const report = page.getByRole('table', { name: 'Status for 1 personer på Førstehjælp på kontoret' });
  const reportRow = report.getByRole('row', { name: /Lise Læring/ });
  await expect(reportRow.getByText('Gennemført', { exact: true })).toBeVisible();
  await expect(reportRow.getByRole('cell', { name: 'Kontor Vejle' })).toBeVisible();
  await expectNoAxeViolations(page);
  const [xlsx] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Excel' }).click()]);
  expect(xlsx.suggestedFilename()).toMatch(/\.xlsx$/);
  // A status that nobody has shows nobody.
  await page.getByRole('combobox', { name: 'Status', exact: true }).selectOption({ label: 'Frist overskredet' });
  await expect(page.getByRole('heading', { level: 2, name: 'Ingen passer til filtrene' })).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  await page.getByRole('link', { name: 'Tilbage til compliance' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Compliance' })).toBeVisible();

  // Yesterday the course was required of nobody (the requirement is today's): the past view says
  // so, plainly marked as the past, and its downloads are of that moment.
  const yesterday = copenhagenDay(1);
  const dateInput = page.getByLabel('Status pr. dato');
  await dateInput.fill(yesterday);
  await expect(page).toHaveURL(new RegExp(`\\?at=${yesterday}$`));
  await expect(page.getByTestId('past-notice')).toContainText(
    `Tidligere status. Du ser status, som den var ved udgangen af ${danishDay(yesterday)}`,
  );
  await expect(page.getByRole('heading', { name: 'Ingen påkrævede kurser på den dato' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'CSV' })).toHaveAttribute('href', /[?&]at=\d{4}-\d{2}-\d{2}T2\d%3A59%3A59\.999Z/);
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Vis status nu' }).click();
  await expect(page.getByTestId('past-notice')).toHaveCount(0);
  await expect(dateInput).toBeFocused();
  await expect(dateInput).toHaveValue('');
  await expect(
    page
      .getByRole('table')
      .getByRole('row', { name: /Lise Læring/ })
      .getByText('Gennemført'),
  ).toBeVisible();

  // The requirement's terms change: due 14 days after joining, every 24 months.
  await page.getByRole('tab', { name: 'Krav' }).click();
  const requirements = page.getByRole('list', { name: 'Krav' });
  const edit = requirements.getByRole('button', { name: 'Rediger kravet om »Førstehjælp på kontoret«' });
  await edit.click();
  let dialog = page.getByRole('dialog', { name: 'Rediger kravet om »Førstehjælp på kontoret«' });
  await expect(dialog.getByRole('spinbutton', { name: 'Dage', exact: true })).toHaveValue('30');
  // Escape closes it unchanged, and focus is back on the button that opened it.
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(edit).toBeFocused();
  await edit.press('Enter');
  dialog = page.getByRole('dialog', { name: 'Rediger kravet om »Førstehjælp på kontoret«' });
  await dialog.getByRole('spinbutton', { name: 'Dage', exact: true }).fill('14');
  await expect(dialog.getByLabel('Skal tages igen med faste mellemrum')).toBeChecked();
  await dialog.getByRole('spinbutton', { name: 'Hver (måneder)' }).fill('24');
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Gem ændringer' }).click();
  await expectToast(page, 'Kravet om »Førstehjælp på kontoret« er gemt');
  await expect(requirements.getByText('Kontor Vejle · Frist 14 dage efter start · hver 24. måned')).toBeVisible();
  // Its course leads to the completion report from here too.
  await expect(requirements.getByRole('link', { name: 'Førstehjælp på kontoret' })).toHaveAttribute(
    'href',
    `/compliance/courses/${course.id}`,
  );

  // The group is renamed, and everyone with the learner role belongs to it by rule.
  await page.getByRole('tab', { name: 'Grupper' }).click();
  const groups = page.getByRole('list', { name: 'Grupper' });
  await groups.getByRole('button', { name: 'Rediger gruppen Kontor Vejle' }).click();
  const groupDialog = page.getByRole('dialog', { name: 'Rediger gruppen Kontor Vejle' });
  await expect(groupDialog.getByLabel('Navn')).toHaveValue('Kontor Vejle');
  await groupDialog.getByLabel('Navn').fill('Kontor Vejle Nord');
  await groupDialog.getByLabel('Medlemmer efter regel').selectOption({ label: 'Rolle' });
  await groupDialog.getByLabel('Rolle', { exact: true }).selectOption({ label: 'Kursist' });
  await expectNoAxeViolations(page);
  await groupDialog.getByRole('button', { name: 'Gem ændringer' }).click();
  await expectToast(page, 'Gruppen »Kontor Vejle Nord« er gemt');
  await expect(groups.getByText('Kontor Vejle Nord', { exact: true })).toBeVisible();
  await expect(groups.getByText(/alle med rollen Kursist/)).toBeVisible();

  // Lise reads her own record from her certificates; the course's report is not hers to open.
  await learner.goto('/certificates');
  await learner.getByRole('link', { name: 'Se din kursushistorik' }).click();
  await expect(learner).toHaveURL(new RegExp(`/compliance/people/${liseId}$`));
  await expect(learner.getByRole('heading', { level: 1, name: 'Lise Læring' })).toBeVisible();
  const mine = learner.getByRole('table', { name: 'Kurser, der er påkrævet af Lise Læring' });
  await expect(mine.getByRole('row', { name: /Førstehjælp på kontoret/ }).getByText('Gennemført', { exact: true })).toBeVisible();
  await expect(mine.getByRole('link')).toHaveCount(0);
  await expect(learner.getByRole('link', { name: 'Tilbage til kursusbeviser' })).toBeVisible();
  await expectNoAxeViolations(learner);
  const [own] = await Promise.all([learner.waitForEvent('download'), learner.getByRole('link', { name: 'CSV' }).click()]);
  expect(await downloaded(own)).toContain('Førstehjælp på kontoret');
  // Nobody else's record is hers to read.
  await learner.goto(`/compliance/people/${await myId(page)}`);
  await expect(learner.getByRole('alert')).toContainText('Personen findes ikke.');
  await context.close();
});

test.describe('a certificate that has expired', () => {
  // A server of its own (same build), whose SQLite file the spec reaches to move a completion into the past.
  const server = useSecondServer('compliance-pages', { SEED_DEMO: 'false', NOTIFICATIONS_SCAN_INTERVAL_MS: '86400000' });

  /** Runs `work` on the database the second server reads. */
  function inDatabase<T>(work: (db: SqliteDatabase.Database) => T): T {
    const db = new SqliteDatabase(path.join(server.dataDir(), 'kursa.db'));
    try {
      db.pragma('busy_timeout = 5000');
      return work(db);
    } finally {
      db.close();
    }
  }

  test('shows as expired in the matrix and the record, and its verification page says expired and until when it was valid', async ({
    page,
    browser,
  }) => {
    test.slow();
    await usePreferences(page, { language: 'da', theme: 'light' });
    await registerThroughApi(page, uniqueEmail('expired-admin'), 'expired-admin-pass-1');
    const adminId = await myId(page);
    const send = apiSender(page);
    // A one-lesson course everyone must take every 12 months; the admin takes it.
    let course = await send<TCourse>('post', '/api/courses', {
      title: 'Hygiejne i køkkenet',
      description: 'Hænder, knive og skærebrætter.',
    });
    course = await send<TCourse>('post', `/api/courses/${course.id}/modules`, { title: 'Køkkenet', version: course.version });
    course = await send<TCourse>('post', `/api/modules/${course.modules[0]!.id}/lessons`, {
      title: 'Håndvask',
      kind: 'text',
      version: course.version,
    });
    const lesson = course.modules[0]!.lessons[0]!;
    const body = { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Vask hænder i 30 sekunder.' }] }] };
    await send('patch', `/api/lessons/${lesson.id}`, { version: 1, content: body });
    course = (await (await page.request.get(`/api/courses/${course.id}`)).json()) as TCourse;
    await send('post', `/api/courses/${course.id}/status`, { action: 'publish', version: course.version });
    await send('post', '/api/requirements', { courseId: course.id, groupId: 'everyone', dueDays: 30, recurMonths: 12 });
    expect((await page.request.post(`/api/learning/${course.id}/lessons/${lesson.id}/complete`)).status()).toBe(200);

    // Moved into the past: the requirement was made 60 days ago, and the course was completed two
    // years ago. The certificate is issued again for that day (the product signs its dates), so
    // it ran out a year ago.
    const now = Date.now();
    const daysAgo = (days: number) => new Date(now - days * 24 * 60 * 60 * 1000).toISOString();
    inDatabase((db) => {
      db.prepare('update requirements set created_at = ? where course_id = ?').run(daysAgo(60), course.id);
      db.prepare("update compliance_history set at = ? where user_id = ? and event = 'required'").run(daysAgo(60), adminId);
      db.prepare('delete from certificates where user_id = ? and course_id = ?').run(adminId, course.id);
      db.prepare('update enrolments set completed_at = ? where user_id = ? and course_id = ?').run(daysAgo(730), adminId, course.id);
    });
    const { certificates } = (await (await page.request.get('/api/certificates')).json()) as {
      certificates: { code: string; expiresAt: string | null; status: string }[];
    };
    expect(certificates).toHaveLength(1);
    const { code, expiresAt, status } = certificates[0]!;
    expect(Date.parse(expiresAt!)).toBeLessThan(now);
    expect(status).toBe('expired');

    // Now the matrix says expired; ten days ago, before anything was done, it said not started.
    await page.goto('/compliance');
    const row = page.getByRole('table').getByRole('row', { name: /Ulla Interface/ });
    await expect(row.getByText('Udløbet', { exact: true })).toBeVisible();
    const tenDaysAgo = copenhagenDay(10);
    await page.getByLabel('Status pr. dato').fill(tenDaysAgo);
    await expect(page.getByTestId('past-notice')).toContainText(danishDay(tenDaysAgo));
    await expect(row.getByText('Ikke startet', { exact: true })).toBeVisible();
    // A past view exempts nobody: that is done now.
    await expect(row.getByRole('button', { name: /^Fritag/ })).toHaveCount(0);
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Vis status nu' }).click();
    await expect(row.getByText('Udløbet', { exact: true })).toBeVisible();

    // The record: the requirement and the certificate have expired; its verification page says so.
    await row.getByRole('link', { name: 'Ulla Interface' }).click();
    const required = page.getByRole('table', { name: 'Kurser, der er påkrævet af Ulla Interface' });
    await expect(required.getByRole('row', { name: /Hygiejne i køkkenet/ }).getByText('Udløbet', { exact: true })).toBeVisible();
    const held = page.getByRole('table', { name: 'Kursusbeviser, som Ulla Interface har' });
    await expect(held.getByRole('cell', { name: 'Udløbet', exact: true })).toBeVisible();
    await held.getByRole('link', { name: 'Verifikationsside: Hygiejne i køkkenet' }).click();
    await expect(page).toHaveURL(new RegExp(`/verify/${code}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Kursusbeviset er udløbet' })).toBeVisible();
    await expect(page.getByTestId('certificate-status')).toHaveAttribute('data-status', 'expired');
    const validUntil = new Intl.DateTimeFormat('da-DK', { dateStyle: 'long' }).format(new Date(expiresAt!));
    await expect(page.getByTestId('certificate-details')).toContainText(`Gyldigt til${validUntil}`);
    await expectNoAxeViolations(page);

    // Anyone holding the code, in English, reads the same.
    const visitor = await browser.newContext();
    const stranger = await visitor.newPage();
    await usePreferences(stranger, { language: 'en', theme: 'dark' });
    await stranger.goto(`/verify/${code}`);
    await expect(stranger.getByRole('heading', { level: 1, name: 'The certificate has expired' })).toBeVisible();
    const validUntilEn = new Intl.DateTimeFormat('en', { dateStyle: 'long' }).format(new Date(expiresAt!));
    await expect(stranger.getByTestId('certificate-details')).toContainText(`Valid until${validUntilEn}`);
    await expectNoAxeViolations(stranger);
    await visitor.close();
  });
});
