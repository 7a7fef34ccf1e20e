import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { expectInternalLinksResolve, expectMeta, expectNoAxeViolations, expectOrderedHeadings, localeFile, text } from './legal-helpers.ts';
import { usePreferences } from './ui-helpers.ts';

/** The help centre – questions by topic, searched in the browser, with an empty state. */
const LANGUAGES = ['da', 'en'] as const;
const THEMES = ['dark', 'light'] as const;

type Topics = Record<string, { title: string; items: Record<string, { q: string; a: string }> }>;
const topicsIn = (language: 'da' | 'en') => localeFile(language, 'page-help').topics as unknown as Topics;
const questionCount = (language: 'da' | 'en') =>
  Object.values(topicsIn(language)).reduce((sum, topic) => sum + Object.keys(topic.items).length, 0);

const search = (page: Page) => page.getByRole('searchbox');
const items = (page: Page) => page.getByTestId('faq-item');

for (const language of LANGUAGES) {
  for (const theme of THEMES) {
    test(`the help centre in ${language}, ${theme} theme: every topic and question, no axe violations`, async ({ page }) => {
      const strings = localeFile(language, 'page-help');
      const meta = strings.meta as Record<string, string>;
      await usePreferences(page, { language, theme });
      expect((await page.goto('/help'))?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(strings.title));
      await expectMeta(page, meta.title!, meta.description!);
      for (const topic of Object.values(topicsIn(language)))
        await expect(page.getByRole('heading', { level: 2, name: topic.title, exact: true })).toBeVisible();
      await expect(items(page)).toHaveCount(questionCount(language));
      await expectOrderedHeadings(page);
      await expectNoAxeViolations(page);
      // An opened answer passes too (its links included).
      await items(page).first().locator('summary').click();
      await expect(items(page).first()).toHaveAttribute('open', '');
      await expectNoAxeViolations(page);
    });
  }
}

test('a question opens and closes with the mouse and the keyboard', async ({ page }) => {
  await page.goto('/help');
  const first = items(page).first();
  const question = topicsIn('da').start!.items.register!;
  await expect(first.getByText('Gå til', { exact: false })).toBeHidden();
  await first.getByText(question.q).click();
  await expect(first.getByRole('link', { name: 'Opret virksomhedskonto' })).toBeVisible();
  await first.locator('summary').press('Enter');
  await expect(first).not.toHaveAttribute('open');
  await first.locator('summary').press('Space');
  await expect(first).toHaveAttribute('open', '');
});

test('the search finds answers by words in their question or only in their answer, and says how many', async ({ page }) => {
  await page.goto('/help');
  await search(page).fill('CVR');
  await expect(page.getByRole('status')).toHaveText(/^\d+ svar fundet$/);
  // Every match is shown open; the registration question is among them.
  const register = items(page).filter({ hasText: 'Hvordan opretter vi en konto?' });
  await expect(register).toHaveAttribute('open', '');
  await expect(register.getByText(/Kun danske virksomheder med et gyldigt CVR-nummer/)).toBeVisible();
  const count = await items(page).count();
  expect(count).toBeLessThan(questionCount('da'));
  await expect(page.getByRole('status')).toHaveText(`${count} svar fundet`);

  // 'bogføringsloven' appears only in the answer about deleting data.
  await search(page).fill('bogføringsloven');
  await expect(items(page)).toHaveCount(1);
  await expect(items(page)).toContainText('Hvordan får vi slettet vores data?');
  await expect(page.getByRole('status')).toHaveText('1 svar fundet');

  // Case and word order do not matter; every word must match.
  await search(page).fill('MOMS faktura');
  await expect(items(page)).toContainText(['Får vi en faktura med moms?']);
});

test('a search with no match shows the empty state with the way to contact us, and clearing it brings the topics back', async ({
  page,
}) => {
  await page.goto('/help');
  await search(page).fill('blockchain');
  const empty = page.getByTestId('help-empty');
  await expect(empty.getByRole('heading', { level: 2, name: 'Ingen svar på »blockchain«' })).toBeVisible();
  await expect(empty.getByRole('link', { name: 'Kontakt os' })).toHaveAttribute('href', '/contact');
  await expect(items(page)).toHaveCount(0);
  await expect(page.getByRole('status')).toHaveText('0 svar fundet');
  await expectNoAxeViolations(page);
  await search(page).fill('');
  await expect(items(page)).toHaveCount(questionCount('da'));
  await expect(page.getByRole('status')).toHaveText('');
});

test('the search works in English too', async ({ page }) => {
  await usePreferences(page, { language: 'en' });
  await page.goto('/help');
  await search(page).fill('forgotten password');
  await expect(items(page)).toHaveCount(1);
  await expect(items(page).getByRole('link', { name: 'Forgot password' })).toHaveAttribute('href', '/forgot-password');
  await search(page).fill('zzzz');
  await expect(page.getByRole('heading', { name: 'No answers for “zzzz”' })).toBeVisible();
});

test('the topic links and an answer’s link move to their place on the page', async ({ page }) => {
  await page.goto('/help');
  await page.getByRole('navigation', { name: 'Emner' }).getByRole('link', { name: 'Team og roller' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Team og roller' })).toBeFocused();
  await expect(page).toHaveURL('/help#topic-team');
  await search(page).fill('ægte');
  await items(page).getByRole('link', { name: 'Tjek et kursusbevis' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Tjek et kursusbevis' })).toBeFocused();
});

test('checking a certificate code leads to its verification page', async ({ page }) => {
  await page.goto('/help');
  const code = page.getByLabel('Kontrolkode');
  await code.fill('ikke en kode!');
  await page.getByRole('button', { name: 'Tjek kursusbeviset' }).click();
  await expect(page.getByText('Skriv koden, som den står på kursusbeviset')).toBeVisible();
  await expect(code).toHaveAttribute('aria-invalid', 'true');
  await code.fill(' abcd-2345-efgh-6789 ');
  await page.getByRole('button', { name: 'Tjek kursusbeviset' }).click();
  await expect(page).toHaveURL('/verify/ABCD-2345-EFGH-6789');
  await expect(page.getByRole('heading', { name: 'Ikke gyldigt' })).toBeVisible();
});

test('the help centre links only to real pages', async ({ page }) => {
  const followed = await expectInternalLinksResolve(page, '/help');
  // The pages of the other topics, e.g. the AI setup, the catalogue and the pricing page.
  expect(followed).toEqual(
    expect.arrayContaining(['/register', '/course-creator', '/ai-assistant/setup', '/courses', '/pricing', '/privacy']),
  );
});
