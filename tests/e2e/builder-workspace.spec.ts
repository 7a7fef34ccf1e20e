import { settledAxe } from './axe.ts';
import type { Locator, Page } from '@playwright/test';
import type { TCourse } from '../../src/shared/schemas/courses.ts';
import { expect, test } from './fixtures.ts';
import { holdRequests } from './support.ts';
import { box, logIn, usePreferences } from './ui-helpers.ts';

/**
 * The builder as a workspace: an outline wide enough for real titles with a separator that resizes
 * it, "Generate with AI" in a panel of its own, and on a phone a chosen lesson brought into view.
 */

// Sixty characters, as long as module titles get in practice.
const LONG_TITLE = 'Modul 1: Velkommen til arbejdsmiljø og sikkerhed på et lager';

async function courseWith(page: Page, title: string, modules: Array<{ title: string; lessons: string[] }>): Promise<TCourse> {
  let response = await page.request.post('/api/courses', { data: { title } });
  expect(response.status(), await response.text()).toBe(201);
  let course = (await response.json()) as TCourse;
  for (const module of modules) {
    response = await page.request.post(`/api/courses/${course.id}/modules`, { data: { title: module.title, version: course.version } });
    expect(response.status(), await response.text()).toBeLessThan(300);
    course = (await response.json()) as TCourse;
    const moduleId = course.modules.at(-1)!.id;
    for (const lesson of module.lessons) {
      response = await page.request.post(`/api/modules/${moduleId}/lessons`, {
        data: { title: lesson, kind: 'text', version: course.version },
      });
      expect(response.status(), await response.text()).toBeLessThan(300);
      course = (await response.json()) as TCourse;
    }
  }
  return course;
}

/** Whether an element shows all of its text: nothing scrolled out of it sideways or below. */
const showsWhole = (locator: Locator) =>
  locator.evaluate((element) => element.scrollWidth <= element.clientWidth && element.scrollHeight <= element.clientHeight + 1);

test('at 1280 px a 60-character module title is whole, the outline comes first and the AI panel opens and closes (da, light)', async ({
  page,
}) => {
  expect(LONG_TITLE).toHaveLength(60);
  await page.setViewportSize({ width: 1280, height: 800 });
  await usePreferences(page, { language: 'da', theme: 'light' });
  await logIn(page);
  const course = await courseWith(page, 'Lagerets arbejdsmiljø', [
    { title: LONG_TITLE, lessons: ['Sådan løfter du en tung kasse uden at skade ryggen'] },
  ]);
  await page.goto(`/dashboard/courses/${course.id}`);

  const outline = page.getByRole('region', { name: 'Indholdsoversigt' });
  const title = outline.getByLabel('Titel på modul 1');
  await expect(title).toHaveValue(LONG_TITLE);
  expect(await showsWhole(title)).toBe(true);
  // The outline is on the first screen; the AI's form is not on the page until asked for.
  expect((await box(outline.getByRole('heading', { name: 'Indholdsoversigt' }))).y).toBeLessThan(800);
  await expect(page.getByTestId('ai-panel')).toHaveCount(0);

  // A lesson's title cut to its row is whole as the pointer's tip and while it has the focus.
  const lesson = outline.getByRole('button', { name: 'Sådan løfter du en tung kasse uden at skade ryggen (Tekst)' });
  await expect(lesson).toHaveAttribute('title', 'Sådan løfter du en tung kasse uden at skade ryggen');
  await lesson.focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  expect(await showsWhole(lesson.locator('span').first())).toBe(true);

  const open = outline.getByRole('button', { name: 'Generér med AI' });
  await open.click();
  const panel = page.getByRole('dialog', { name: 'Generér med AI' });
  await expect(panel).toBeVisible();
  await expect(panel.getByLabel('Antal moduler')).toBeVisible();
  // The modal panel hides the page from assistive technology, so the button is found by its markup.
  await expect(page.locator('#outline-column button[aria-haspopup="dialog"]')).toHaveAttribute('aria-expanded', 'true');
  const results = await (await settledAxe(page)).analyze();
  expect(results.violations.map((v) => v.id)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(open).toBeFocused();
  await expect(open).toHaveAttribute('aria-expanded', 'false');
  // And by its close button.
  await open.click();
  await panel.getByRole('button', { name: 'Luk AI-panelet' }).click();
  await expect(panel).toBeHidden();
  await expect(open).toBeFocused();
});

test('the separator resizes the outline by keyboard and pointer, and the width is kept over a reload (en, dark)', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await usePreferences(page, { language: 'en', theme: 'dark' });
  await logIn(page);
  const course = await courseWith(page, 'Resizing', [{ title: 'Basics', lessons: ['First steps'] }]);
  await page.goto(`/dashboard/courses/${course.id}`);

  const separator = page.getByRole('separator', { name: 'Width of the outline' });
  const column = page.locator('#outline-column');
  await expect(separator).toHaveAttribute('aria-orientation', 'vertical');
  await expect(separator).toHaveAttribute('aria-valuenow', '448');
  await expect(separator).toHaveAttribute('aria-valuemin', '288');
  const max = Number(await separator.getAttribute('aria-valuemax'));
  expect(max).toBeGreaterThan(600);
  expect((await box(column)).width).toBeCloseTo(448, 0);

  await separator.focus();
  await page.keyboard.press('ArrowRight');
  await expect(separator).toHaveAttribute('aria-valuenow', '464');
  await page.keyboard.press('Shift+ArrowLeft');
  await expect(separator).toHaveAttribute('aria-valuenow', '400');
  await page.keyboard.press('Home');
  await expect(separator).toHaveAttribute('aria-valuenow', '288');
  await page.keyboard.press('End');
  await expect(separator).toHaveAttribute('aria-valuenow', String(max));
  await page.keyboard.press('Home');
  expect((await box(column)).width).toBeCloseTo(288, 0);
  const results = await (await settledAxe(page)).analyze();
  expect(results.violations.map((v) => v.id)).toEqual([]);

  // The pointer drags it 150 px wider.
  const handle = await box(separator);
  await page.mouse.move(handle.x + handle.width / 2, handle.y + 40);
  await page.mouse.down();
  await page.mouse.move(handle.x + handle.width / 2 + 80, handle.y + 40, { steps: 4 });
  await page.mouse.move(handle.x + handle.width / 2 + 150, handle.y + 40, { steps: 4 });
  await page.mouse.up();
  await expect(separator).toHaveAttribute('aria-valuenow', '438');
  expect((await box(column)).width).toBeCloseTo(438, 0);

  await page.reload();
  await expect(separator).toHaveAttribute('aria-valuenow', '438');
  expect((await box(column)).width).toBeCloseTo(438, 0);
  // A double click gives the width it started with.
  await separator.dblclick();
  await expect(separator).toHaveAttribute('aria-valuenow', '448');
});

test('on a phone a chosen lesson is brought into view with the focus on its heading, and nothing floats over the controls (da, dark)', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await usePreferences(page, { language: 'da', theme: 'dark' });
  await logIn(page);
  const course = await courseWith(page, 'Telefonen', [
    { title: LONG_TITLE, lessons: ['Velkommen', 'Løft rigtigt', 'Truckens sikkerhed'] },
    { title: 'Modul 2: Brand og evakuering', lessons: ['Alarmen lyder', 'Samlingssted', 'Slukkere'] },
  ]);
  await page.goto(`/dashboard/courses/${course.id}`);

  // The module's title has the width of its row, not what its buttons leave of it.
  const module = page.getByTestId('outline-module').first();
  const title = module.getByLabel('Titel på modul 1');
  expect((await box(title)).width).toBeGreaterThan((await box(module)).width * 0.7);
  expect(await showsWhole(title)).toBe(true);
  await expect(page.getByRole('separator')).toHaveCount(0);

  await page.getByRole('button', { name: 'Slukkere (Tekst)' }).click();
  const heading = page.getByTestId('lesson-pane').getByRole('heading', { level: 2 });
  await expect(heading).toBeFocused();
  await expect(heading).toBeInViewport();
  await expect(page.getByTestId('lesson-pane').getByLabel('Lektionens titel')).toHaveValue('Slukkere');

  // Nothing is fixed but the top bar, and where the page starts no fixed or sticky control (the bar, the
  // text editor's toolbar) lies over another control. Checked with the lesson in view and at the top.
  const floatingOverlaps = () =>
    page.evaluate(() => {
      const positionOf = (element: Element) => {
        for (let node: Element | null = element; node; node = node.parentElement) {
          const position = getComputedStyle(node).position;
          if (position === 'fixed' || position === 'sticky') return position;
        }
        return null;
      };
      const visible = (element: Element) => {
        const rect = element.getBoundingClientRect();
        return rect.width > 0 && rect.height > 0 && getComputedStyle(element).visibility !== 'hidden';
      };
      const controls = [
        ...document.querySelectorAll('button, a[href], input, textarea, select, [role="separator"], [contenteditable="true"]'),
      ].filter(visible);
      const name = (element: Element) =>
        `${element.tagName.toLowerCase()} "${element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 30)}"`;
      const fixedOutsideBar = controls.filter((element) => positionOf(element) === 'fixed' && !element.closest('header')).map(name);
      const found: string[] = [];
      if (window.scrollY === 0) {
        for (const over of controls.filter((element) => positionOf(element) !== null)) {
          const a = over.getBoundingClientRect();
          for (const under of controls.filter((element) => positionOf(element) === null)) {
            if (under.contains(over) || over.contains(under)) continue;
            const b = under.getBoundingClientRect();
            if (a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom)
              found.push(`${name(over)} over ${name(under)}`);
          }
        }
      }
      return { found, fixedOutsideBar };
    });
  expect(await floatingOverlaps()).toEqual({ found: [], fixedOutsideBar: [] });
  // Scrolled into a long text, the editor's toolbar stays in view below the bar, not under it.
  const textbox = page.getByRole('textbox', { name: 'Lektionstekst: Slukkere' });
  await textbox.click();
  for (let line = 0; line < 30; line++) await page.keyboard.press('Enter');
  await textbox.evaluate((element) => window.scrollBy(0, element.getBoundingClientRect().top + 300));
  const bar = await box(page.locator('header').first());
  const toolbar = await box(page.getByRole('toolbar', { name: /Slukkere/ }));
  expect(toolbar.y).toBeGreaterThanOrEqual(bar.y + bar.height - 1);
  await page.evaluate(() => window.scrollTo(0, 0));
  expect(await floatingOverlaps()).toEqual({ found: [], fixedOutsideBar: [] });
});

// The smallest valid PNG (1×1), and an MP4 (an ftyp box with the isom brand, then an mdat box).
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
function mp4(size: number): Buffer {
  const ftyp = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.from([0, 0, 2, 0]), Buffer.from('isommp42')]);
  const mdat = Buffer.alloc(size - ftyp.length);
  mdat.writeUInt32BE(mdat.length);
  mdat.write('mdat', 4);
  return Buffer.concat([ftyp, mdat]);
}

/** Drags a file over an upload zone and, unless `drop` is false, drops it there, as a file manager would. */
async function dropFile(zone: Locator, file: { name: string; type: string; base64: string }, drop = true) {
  await zone.evaluate(
    (element, { file, drop }) => {
      const bytes = Uint8Array.from(atob(file.base64), (char) => char.charCodeAt(0));
      const data = new DataTransfer();
      data.items.add(new File([bytes], file.name, { type: file.type }));
      const fire = (type: string) => element.dispatchEvent(new DragEvent(type, { dataTransfer: data, bubbles: true, cancelable: true }));
      fire('dragenter');
      fire('dragover');
      if (drop) fire('drop');
    },
    { file, drop },
  );
}

test('the cover is uploaded through the styled field with the file chooser, its progress shown, then the picture (da, light)', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await usePreferences(page, { language: 'da', theme: 'light' });
  await logIn(page);
  const course = await courseWith(page, 'Forsiden', []);
  await page.goto(`/dashboard/courses/${course.id}?tab=settings`);

  const zone = page.getByTestId('upload-zone');
  await expect(zone).toHaveText('Vælg en fil eller træk den hertil');
  // The real input is in the zone for the keyboard and screen readers, named by the field's label.
  const input = page.getByLabel('Upload et billede', { exact: true });
  await expect(input).toHaveAttribute('type', 'file');
  await input.focus();
  await expect(input).toBeFocused();
  expect(await input.evaluate((element) => element.getBoundingClientRect().width)).toBeLessThanOrEqual(1);

  const held = await holdRequests(page, '**/api/uploads');
  const chooser = page.waitForEvent('filechooser');
  await zone.click();
  await (await chooser).setFiles({ name: 'forside.png', mimeType: 'image/png', buffer: PNG });
  const bar = page.getByRole('progressbar', { name: 'Uploader forside.png' });
  await expect(bar).toBeVisible();
  await expect(bar).toHaveAttribute('aria-valuenow', /^\d{1,3}$/);
  await expect(page.getByRole('button', { name: 'Annuller upload' })).toBeVisible();
  const results = await (await settledAxe(page)).analyze();
  expect(results.violations.map((v) => v.id)).toEqual([]);
  held.release();
  await expect(page.getByTestId('thumbnail-preview')).toHaveAttribute('src', /^\/api\/uploads\/[\w-]+$/);
  await expect(page.getByTestId('upload-done')).toHaveText('forside.png er uploadet.');
  await expect(bar).toBeHidden();
});

test('a video is dropped on the styled field, its progress shown, then played; a file of another kind is refused in words (en, dark)', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await usePreferences(page, { language: 'en', theme: 'dark' });
  await logIn(page);
  let course = await courseWith(page, 'Dropping', [{ title: 'Basics', lessons: [] }]);
  const response = await page.request.post(`/api/modules/${course.modules[0]!.id}/lessons`, {
    data: { title: 'Watch first', kind: 'video', version: course.version },
  });
  course = (await response.json()) as TCourse;
  await page.goto(`/dashboard/courses/${course.id}?lesson=${course.modules[0]!.lessons[0]!.id}`);

  const pane = page.getByTestId('lesson-pane');
  const zone = pane.getByTestId('upload-zone');
  await expect(zone).toHaveText('Choose a file or drag it here');
  const video = { name: 'welcome.mp4', type: 'video/mp4', base64: mp4(64 * 1024).toString('base64') };
  await dropFile(zone, video, false);
  await expect(zone).toHaveText('Drop to upload');
  await expect(zone).toHaveAttribute('data-over', 'true');

  const held = await holdRequests(page, '**/api/uploads');
  await dropFile(zone, video);
  const bar = pane.getByRole('progressbar', { name: 'Uploading welcome.mp4' });
  await expect(bar).toBeVisible();
  await expect(bar).toHaveAttribute('aria-valuemax', '100');
  await expect(bar).toHaveAttribute('aria-valuenow', /^\d{1,3}$/);
  const results = await (await settledAxe(page)).analyze();
  expect(results.violations.map((v) => v.id)).toEqual([]);
  held.release();
  await expect(pane.getByTestId('upload-done')).toHaveText('welcome.mp4 is uploaded.');
  await expect(pane.locator('video').first()).toHaveAttribute('src', /^\/api\/uploads\/[\w-]+$/);

  await dropFile(zone, { name: 'notes.txt', type: 'text/plain', base64: Buffer.from('hello').toString('base64') });
  await expect(pane.getByRole('alert')).toHaveText(
    'notes.txt is not a kind of file that can be used here. See which kinds the field takes.',
  );
  await expect(pane.getByLabel('Replace with another video file')).toHaveAttribute('aria-invalid', 'true');
});
