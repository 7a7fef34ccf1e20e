import { settledAxe } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { uniqueEmail } from './support.ts';
import { registerThroughApi, usePreferences } from './ui-helpers.ts';

// /pricing — the monthly/annual toggle with 'Spar 25%' and the yearly total, the plans' prices
// (src/shared/plans.ts), the comparison table from the enforced limits, and the trial call to action;
// /platform — its features, capabilities and technical specifications.

const PRICES = {
  starter: { monthly: '199', annual: '149', yearly: '1.788' },
  professional: { monthly: '399', annual: '299', yearly: '3.588' },
  enterprise: { monthly: '799', annual: '599', yearly: '7.188' },
} as const;

test('the monthly/annual toggle in Danish: Spar 25%, the annual monthly price and the yearly total', async ({ page }) => {
  await page.goto('/pricing');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Priser, der vokser med jer');
  const monthly = page.getByRole('radio', { name: 'Månedlig' });
  const annual = page.getByRole('radio', { name: /^Årlig/ });
  await expect(monthly).toBeChecked();
  await expect(page.getByTestId('annual-discount')).toHaveText('Spar 25%');
  for (const [plan, price] of Object.entries(PRICES)) {
    const card = page.getByTestId(`plan-${plan}`);
    await expect(card.getByTestId('plan-price')).toHaveText(new RegExp(`^${price.monthly}\\s*kr\\.$`));
    await expect(card.getByTestId('plan-billing')).toHaveText('Faktureres månedligt');
    await expect(card.getByRole('link', { name: 'Prøv gratis i 14 dage' })).toHaveAttribute(
      'href',
      `/register?plan=${plan}&period=monthly`,
    );
  }

  // By keyboard, as any radio group: the arrow key moves to annual.
  await monthly.focus();
  await page.keyboard.press('ArrowRight');
  await expect(annual).toBeChecked();
  for (const [plan, price] of Object.entries(PRICES)) {
    const card = page.getByTestId(`plan-${plan}`);
    await expect(card.getByTestId('plan-price')).toHaveText(new RegExp(`^${price.annual}\\s*kr\\.$`));
    await expect(card.getByTestId('plan-billing')).toHaveText(new RegExp(`^${price.yearly}\\s*kr\\. faktureres årligt$`));
    await expect(card.getByRole('link', { name: 'Prøv gratis i 14 dage' })).toHaveAttribute('href', `/register?plan=${plan}&period=annual`);
  }

  // The comparison table shows the limits the server enforces.
  const table = page.getByTestId('plan-comparison');
  const row = (name: string) => table.getByRole('row', { name: new RegExp(`^${name}`) });
  await expect(row('Aktive \\(udgivne\\) kurser').getByRole('cell')).toHaveText(['5', 'Ubegrænset', 'Ubegrænset']);
  await expect(row('Kursister').getByRole('cell')).toHaveText(['100', '1.000', 'Ubegrænset']);
  await expect(row('Administratorer').getByRole('cell')).toHaveText(['3', '3', 'Ubegrænset']);
  // Which analytics each plan has: the server refuses the analytics page to Starter (instructors API tests).
  await expect(row('Analyser').getByRole('cell')).toHaveText(['Grundlæggende', 'Avancerede', 'Avancerede']);
  await expect(page.getByTestId('analytics-note')).toContainText('Avancerede analyser tilføjer analysesiden');
  // White label and a domain of the company's own: the server refuses both to Starter (brand and custom-domains API tests).
  await expect(row('White label').getByRole('cell')).toHaveText(['Ikke med', 'Inkluderet', 'Inkluderet']);
  await expect(row('Virksomhedens side på eget domæne').getByRole('cell')).toHaveText(['Ikke med', 'Inkluderet', 'Inkluderet']);

  // A question opens on click; the trial call to action leads to registration.
  await page.getByText('Hvad sker der, når prøveperioden slutter?').click();
  await expect(page.getByText('Intet bliver slettet.', { exact: false })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Kontakt salg' })).toHaveAttribute('href', '/contact?topic=sales');
  await page.getByRole('main').getByRole('link', { name: 'Start gratis prøveperiode' }).click();
  await expect(page).toHaveURL('/register');
});

test('in English the toggle says Save 25% and prices are in kroner', async ({ page }) => {
  await usePreferences(page, { language: 'en' });
  await page.goto('/pricing');
  await page.locator('label').filter({ hasText: 'Annually' }).click();
  await expect(page.getByRole('radio', { name: /^Annually/ })).toBeChecked();
  await expect(page.getByTestId('annual-discount')).toHaveText('Save 25%');
  await expect(page.getByTestId('plan-professional').getByTestId('plan-price')).toHaveText('DKK 299');
  await expect(page.getByTestId('plan-professional').getByTestId('plan-billing')).toHaveText('DKK 3,588 billed yearly');
  await expect(page.getByTestId('plan-professional')).toContainText('Most Popular');
});

test('the platform page states its technical specifications', async ({ page }) => {
  await usePreferences(page, { language: 'en' });
  await page.goto('/platform');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('One platform for the whole course journey');
  const specs = page.getByTestId('tech-specs');
  for (const term of [
    'Where data lives',
    'Database',
    'Passwords and encryption',
    'Backups',
    'Accessibility',
    'Languages',
    'AI providers',
  ]) {
    await expect(specs.getByRole('term').filter({ hasText: term })).toHaveCount(1);
  }
  await expect(specs).toContainText('argon2id');
  await expect(specs).toContainText('Ollama');
  await expect(page.getByRole('main').getByRole('heading', { level: 3 })).toHaveCount(12);
});

for (const theme of ['light', 'dark'] as const) {
  for (const language of ['da', 'en'] as const) {
    test(`/pricing and /platform pass axe (${language}, ${theme})`, async ({ page }) => {
      await usePreferences(page, { language, theme });
      for (const path of ['/pricing', '/platform']) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await page.locator('details').evaluateAll((all) => all.forEach((d) => d.setAttribute('open', '')));
        expect((await (await settledAxe(page)).withTags(['wcag2a', 'wcag2aa']).analyze()).violations, path).toEqual([]);
      }
    });
  }
}

test('the testimonials quote real reviews whose writers agreed, and are not there without them', async ({ page }) => {
  const api = async <T>(method: 'post' | 'put', url: string, data: unknown) => {
    const response = await page.request[method](url, { data });
    expect(response.status(), await response.text()).toBeLessThan(300);
    return (await response.json()) as T;
  };
  const none = ((await (await page.request.get('/api/testimonials')).json()) as { testimonials: unknown[] }).testimonials.length === 0;
  if (none) {
    await page.goto('/pricing');
    await expect(page.getByRole('heading', { name: 'Sammenlign abonnementerne' })).toBeVisible();
    await expect(page.getByTestId('testimonials')).toHaveCount(0);
  }

  // A company's admin takes its own public course and reviews it, agreeing to be quoted.
  await registerThroughApi(page, uniqueEmail('quote'), 'quote-pass-1');
  type Course = { id: string; slug: string; version: number; modules: { id: string; lessons: { id: string }[] }[] };
  let course = await api<Course>('post', '/api/courses', {
    title: `Citeret kursus ${Date.now()}`,
    description: 'Et kursus med en anmeldelse.',
    visibility: 'public',
  });
  course = await api<Course>('post', `/api/courses/${course.id}/modules`, { title: 'Modul', version: course.version });
  course = await api<Course>('post', `/api/modules/${course.modules[0]!.id}/lessons`, {
    title: 'Lektion',
    kind: 'text',
    version: course.version,
  });
  await api('post', `/api/courses/${course.id}/status`, { action: 'publish', version: course.version, confirmEmptyLessons: true });
  await api('post', `/api/courses/${course.id}/enrol`, {});
  await api('post', `/api/learning/${course.id}/lessons/${course.modules[0]!.lessons[0]!.id}/complete`, {});
  const quote = 'Det bedste kursus, vores nye medarbejdere har taget.';
  await api('put', `/api/courses/${course.id}/review`, { rating: 5, comment: quote, quote: true });

  await page.goto('/pricing');
  const section = page.getByTestId('testimonials');
  await expect(section.getByRole('heading', { name: 'Det siger kunderne' })).toBeVisible();
  await expect(section.getByText(`“${quote}”`)).toBeVisible();
  await expect(section.getByRole('link', { name: /^om Citeret kursus/ }).first()).toHaveAttribute('href', `/courses/${course.slug}`);

  // Withdrawn, it is gone.
  await api('put', `/api/courses/${course.id}/review`, { rating: 5, comment: quote, quote: false });
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Sammenlign abonnementerne' })).toBeVisible();
  await expect(page.getByText(`“${quote}”`)).toHaveCount(0);
});
