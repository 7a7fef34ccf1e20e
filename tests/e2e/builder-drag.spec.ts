import type { Page } from '@playwright/test';
import type { TCourse } from '../../src/shared/schemas/courses.ts';
import { expect, test } from './fixtures.ts';
import { logIn } from './ui-helpers.ts';

/**
 * The builder's outline loads dnd-kit only when someone reaches for it (the pointer over its lists,
 * focus in them, a press on a drag handle). Until then it is all there and the move buttons work;
 * what was typed, focused or pressed meanwhile is kept when dragging arrives.
 */

async function courseWithTwoModules(page: Page): Promise<TCourse> {
  let response = await page.request.post('/api/courses', { data: { title: 'Træk og slip' } });
  expect(response.status(), await response.text()).toBe(201);
  let course = (await response.json()) as TCourse;
  for (const [module, lesson] of [
    ['Første', 'Lektion A'],
    ['Anden', 'Lektion B'],
  ] as const) {
    response = await page.request.post(`/api/courses/${course.id}/modules`, { data: { title: module, version: course.version } });
    expect(response.status(), await response.text()).toBeLessThan(300);
    course = (await response.json()) as TCourse;
    response = await page.request.post(`/api/modules/${course.modules.at(-1)!.id}/lessons`, {
      data: { title: lesson, kind: 'text', version: course.version },
    });
    expect(response.status(), await response.text()).toBeLessThan(300);
    course = (await response.json()) as TCourse;
  }
  return course;
}

/** Holds back the drag code's chunk until `release()`, and counts the times it is asked for. */
async function holdDragChunk(page: Page) {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  const requests: string[] = [];
  await page.route(/\/assets\/outline-drag-[\w-]+\.js$/, async (route) => {
    requests.push(route.request().url());
    await released;
    await route.continue();
  });
  return { requests, release };
}

/** Logs in, opens a new course of two modules in the builder with the drag code's chunk held back. */
async function openWithDragChunkHeld(page: Page) {
  await logIn(page);
  const course = await courseWithTwoModules(page);
  const chunk = await holdDragChunk(page);
  await page.goto(`/dashboard/courses/${course.id}`);
  const modules = page.getByTestId('outline-module');
  await expect(modules).toHaveCount(2);
  return { chunk, modules };
}

const saved = (page: Page) => expect(page.getByTestId('save-status')).toHaveAttribute('data-status', 'saved', { timeout: 20_000 });
/** dnd-kit's hidden instructions: rendered by its DndContext, so there once the drag layer is. */
const dragLayer = (page: Page) => page.locator('[id^="DndDescribedBy"]');

test('the outline is there without dnd-kit until the pointer reaches it, its move buttons work meanwhile, and dragging by pointer after', async ({
  page,
}) => {
  await logIn(page);
  const course = await courseWithTwoModules(page);
  const scripts: Promise<{ url: string; text: string }>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    scripts.push(response.text().then((text) => ({ url: response.url(), text })));
  });
  await page.goto(`/dashboard/courses/${course.id}`);
  const modules = page.getByTestId('outline-module');
  await expect(modules).toHaveCount(2);
  await page.waitForLoadState('networkidle');

  // The handles are there, labelled and described, and no script so far holds dnd-kit.
  const handle = page.getByRole('button', { name: 'Træk modulet Anden' });
  await expect(handle).toHaveAttribute('aria-describedby', 'outline-dnd-instructions');
  await expect(handle).toHaveAttribute('aria-roledescription', 'sortable');
  await expect(page.locator('#outline-dnd-instructions')).toHaveText(/mellemrum/i);
  const loaded = await Promise.all(scripts);
  expect(loaded.length).toBeGreaterThan(0);
  const withDndKit = loaded.filter((script) => script.url.includes('/outline-drag-') || script.text.includes('DndDescribedBy'));
  expect(withDndKit.map((script) => script.url)).toEqual([]);
  const chunk = await holdDragChunk(page);

  // The move button works while dnd-kit is still on its way (the pointer on its way there asked for it).
  await page.getByRole('button', { name: 'Flyt Anden op' }).click();
  await expect(page.getByTestId('outline-announcement')).toHaveText('Anden er nu modul 1 af 2.');
  await expect(page.getByLabel('Titel på modul 1')).toHaveValue('Anden');
  expect(chunk.requests).toHaveLength(1);
  await expect(dragLayer(page)).toHaveCount(0);
  await saved(page);

  // Once it is there, the pointer drags: the module goes back below the other.
  chunk.release();
  await expect(dragLayer(page)).toHaveCount(1);
  const from = (await handle.boundingBox())!;
  const to = (await page.getByRole('button', { name: 'Træk modulet Første' }).boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  for (let step = 1; step <= 10; step++) {
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 + ((to.y - from.y + to.height) * step) / 10);
  }
  await page.mouse.up();
  await expect(page.getByLabel('Titel på modul 1')).toHaveValue('Første');
  await expect(page.getByTestId('outline-drag-announcement')).toHaveText('Anden er sluppet. Anden er nu modul 2 af 2.');
  await saved(page);
  expect(chunk.requests).toHaveLength(1);
});

test('a keyboard pick-up pressed before dnd-kit arrives is kept: Space on a handle reached by Tab, then ArrowUp and Space', async ({
  page,
}) => {
  const { chunk, modules } = await openWithDragChunkHeld(page);

  // The first module's last control, then Tab: the second module's drag handle.
  await modules.first().getByRole('button', { name: 'Tilføj lektion' }).focus();
  await page.keyboard.press('Tab');
  const handle = page.getByRole('button', { name: 'Træk modulet Anden' });
  await expect(handle).toBeFocused();
  await page.keyboard.press('Space');
  await expect.poll(() => chunk.requests.length).toBe(1);
  await expect(dragLayer(page)).toHaveCount(0);

  chunk.release();
  const live = page.getByTestId('outline-drag-announcement');
  // Picked up (dnd-kit then says where it is, as after any pick-up).
  await expect(handle).toHaveAttribute('aria-pressed', 'true');
  await expect(live).toHaveText('Anden er nu modul 2 af 2.');
  await page.keyboard.press('ArrowUp');
  await expect(live).toHaveText('Anden er nu modul 1 af 2.');
  await page.keyboard.press('Space');
  await expect(live).toHaveText('Anden er sluppet. Anden er nu modul 1 af 2.');
  await expect(page.getByLabel('Titel på modul 1')).toHaveValue('Anden');
  await expect(handle).toBeFocused();
  await saved(page);
});

test('a whole keyboard move pressed before dnd-kit arrives is carried out once it has', async ({ page }) => {
  const { chunk } = await openWithDragChunkHeld(page);

  const handle = page.getByRole('button', { name: 'Træk modulet Anden' });
  await handle.focus();
  for (const key of ['Space', 'ArrowUp', 'Space']) await page.keyboard.press(key);
  await expect(page.getByLabel('Titel på modul 1')).toHaveValue('Første');

  chunk.release();
  await expect(page.getByTestId('outline-drag-announcement')).toHaveText('Anden er sluppet. Anden er nu modul 1 af 2.');
  await expect(page.getByLabel('Titel på modul 1')).toHaveValue('Anden');
  await expect(handle).not.toHaveAttribute('aria-pressed', 'true');
  await expect(handle).toBeFocused();
  await saved(page);
});

test('what is typed in the outline, and where the caret is, stay as dnd-kit arrives', async ({ page }) => {
  const { chunk, modules } = await openWithDragChunkHeld(page);

  // A new lesson's kind and title, the caret put back three letters; focus in the lists asked for dnd-kit.
  await modules.nth(1).getByLabel('Type').selectOption('quiz');
  const title = modules.nth(1).getByLabel('Ny lektion');
  await title.focus();
  await page.keyboard.type('Lytte aktivt');
  for (let left = 0; left < 3; left++) await page.keyboard.press('ArrowLeft');
  await expect.poll(() => chunk.requests.length).toBe(1);

  // It arrives, and the pointer passes over the outline.
  chunk.release();
  await expect(dragLayer(page)).toHaveCount(1);
  await modules.first().hover();
  await expect(title).toHaveValue('Lytte aktivt');
  await expect(title).toBeFocused();
  expect(await title.evaluate((input: HTMLInputElement) => [input.selectionStart, input.selectionEnd])).toEqual([9, 9]);
  await expect(modules.nth(1).getByLabel('Type')).toHaveValue('quiz');
  // Typing goes on where it left off.
  await page.keyboard.type('X');
  await expect(title).toHaveValue('Lytte aktXivt');
});

test('a lesson dragged by pointer into an empty module lands there once, and stays after a reload', async ({ page }) => {
  await logIn(page);
  let response = await page.request.post('/api/courses', { data: { title: 'Tomt modul' } });
  let course = (await response.json()) as TCourse;
  response = await page.request.post(`/api/courses/${course.id}/modules`, { data: { title: 'Første', version: course.version } });
  course = (await response.json()) as TCourse;
  response = await page.request.post(`/api/modules/${course.modules[0]!.id}/lessons`, {
    data: { title: 'Lektion A', kind: 'text', version: course.version },
  });
  course = (await response.json()) as TCourse;
  response = await page.request.post(`/api/courses/${course.id}/modules`, { data: { title: 'Tom', version: course.version } });
  expect(response.status(), await response.text()).toBeLessThan(300);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));

  await page.goto(`/dashboard/courses/${course.id}`);
  const modules = page.getByTestId('outline-module');
  await expect(modules).toHaveCount(2);
  await modules.first().hover();
  await expect(dragLayer(page)).toHaveCount(1);
  // While the lesson passes into the empty module, the module it left is empty in turn: it stays put.
  const from = (await page.getByRole('button', { name: 'Træk lektionen Lektion A' }).boundingBox())!;
  const to = (await modules.nth(1).boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  for (let step = 1; step <= 20; step++) {
    await page.mouse.move(
      from.x + from.width / 2,
      from.y + from.height / 2 + ((to.y + to.height / 2 - from.y - from.height / 2) * step) / 20,
    );
  }
  await page.mouse.up();
  const lessonsIn = (module: number) => modules.nth(module).getByTestId('outline-lesson');
  await expect(lessonsIn(1)).toHaveText([/Lektion A/]);
  await expect(lessonsIn(0)).toHaveCount(0);
  await saved(page);
  expect(errors).toEqual([]);
  await page.reload();
  await expect(lessonsIn(1)).toHaveText([/Lektion A/]);
  await expect(lessonsIn(0)).toHaveCount(0);
});

test('a lesson moved into the module below by keyboard keeps the focus on its handle', async ({ page }) => {
  await logIn(page);
  const course = await courseWithTwoModules(page);
  await page.goto(`/dashboard/courses/${course.id}`);
  const modules = page.getByTestId('outline-module');
  await expect(modules).toHaveCount(2);
  const handle = page.getByRole('button', { name: 'Træk lektionen Lektion A' });
  await handle.focus();
  await expect(dragLayer(page)).toHaveCount(1);
  const live = page.getByTestId('outline-drag-announcement');
  await page.keyboard.press('Space');
  await expect(handle).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('ArrowDown');
  await expect(modules.nth(1).getByTestId('outline-lesson')).toHaveCount(2);
  await page.keyboard.press('Space');
  await expect(live).toHaveText(/^Lektion A er sluppet\./);
  await expect(modules.nth(1).getByTestId('outline-lesson').filter({ hasText: 'Lektion A' })).toHaveCount(1);
  await expect(modules.first().getByTestId('outline-lesson')).toHaveCount(0);
  await expect(handle).toBeFocused();
  // The saved order replaces the one shown, and the handle stays where it is, with the focus.
  await saved(page);
  await expect(handle).toBeFocused();
});

test('keys pressed quickly after a pick-up, with dnd-kit already there, wait for it to measure the outline', async ({ page }) => {
  await logIn(page);
  const course = await courseWithTwoModules(page);
  await page.goto(`/dashboard/courses/${course.id}`);
  const handle = page.getByRole('button', { name: 'Træk modulet Anden' });
  await handle.focus();
  await expect(dragLayer(page)).toHaveCount(1);
  // Space, ArrowUp and Space sent at once: dnd-kit has not measured the outline when the arrow comes.
  const keyboard = page.keyboard;
  await Promise.all(['Space', 'ArrowUp', 'Space'].flatMap((key) => [keyboard.down(key), keyboard.up(key)]));
  await expect(page.getByTestId('outline-drag-announcement')).toHaveText('Anden er sluppet. Anden er nu modul 1 af 2.');
  await expect(page.getByLabel('Titel på modul 1')).toHaveValue('Anden');
  await expect(handle).toBeFocused();
  await saved(page);
});
