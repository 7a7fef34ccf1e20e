import type { Page } from '@playwright/test';
import type { TNotificationPreferences } from '../../src/shared/schemas/notifications.ts';
import { settledAxe } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { mailCount, nextMailTo } from './mailbox.ts';
import { publishCourse } from './published-course.ts';
import { useSecondServer } from './second-server.ts';
import { expectToast, uniqueEmail } from './support.ts';
import { invitedLearner, myId, registerThroughApi, usePreferences } from './ui-helpers.ts';

/**
 * Notifications in the browser, on the server's real events: a course assigned (and its due date
 * changed) tells the learner, a learner enrolled tells the course's instructor. The bell in the top
 * bar, the notifications page, the choices on the profile's Indstillinger, the admins' mail log and
 * reminders, a mail's unsubscribe link, and the mails an installation without SMTP keeps.
 */

const DAY = 24 * 60 * 60 * 1000;

async function expectNoAxeViolations(page: Page) {
  // Label in name (WCAG 2.5.3) is experimental in axe and off unless asked for: a button whose
  // accessible name does not contain its visible text cannot be spoken to by voice control.
  const results = await (await settledAxe(page)).options({ rules: { 'label-content-name-mismatch': { enabled: true } } }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** Assigns the course to the members with a due date `days` from now (a new date tells them again). */
async function assign(page: Page, courseId: string, userIds: string[], days: number) {
  const response = await page.request.post(`/api/courses/${courseId}/assignments`, {
    data: { userIds, dueAt: new Date(Date.now() + days * DAY).toISOString() },
  });
  expect(response.status(), await response.text()).toBe(200);
}

const bellOf = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^(Notifikationer|Notifications)/ });

test('the bell counts my unread notifications and lists the newest; the page has them all, a page at a time, to mark read', async ({
  page,
}) => {
  test.slow();
  await usePreferences(page, { language: 'da', theme: 'light' });
  await registerThroughApi(page, uniqueEmail('notify-admin'), 'notify-admin-pass-1');
  const course = await publishCourse(page, 'Brandsikkerhed');
  const me = await myId(page);
  // Assigned to myself, then its due date moved twenty times: 21 notifications, the newest last.
  for (let days = 10; days <= 30; days++) await assign(page, course.id, [me], days);

  await page.goto('/dashboard');
  const bell = bellOf(page);
  await expect(bell).toHaveAccessibleName('Notifikationer, 21 ulæste');
  await expect(bell).toHaveText('21');
  await bell.click();
  const panel = page.getByRole('group', { name: 'Notifikationer' });
  await expect(panel.getByTestId('notification')).toHaveCount(8);
  await expect(panel.getByTestId('notification').first()).toContainText('Du er tildelt »Brandsikkerhed«');
  await expect(panel.getByRole('link', { name: /^Ulæst: Du er tildelt »Brandsikkerhed«/ }).first()).toBeVisible();
  await expectNoAxeViolations(page);

  // Escape closes it and gives the focus back to the bell.
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(bell).toBeFocused();

  // The way to all of them.
  await bell.click();
  await panel.getByRole('link', { name: 'Se alle notifikationer' }).click();
  await expect(page).toHaveURL('/notifications');
  await expect(panel).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Notifikationer' })).toBeVisible();
  const items = page.getByRole('list', { name: 'Notifikationer' }).getByTestId('notification');
  await expect(items).toHaveCount(20);
  await expect(page.getByTestId('unread-count')).toHaveText('21 ulæste');

  // "Vis flere" brings the last one, and the focus goes to it.
  await page.getByRole('button', { name: 'Vis flere' }).click();
  await expect(items).toHaveCount(21);
  await expect(items.nth(20).getByRole('link')).toBeFocused();
  await expect(page.getByRole('button', { name: 'Vis flere' })).toHaveCount(0);

  // One marked read, on the page and in the bell.
  await items
    .first()
    .getByRole('button', { name: /^Marker som læst: / })
    .click();
  await expect(page.getByTestId('unread-count')).toHaveText('20 ulæste');
  await expect(items.first()).not.toHaveAttribute('data-unread');
  await expect(bell).toHaveAccessibleName('Notifikationer, 20 ulæste');

  // All of them; the focus stays on the page (the button it was on is done) and what happened is said.
  await page.getByRole('button', { name: 'Marker alle som læst' }).click();
  await expect(page.getByTestId('unread-count')).toHaveText('0 ulæste');
  await expect(page.getByRole('status').filter({ hasText: 'Alle notifikationer er markeret som læst.' })).toBeAttached();
  await expect(page.getByRole('heading', { level: 1, name: 'Notifikationer' })).toBeFocused();
  await expect(bell).toHaveAccessibleName('Notifikationer');
  await expect(bell).toHaveText('');
  await expectNoAxeViolations(page);

  // The server has them read too; a notification leads into the app.
  await page.reload();
  await expect(items).toHaveCount(20);
  await expect(page.locator('[data-unread]')).toHaveCount(0);
  await items.first().getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/learn/${course.id}`));
});

test('a learner hears of an assignment in the bell, opens it, and chooses on Indstillinger what they are told and how', async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow();
  await usePreferences(page, { language: 'da', theme: 'dark' });
  await registerThroughApi(page, uniqueEmail('notify-owner'), 'notify-owner-pass-1');
  const adminEmail = ((await (await page.request.get('/api/me')).json()) as { email: string }).email;
  const course = await publishCourse(page, 'Førstehjælp');
  const { context, learner, id } = await invitedLearner(page, browser, baseURL!, 'notify-learner');
  await usePreferences(learner, { language: 'da', theme: 'dark' });
  // The instructor hears of a new learner at once rather than in the daily overview.
  const instant = await page.request.put('/api/notifications/preferences', {
    data: { kinds: [{ kind: 'new-enrolment', mail: 'instant' }] },
  });
  expect(instant.status(), await instant.text()).toBe(200);
  const mailsBefore = mailCount();
  await assign(page, course.id, [id], 14);

  await learner.goto('/learn');
  const bell = bellOf(learner);
  await expect(bell).toHaveAccessibleName('Notifikationer, 1 ulæst');
  await bell.click();
  const panel = learner.getByRole('group', { name: 'Notifikationer' });
  const item = panel.getByTestId('notification');
  await expect(item).toHaveCount(1);
  await expect(item).toContainText('Du er tildelt »Førstehjælp«');
  await expect(item).toContainText('Gennemfør kurset senest');
  await expectNoAxeViolations(learner);
  // Opening it marks it read and leads to the course.
  await item.getByRole('link').click();
  await expect(learner).toHaveURL(new RegExp(`/learn/${course.id}`));
  await expect(bell).toHaveAccessibleName('Notifikationer');

  // The learner's sidebar has the page.
  await learner.goto('/learn');
  await learner.getByRole('navigation', { name: 'Arbejdsområde' }).getByRole('link', { name: 'Notifikationer', exact: true }).click();
  await expect(learner).toHaveURL('/notifications');
  await expect(learner.getByTestId('notification')).toHaveCount(1);
  await expect(learner.getByTestId('unread-count')).toHaveText('0 ulæste');

  // Indstillinger, from the page's link: the learner's kinds only, mandatory training's mail locked and said why.
  await learner.getByRole('link', { name: 'Vælg, hvad du får besked om' }).click();
  await expect(learner).toHaveURL('/profile?tab=settings');
  await expect(learner.getByRole('tab', { name: 'Indstillinger' })).toHaveAttribute('aria-selected', 'true');
  const kinds = learner.getByTestId('notification-kinds');
  await expect(kinds.getByRole('listitem')).toHaveCount(7);
  await expect(kinds.getByText('Svar på dine spørgsmål')).toBeVisible();
  await expect(kinds.getByText('Nye anmeldelser')).toHaveCount(0);
  await expect(kinds.getByText('Spørgsmål fra kursister')).toHaveCount(0);
  const assignedMail = kinds.getByRole('combobox', { name: 'E-mail: Tildelte kurser' });
  await expect(assignedMail).toBeDisabled();
  await expect(assignedMail).toHaveAccessibleDescription('Obligatorisk uddannelse: din virksomhed kræver, at du får denne e-mail.');
  await expect(learner.getByRole('switch', { name: 'SMS-notifikationer' })).toHaveCount(0);
  await expect(learner.getByText('Påmindelser')).toHaveCount(0);
  await expectNoAxeViolations(learner);

  // Each choice is saved as it is made, and is the server's after a reload.
  const saved = () => learner.waitForResponse((r) => r.url().endsWith('/api/notifications/preferences') && r.request().method() === 'PUT');
  let put = saved();
  await kinds.getByRole('switch', { name: 'I appen: Gennemførte lektioner' }).click();
  expect((await put).status()).toBe(200);
  put = saved();
  await kinds.getByRole('combobox', { name: 'E-mail: Gennemførte kurser' }).selectOption({ label: 'Fra' });
  expect((await put).status()).toBe(200);
  // The email switch turns every mail off but mandatory training's, whose choices then wait.
  put = saved();
  await learner.getByRole('switch', { name: 'E-mail-notifikationer' }).click();
  expect((await put).status()).toBe(200);
  await expect(kinds.getByRole('combobox', { name: 'E-mail: Gennemførte kurser' })).toBeDisabled();
  await expect(kinds.getByRole('combobox', { name: 'E-mail: Gennemførte kurser' })).toHaveAccessibleDescription(
    'Du har slået e-mail-notifikationer fra ovenfor.',
  );
  await learner.reload();
  await expect(learner.getByRole('switch', { name: 'E-mail-notifikationer' })).toHaveAttribute('aria-checked', 'false');
  await expect(kinds.getByRole('switch', { name: 'I appen: Gennemførte lektioner' })).toHaveAttribute('aria-checked', 'false');
  await expect(kinds.getByRole('combobox', { name: 'E-mail: Gennemførte kurser' })).toHaveValue('off');
  const preferences = (await (await learner.request.get('/api/notifications/preferences')).json()) as TNotificationPreferences;
  expect(preferences.mailOn).toBe(false);
  expect(preferences.company).toBeNull();
  await context.close();

  // The course's instructor was told of the new learner by mail, with a link that unsubscribes
  // from these mails without logging in: it says what it turns off, and does it on its button.
  const mail = await nextMailTo(adminEmail, mailsBefore);
  const link = /http:\/\/localhost:\d+\/notifications\/unsubscribe\?token=[\w.-]+/.exec(mail.text)![0];
  const visitor = await browser.newContext();
  const outside = await visitor.newPage();
  await usePreferences(outside, { language: 'da', theme: 'light' });
  await outside.goto(link);
  const card = outside.getByTestId('unsubscribe');
  await expect(outside.getByRole('heading', { level: 1, name: 'Afmeld e-mails' })).toBeVisible();
  await expect(card).toContainText('Du får ikke længere e-mails om »Nye tilmeldinger« på ');
  await expectNoAxeViolations(outside);
  await card.getByRole('button', { name: 'Afmeld' }).click();
  await expect(outside.getByRole('heading', { level: 1, name: 'Du er afmeldt' })).toBeFocused();
  await expect(card).toContainText('Du får ikke flere e-mails om »Nye tilmeldinger«');
  // Opening the link again says it is done.
  await outside.reload();
  await expect(outside.getByRole('heading', { level: 1, name: 'Du er afmeldt' })).toBeVisible();
  // A link that is not one of Kursa's.
  await outside.goto('/notifications/unsubscribe?token=not-a-real-token-at-all');
  await expect(outside.getByRole('heading', { level: 1, name: 'Linket virker ikke' })).toBeVisible();
  await expect(card).toContainText('Linket til at afmelde er ugyldigt.');
  await visitor.close();
  const own = (await (await page.request.get('/api/notifications/preferences')).json()) as TNotificationPreferences;
  expect(own.kinds.find((k) => k.kind === 'new-enrolment')?.mail).toBe('off');
});

test("an admin sets the company's reminders, a refused change is undone, and the mail log shows how each mail went", async ({ page }) => {
  await usePreferences(page, { language: 'en', theme: 'light' });
  await registerThroughApi(page, uniqueEmail('notify-reminders'), 'notify-reminders-pass-1');
  const course = await publishCourse(page, 'Fire safety');
  await assign(page, course.id, [await myId(page)], 7);
  // The assignment's mail goes out through the outbox, soon after.
  await expect
    .poll(
      async () => ((await (await page.request.get('/api/organisation/mail')).json()) as { mails: { status: string }[] }).mails[0]?.status,
    )
    .toBe('sent');

  await page.goto('/profile?tab=settings');
  const reminders = page.getByTestId('company-reminders');
  await expect(reminders.getByRole('heading', { name: 'Reminders' })).toBeVisible();
  const days = reminders.getByLabel('Reminder before the due date');
  await expect(days).toHaveValue('3');
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/notifications/preferences') && r.request().method() === 'PUT');
  await days.selectOption({ label: '7 days before' });
  expect((await saved).status()).toBe(200);
  // Mandatory training's mails stay on for the learner; an admin turns them off for the company.
  const kinds = page.getByTestId('notification-kinds');
  await expect(kinds.getByRole('combobox', { name: 'Email: Courses assigned to you' })).toBeDisabled();
  const mandatory = reminders.getByRole('switch', { name: 'Emails about mandatory training' });
  await expect(mandatory).toHaveAttribute('aria-checked', 'true');
  await expectNoAxeViolations(page);

  // The server refuses: the switch goes back, and a toast says so.
  await page.route('**/api/notifications/preferences', (route) =>
    route.request().method() === 'PUT'
      ? route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'The database is away.' }) })
      : route.fallback(),
  );
  await mandatory.click();
  await expectToast(page, 'The change was not saved');
  await expect(mandatory).toHaveAttribute('aria-checked', 'true');
  await page.unroute('**/api/notifications/preferences');
  await mandatory.click();
  await expect(mandatory).toHaveAttribute('aria-checked', 'false');
  await page.reload();
  await expect(page.getByTestId('company-reminders').getByLabel('Reminder before the due date')).toHaveValue('7');
  await expect(page.getByRole('switch', { name: 'Emails about mandatory training' })).toHaveAttribute('aria-checked', 'false');

  // Settings → Sent emails: the assignment's mail, sent at the first attempt.
  await page.goto('/dashboard/settings');
  const log = page.getByRole('region', { name: 'Sent emails' });
  const entry = log.getByTestId('mail-log-entry').filter({ hasText: 'Fire safety' });
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText('Courses assigned to you');
  await expect(entry).toContainText('Sent');
  await expect(entry).toContainText('1 attempt');
  await expectNoAxeViolations(page);
});

test("the mail log names a mail that could not be sent, with its attempts and SMTP's last answer", async ({ page }) => {
  await usePreferences(page, { language: 'da', theme: 'dark' });
  await registerThroughApi(page, uniqueEmail('notify-failed'), 'notify-failed-pass-1');
  // The local SMTP server takes every mail: the log's answer stands for one that refused.
  await page.route('**/api/organisation/mail', (route) =>
    route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({
        mails: [
          {
            id: 'm1',
            kind: 'overdue',
            to: 'bo@example.com',
            subject: '»Brandsikkerhed« skulle have været gennemført',
            status: 'failed',
            attempts: 6,
            lastError: '550 5.1.1 mailbox unavailable',
            createdAt: new Date().toISOString(),
            sentAt: null,
          },
        ],
        next: null,
      }),
    }),
  );
  await page.goto('/dashboard/settings');
  const entry = page.getByRole('region', { name: 'Sendte e-mails' }).getByTestId('mail-log-entry');
  await expect(entry).toContainText('Overskredet frist');
  await expect(entry).toContainText('Mislykket');
  await expect(entry).toContainText('6 forsøg');
  await expect(entry).toContainText('Seneste fejl: 550 5.1.1 mailbox unavailable');
  await expectNoAxeViolations(page);
});

test('/dev/mail says so when this server sends real mail', async ({ page }) => {
  await page.goto('/dev/mail#key=some-key-that-does-not-matter');
  await expect(page.getByTestId('dev-mail-problem')).toContainText('Denne server sender rigtige e-mails');
  await expect(page.getByRole('heading', { level: 1, name: 'Gemte e-mails' })).toBeVisible();
});

test.describe('an installation without SMTP', () => {
  const key = 'e2e-dev-mail-key-0123456789';
  useSecondServer('dev-mail', { DEV_MAIL_KEY: key });
  // Playwright looking into the mail's frame (to find its link) is script in a frame that may run
  // none: Chromium says it blocked it. The page itself runs nothing there.
  test.use({ expectedConsoleErrors: [/^Blocked script execution in 'about:srcdoc' because the document's frame is sandboxed/] });

  test('keeps its mails for /dev/mail, read with the key from the link; their HTML in a frame whose links open in the tab', async ({
    page,
  }) => {
    // In Danish, the default; no saved preferences: a script added to the page would run in the
    // mail's frame too, which may run none.
    await registerThroughApi(page, uniqueEmail('dev-mail'), 'dev-mail-pass-123');
    const course = await publishCourse(page, 'Hygiejne');
    await assign(page, course.id, [await myId(page)], 5);

    // Without the key, and with a wrong one.
    await page.goto('/dev/mail');
    await expect(page.getByTestId('dev-mail-problem')).toContainText('Siden skal åbnes med linket');
    await page.evaluate(() => sessionStorage.clear());
    await page.goto('/dev/mail#key=not-the-key-of-this-server');
    await expect(page.getByTestId('dev-mail-problem')).toContainText('Nøglen i linket passer ikke');

    // With the key: it leaves the address bar and is kept for the tab.
    await page.goto(`/dev/mail#key=${key}`);
    await expect(page).toHaveURL('/dev/mail');
    const row = page.getByTestId('dev-mail-row').filter({ hasText: 'Hygiejne' });
    await expect(row).toContainText('Tildelte kurser');
    await expect(row).toContainText('Gemt');
    await page.reload();
    await expect(page.getByText('Vælg en e-mail for at læse den.')).toBeVisible();
    // Before a mail is open: axe cannot run inside the mail's frame, which runs no script.
    await expectNoAxeViolations(page);
    await row.click();
    const reader = page.getByTestId('dev-mail-reader');
    await expect(reader.getByRole('heading', { level: 2 })).toBeFocused();
    await expect(reader.getByTestId('dev-mail-text')).toContainText(`/learn/${course.id}`);
    const frame = page.frameLocator('[data-testid="dev-mail-html"]');
    await expect(frame.getByRole('link', { name: 'Åbn kurset' })).toBeVisible();
    const html = page.getByTestId('dev-mail-html');
    await expect(html).toHaveAttribute('sandbox', 'allow-popups allow-popups-to-escape-sandbox allow-top-navigation-by-user-activation');
    await expect(html).toHaveAttribute('title', /^E-mailens HTML: Du er tildelt »Hygiejne«/);
    // The mail's button takes the whole tab to the course.
    await frame.getByRole('link', { name: 'Åbn kurset' }).click();
    await expect(page).toHaveURL(new RegExp(`/learn/${course.id}`));
  });

  test('a newcomer reads an invitation at /dev/mail and follows its link to a new account', async ({ page, browser, baseURL }) => {
    await registerThroughApi(page, uniqueEmail('dev-mail-admin'), 'dev-mail-pass-123');
    const email = uniqueEmail('dev-mail-invitee');
    const invited = await page.request.post('/api/invitations', { data: { email, role: 'learner', contactName: 'Nina Ny' } });
    expect(invited.status(), await invited.text()).toBeLessThan(300);

    // Someone with no account here, in their own browser: the key is the installation's, not a session's.
    const context = await browser.newContext({ baseURL });
    const newcomer = await context.newPage();
    await newcomer.goto(`/dev/mail#key=${key}`);
    const row = newcomer.getByTestId('dev-mail-row').filter({ hasText: email });
    await expect(row).toContainText('inviterer dig til');
    await row.click();
    const frame = newcomer.frameLocator('[data-testid="dev-mail-html"]');
    await frame.getByRole('link', { name: 'Tag imod invitationen' }).click();
    await expect(newcomer).toHaveURL(/\/invite\/[\w-]+$/);
    await expect(newcomer.getByLabel('E-mail')).toHaveValue(email);
    await expect(newcomer.getByLabel('Dit navn')).toHaveValue('Nina Ny');
    await newcomer.getByLabel('Adgangskode', { exact: true }).fill('nina-pass-123');
    await newcomer.getByLabel('Gentag adgangskode', { exact: true }).fill('nina-pass-123');
    await newcomer.getByRole('button', { name: 'Opret min konto' }).click();
    await expect(newcomer).toHaveURL('/learn');
    expect((await (await newcomer.request.get('/api/me')).json()).email).toBe(email);
    await context.close();
  });
});
