import { readFileSync } from 'node:fs';
import { expectNoAxeViolations } from './axe.ts';
import { pdfText } from '../helpers/certificates.ts';
import { expect, test } from './fixtures.ts';
import { mailCount, nextMailTo } from './mailbox.ts';
import { publishCourse } from './published-course.ts';
import { openSection, uniqueEmail } from './support.ts';
import { registerThroughApi, usePreferences } from './ui-helpers.ts';

/**
 * A learner's whole journey, in the browser and through the interface alone once the course exists:
 * an admin invites a learner from the dashboard; the learner accepts from the mailed link, finds
 * the course in the catalogue, enrols, takes every lesson, fails then passes the quiz, downloads
 * the certificate and opens its verification page; the admin's dashboard then shows the student,
 * the activity and the figures. Once in Danish with the dark theme, once in English with the light.
 */

const RUNS = [
  {
    language: 'da',
    theme: 'dark',
    w: {
      people: 'Personer',
      email: 'E-mail',
      team: 'Team og invitationer',
      name: 'Navn (valgfrit)',
      role: 'Rolle',
      invited: 'Invitationen er sendt til',
      yourName: 'Dit navn',
      password: 'Adgangskode',
      confirm: 'Gentag adgangskode',
      create: 'Opret min konto',
      findCourses: 'Find kurser',
      search: 'Søg i kurser',
      preview: 'Forhåndsvis',
      enrol: 'Tilmeld nu',
      markComplete: 'Markér som gennemført',
      next: 'Næste lektion',
      submit: 'Indsend svar',
      retry: 'Prøv igen',
      failed: 'Ikke bestået: 0 %. Der skal 100 % til.',
      passed: 'Bestået med 100 %.',
      completed: 'Tillykke! Du har gennemført kurset.',
      download: 'Hent kursusbevis',
      verify: 'Verifikationsside',
      genuine: 'Ægte kursusbevis',
      enrolled: 'tilmeldte sig',
      finished: 'gennemførte',
      analytics: 'Analyser',
      progress: 'Gennemsnitlig fremgang: 100 %',
    },
  },
  {
    language: 'en',
    theme: 'light',
    w: {
      people: 'People',
      email: 'Email',
      team: 'Team and invitations',
      name: 'Name (optional)',
      role: 'Role',
      invited: 'The invitation was sent to',
      yourName: 'Your name',
      password: 'Password',
      confirm: 'Repeat password',
      create: 'Create my account',
      findCourses: 'Find courses',
      search: 'Search courses',
      preview: 'Preview',
      enrol: 'Enrol Now',
      markComplete: 'Mark as complete',
      next: 'Next lesson',
      submit: 'Submit answers',
      retry: 'Try again',
      failed: 'Not passed: 0%. 100% is needed.',
      passed: 'Passed with 100%.',
      completed: 'Congratulations! You have completed the course.',
      download: 'Download certificate',
      verify: 'Verification page',
      genuine: 'Genuine certificate',
      enrolled: 'enrolled in',
      finished: 'completed',
      analytics: 'Analytics',
      progress: 'Average progress: 100%',
    },
  },
] as const;

for (const { language, theme, w } of RUNS) {
  test(`invite, accept, find, take every lesson, fail then pass, certificate, verification and the dashboard (${language}, ${theme})`, async ({
    page,
    browser,
  }) => {
    test.slow();
    await usePreferences(page, { language, theme });
    await registerThroughApi(page, uniqueEmail('journey-admin'), 'journey-admin-pass-1');
    const title = `Mødekultur ${language} ${Date.now().toString(36)}`;
    await publishCourse(page, title);

    // The admin invites a learner from the dashboard; the invitation goes out by mail.
    const learnerEmail = uniqueEmail('journey-learner');
    const learnerName = language === 'da' ? 'Lærke Læring' : 'Lara Learner';
    await page.goto('/dashboard');
    await openSection(page, w.people);
    const team = page.getByRole('region', { name: w.team });
    await team.getByLabel(w.email).fill(learnerEmail);
    await team.getByLabel(w.name).fill(learnerName);
    await team.getByLabel(w.role, { exact: true }).selectOption('learner');
    const before = mailCount();
    await team.getByRole('button', { name: 'Send invitation' }).click();
    await expect(team.getByTestId('team-notice')).toHaveText(`${w.invited} ${learnerEmail}.`);
    const link = /http:\/\/localhost:\d+\/invite\/[\w-]+/.exec((await nextMailTo(learnerEmail, before)).text)![0];

    // The learner accepts from the link, in a browser of their own, and is logged in.
    const context = await browser.newContext({ acceptDownloads: true });
    const learner = await context.newPage();
    await usePreferences(learner, { language, theme });
    await learner.goto(link);
    await expect(learner.getByLabel(w.yourName)).toHaveValue(learnerName);
    await learner.getByLabel(w.password, { exact: true }).fill('journey-learner-1');
    await learner.getByLabel(w.confirm, { exact: true }).fill('journey-learner-1');
    await learner.getByRole('button', { name: w.create }).click();
    await expect(learner).toHaveURL('/learn');

    // They find the course in the catalogue (from their sidebar) and enrol from its page.
    await openSection(learner, w.findCourses);
    await learner.getByRole('searchbox', { name: w.search }).fill(title);
    await learner.getByTestId('course-card').filter({ hasText: title }).getByRole('link', { name: w.preview }).click();
    await expect(learner.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expectNoAxeViolations(learner);
    await learner.getByRole('button', { name: w.enrol }).click();

    // Every lesson: the text, marked complete; the quiz, failed and then passed.
    await expect(learner.getByRole('heading', { level: 1, name: 'Før mødet' })).toBeFocused();
    await expect(learner.getByText('Send dagsordenen dagen før.')).toBeVisible();
    await learner.getByRole('button', { name: w.markComplete }).click();
    await expect(learner.getByTestId('lesson-completed')).toBeVisible();
    await learner.getByRole('link', { name: w.next }).click();
    await expect(learner.getByRole('heading', { level: 1, name: 'Tjek dig selv' })).toBeFocused();
    const questions = learner.getByTestId('quiz-question');
    await questions.nth(0).getByLabel('60').check();
    await questions.nth(1).getByRole('textbox').fill('referat');
    await learner.getByRole('button', { name: w.submit }).click();
    await expect(learner.getByTestId('quiz-result')).toHaveText(w.failed);
    await expectNoAxeViolations(learner);
    await learner.getByRole('button', { name: w.retry }).click();
    await questions.nth(0).getByLabel('15').check();
    await questions.nth(1).getByRole('textbox').fill('Dagsorden');
    await learner.getByRole('button', { name: w.submit }).click();
    await expect(learner.getByTestId('quiz-result')).toHaveText(w.passed);
    await expect(learner.getByTestId('course-completed')).toHaveText(w.completed);

    // The certificate: a real PDF download, then its verification page.
    const pdfLink = learner.getByRole('link', { name: `${w.download}: ${title}` });
    const [download] = await Promise.all([learner.waitForEvent('download'), pdfLink.click()]);
    const bytes = readFileSync((await download.path())!);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const pdf = await pdfText(new Uint8Array(bytes));
    expect(pdf).toContain(learnerName);
    expect(pdf).toContain(title);
    await learner.getByRole('link', { name: `${w.verify}: ${title}` }).click();
    await expect(learner).toHaveURL(/\/verify\/[0-9A-Z-]{19}$/);
    const code = learner.url().split('/').pop()!;
    expect(pdf).toContain(code);
    await expect(learner.getByTestId('certificate-status')).toHaveAttribute('data-status', 'genuine');
    await expect(learner.getByTestId('certificate-status').getByRole('heading', { level: 1 })).toHaveText(w.genuine);
    await expect(learner.getByTestId('certificate-details')).toContainText(learnerName);
    await expectNoAxeViolations(learner);
    await context.close();

    // The admin's dashboard: the figures, the activity and the student.
    await page.goto('/dashboard');
    await expect(page.getByTestId('stat-courses')).toHaveText('1');
    await expect(page.getByTestId('stat-students')).toHaveText('1');
    await expect(page.getByTestId('stat-completion')).toHaveText(/^100\s?%$/);
    const activity = page.getByTestId('activity-item');
    await expect(activity.filter({ hasText: `${learnerName} ${w.enrolled} ${title}` })).toHaveAttribute('data-type', 'enrollment');
    await expect(activity.filter({ hasText: `${learnerName} ${w.finished} ${title}` })).toHaveAttribute('data-type', 'completion');
    await expectNoAxeViolations(page);
    await openSection(page, w.people);
    const student = page.getByTestId('student-card').filter({ hasText: learnerName });
    await expect(student).toContainText(learnerEmail);
    await expect(student).toContainText(w.progress);
    await openSection(page, w.analytics);
    const row = page.getByTestId('performance-table').getByRole('row', { name: new RegExp(title) });
    await expect(row.getByRole('cell').first()).toHaveText('1');
    await expectNoAxeViolations(page);
  });
}
