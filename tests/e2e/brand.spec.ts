import { expectNoAxeViolations } from './axe.ts';
import type { Page } from '@playwright/test';
import { contrastRatio } from '../../src/shared/brand.ts';
import { expect, test } from './fixtures.ts';
import { openSection, uniqueEmail } from './support.ts';
import { registerThroughApi, usePreferences } from './ui-helpers.ts';

/**
 * A company's brand, set on Indstillinger by its admin (a logo chosen with the file picker, a hero
 * image dropped on its field, a colour whose contrast is checked, a hero text), and then worn by
 * its site in both themes and languages with AA contrast (axe).
 */
const port = Number(process.env.E2E_PORT ?? 5055);

// A real 1×1 PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

async function publishCourse(page: Page, subdomain: string, title: string) {
  const response = await page.request.post('/api/courses/publish', {
    data: {
      course_data: {
        title,
        description: 'Et kursus om at lede møder, der ender med beslutninger.',
        complexity_level: 'beginner',
        duration: '1 hour',
        learning_objectives: ['Lede et kort møde'],
        modules: [{ title: 'Modul 1: Mødet', lessons: [{ title: 'Dagsordenen', content: 'Skriv den først.' }] }],
      },
      teacher_profile: { subject: 'Ledelse' },
      publishing_options: { visibility: 'public', subdomain, pricing: 'paid', price: 49_900, currency: 'DKK', confirm_empty_lessons: true },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { course: { slug: string } }).course.slug;
}

test('an admin brands the company on Indstillinger, and its site wears the brand with AA contrast in both themes', async ({ page }) => {
  const subdomain = `brand-${Date.now().toString(36)}`;
  const site = `http://${subdomain}.localhost:${port}`;
  await usePreferences(page, { language: 'da', theme: 'light' });
  await registerThroughApi(page, uniqueEmail('brand'), 'brand-password-1');
  const slug = await publishCourse(page, subdomain, 'Møder der virker');

  await page.goto('/dashboard');
  await openSection(page, 'Indstillinger');
  const card = page.getByRole('region', { name: 'Virksomhedens brand' });
  await expect(card.getByText('Intet logo endnu: siden viser virksomhedens navn.')).toBeVisible();

  // The logo through the file picker its field opens; the field says what was uploaded.
  const logoField = card.getByTestId('brand-logo');
  const chooser = page.waitForEvent('filechooser');
  await logoField.getByText('Vælg en fil').click();
  await (await chooser).setFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
  await expect(logoField.getByTestId('upload-done')).toHaveText('logo.png er uploadet.');
  await expect(card.getByRole('img', { name: 'Virksomhedens logo' })).toBeVisible();
  await expect(logoField.getByRole('button', { name: 'Fjern logo' })).toBeVisible();

  // The hero image dropped on its field.
  await card
    .getByTestId('brand-hero')
    .getByTestId('upload-zone')
    .evaluate(
      (zone, bytes) => {
        const transfer = new DataTransfer();
        transfer.items.add(new File([new Uint8Array(bytes)], 'forside.png', { type: 'image/png' }));
        zone.dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
      },
      [...PNG],
    );
  await expect(card.getByRole('img', { name: 'Virksomhedens forsidebillede' })).toBeVisible();

  // A light yellow: white text on it fails AA, and the page says which darker shade buttons get.
  await card.getByLabel('Brandfarve', { exact: true }).fill('#facc15');
  const contrast = page.getByTestId('brand-contrast');
  await expect(contrast).toContainText('Hvid tekst på #facc15 har kun kontrasten 1,5:1');
  const shade = /den mørkere nuance (#[0-9a-f]{6})/.exec((await contrast.textContent()) ?? '')?.[1];
  expect(shade).toBeDefined();
  expect(contrastRatio(shade!, '#ffffff')).toBeGreaterThanOrEqual(4.5);
  await card.getByLabel('Tekst på forsiden').fill('Kurser i ledelse for hele Norden.');
  await card.getByRole('button', { name: 'Gem brand' }).click();
  await expect(card.getByText('Brandet er gemt.')).toBeVisible();
  // Kept: after a reload the form shows what was saved.
  await page.reload();
  await expect(page.getByLabel('Brandfarve', { exact: true })).toHaveValue('#facc15');
  await expect(page.getByLabel('Tekst på forsiden')).toHaveValue('Kurser i ledelse for hele Norden.');
  await expectNoAxeViolations(page);
  if (process.env.BRAND_SHOTS)
    await page.getByRole('region', { name: 'Virksomhedens brand' }).screenshot({ path: '/tmp/brand-settings.png' });

  // The site: the logo by the name, the hero text and image, buttons and links in the brand's shades.
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await page.goto(`${site}/`);
    const logo = page.locator('header .brand img');
    await expect(logo).toHaveAttribute('src', /^\/media\/[\w-]+$/);
    await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
    await expect(page.getByText('Kurser i ledelse for hele Norden.')).toBeVisible();
    await expect(page.locator('main img.hero')).toBeVisible();
    await expectNoAxeViolations(page);
    if (process.env.BRAND_SHOTS) await page.screenshot({ path: `/tmp/brand-site-${colorScheme}.png` });
    await page.goto(`${site}/courses/${slug}?lang=en`);
    const enrol = page.getByRole('link', { name: 'Enroll' });
    await expect(enrol).toHaveCSS('background-color', hexToRgb(shade!));
    await expectNoAxeViolations(page);
  }
});

test('white label is offered where the plan has it, and takes Kursa off the site', async ({ page }) => {
  const subdomain = `hvid-${Date.now().toString(36)}`;
  await usePreferences(page, { language: 'en', theme: 'dark' });
  await registerThroughApi(page, uniqueEmail('white'), 'white-password-1');
  await publishCourse(page, subdomain, 'Korte møder');
  await page.goto('/dashboard/settings');
  const card = page.getByRole('region', { name: 'Company brand' });
  await card.getByLabel("White label: no Kursa marks on the company's site, certificates and emails").check();
  await card.getByRole('button', { name: 'Save brand' }).click();
  await expect(card.getByText('The brand is saved.')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.goto(`http://${subdomain}.localhost:${port}/?lang=en`);
  await expect(page.locator('footer')).toHaveText('© MAGENTA ApS');
  await expect(page.locator('body')).not.toContainText('Kursa');
});

function hexToRgb(hex: string): string {
  const value = Number.parseInt(hex.slice(1), 16);
  return `rgb(${(value >> 16) & 255}, ${(value >> 8) & 255}, ${value & 255})`;
}
