import { createServer as createNetServer } from 'node:net';
import path from 'node:path';
import { settledAxe } from './axe.ts';
import type { Page, Route } from '@playwright/test';
import { createServer, type ViteDevServer } from 'vite';
import { expect, test } from './fixtures.ts';

/**
 * Component-level browser tests of the lesson editors and the learner view. They
 * run the real LessonEditor and LessonView in a harness page (tests/unit/client/lesson-editors/
 * harness) that Vite serves, in Chromium, and check what they write against the zod schemas the
 * server validates with. `POST /api/uploads` is answered by the test (the media API has tests of
 * its own); the builder page's own journey is its spec's business.
 */

const root = path.resolve(import.meta.dirname, '../..');
const HARNESS = '/tests/unit/client/lesson-editors/harness/index.html';
// The smallest valid PNG (1×1), served for uploaded images.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

let vite: ViteDevServer;
let baseUrl: string;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createNetServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

test.beforeAll(async () => {
  const port = await freePort();
  vite = await createServer({
    root,
    configFile: path.join(root, 'vite.config.ts'),
    logLevel: 'error',
    clearScreen: false,
    server: { host: '127.0.0.1', port, strictPort: true, hmr: false },
  });
  await vite.listen();
  baseUrl = `http://127.0.0.1:${port}`;
});

test.afterAll(async () => {
  await vite?.close();
});

type Kind = 'text' | 'video' | 'download' | 'quiz';

async function openHarness(
  page: Page,
  kind: Kind,
  options: { lang?: 'da' | 'en'; theme?: 'dark' | 'light'; content?: unknown; lag?: number } = {},
) {
  const query = new URLSearchParams({ kind, lang: options.lang ?? 'en', theme: options.theme ?? 'dark' });
  if (options.lag) query.set('lag', String(options.lag));
  if (options.content) query.set('content', JSON.stringify(options.content));
  await page.goto(`${baseUrl}${HARNESS}?${query.toString()}`);
  await expect(page.getByRole('heading', { name: `Harness: ${kind}` })).toBeVisible();
}

async function content(page: Page): Promise<Record<string, unknown>> {
  return JSON.parse((await page.getByTestId('content').textContent()) ?? 'null') as Record<string, unknown>;
}

async function expectValid(page: Page) {
  await expect(page.getByTestId('valid')).toHaveAttribute('data-valid', 'true');
}

/** Uploads answered as the media API does ({ id, url, kind, mime, size, originalName }), with the multipart fields checked. */
async function answerUploads(page: Page, files: { id: string; kind: string; mime: string; size: number }[], hold?: Promise<void>) {
  const queue = [...files];
  const seen: string[] = [];
  await page.route('**/api/uploads', async (route: Route) => {
    const request = route.request();
    expect(request.method()).toBe('POST');
    const body = request.postDataBuffer()?.toString('latin1') ?? '';
    const next = queue.shift();
    if (!next) return route.fulfill({ status: 500, body: '' });
    expect(body).toContain('name="courseId"\r\n\r\ncourse-1');
    expect(body).toContain(`name="kind"\r\n\r\n${next.kind}`);
    const name = /name="file"; filename="([^"]+)"/.exec(body)?.[1] ?? '';
    seen.push(name);
    if (hold) await hold;
    await route.fulfill({
      status: 201,
      contentType: 'application/json',
      body: JSON.stringify({
        id: next.id,
        url: `/api/uploads/${next.id}`,
        kind: next.kind,
        mime: next.mime,
        size: next.size,
        originalName: name,
      }),
    });
  });
  await page.route('**/api/uploads/*', (route) =>
    route.request().method() === 'POST' ? route.fallback() : route.fulfill({ status: 200, contentType: 'image/png', body: PNG }),
  );
  return seen;
}

test('the text editor writes every allowed node through a named, keyboard-usable toolbar, and the learner view renders it', async ({
  page,
}) => {
  test.slow();
  await answerUploads(page, [{ id: 'img1', kind: 'image', mime: 'image/png', size: PNG.length }]);
  await openHarness(page, 'text');
  const editorRegion = page.getByRole('region', { name: 'Lesson text: Harness lesson' });
  const toolbar = editorRegion.getByRole('toolbar', { name: 'Formatting for Lesson text: Harness lesson' });
  const textbox = editorRegion.getByRole('textbox', { name: 'Lesson text: Harness lesson' });

  await textbox.click();
  await page.keyboard.type('Getting started');
  const h2 = toolbar.getByRole('button', { name: 'Heading 2' });
  await expect(h2).toHaveAttribute('aria-pressed', 'false');
  await h2.click();
  await expect(h2).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('End');
  await page.keyboard.press('Enter');

  // An image: uploaded to the course, inserted with the text alternative asked for.
  await toolbar.getByRole('button', { name: 'Insert image' }).click();
  const imageDialog = page.getByRole('dialog', { name: 'Insert image' });
  await imageDialog.getByRole('button', { name: 'Upload and insert' }).click();
  await expect(imageDialog.getByText('Choose an image to upload.')).toBeVisible();
  await expect(imageDialog.getByText('Describe the image, or mark it as decorative.')).toBeVisible();
  await imageDialog.getByLabel('Image file').setInputFiles({ name: 'diagram.png', mimeType: 'image/png', buffer: PNG });
  await imageDialog.getByLabel('Text alternative').fill('A diagram of the process');
  await imageDialog.getByRole('button', { name: 'Upload and insert' }).click();
  await expect(imageDialog).toBeHidden();
  await expect(editorRegion.locator('img[src="/api/uploads/img1"]')).toHaveAttribute('alt', 'A diagram of the process');
  await expect(textbox).toBeFocused();
  // Writing goes on after the image (inserted last, it is not left selected for a key to replace).
  await page.keyboard.type('After the image.');
  await expect(editorRegion.locator('img[src="/api/uploads/img1"]')).toBeVisible();
  await expect(textbox.locator('p', { hasText: 'After the image.' })).toBeVisible();
  await page.keyboard.press('Enter');

  // Marks from the keyboard and the toolbar.
  await page.keyboard.press('ControlOrMeta+b');
  await page.keyboard.type('Bold');
  await page.keyboard.press('ControlOrMeta+b');
  await expect(toolbar.getByRole('button', { name: 'Bold' })).toHaveAttribute('aria-pressed', 'false');
  await page.keyboard.type(' and ');
  for (const mark of ['Italic', 'Underline', 'Strikethrough', 'Inline code']) {
    await toolbar.getByRole('button', { name: mark }).click();
    await page.keyboard.type(mark.toLowerCase().replace(' ', ''));
    await toolbar.getByRole('button', { name: mark }).click();
    await page.keyboard.type(' ');
  }

  // Lists, quote, code block, divider.
  await toolbar.getByRole('button', { name: 'Bulleted list' }).click();
  await page.keyboard.type('First point');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Second point');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await toolbar.getByRole('button', { name: 'Numbered list' }).click();
  await page.keyboard.type('Step one');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await toolbar.getByRole('button', { name: 'Quote' }).click();
  await page.keyboard.type('A quotation');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await toolbar.getByRole('button', { name: 'Code block' }).click();
  await page.keyboard.type('npm start');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await toolbar.getByRole('button', { name: 'Divider' }).click();

  // Callouts: one of each kind, toggled on and off with aria-pressed.
  for (const [button, text] of [
    ['Information box', 'Note this'],
    ['Tip box', 'Try this'],
    ['Warning box', 'Mind this'],
  ] as const) {
    await page.keyboard.type(text);
    await toolbar.getByRole('button', { name: button }).click();
    await expect(toolbar.getByRole('button', { name: button })).toHaveAttribute('aria-pressed', 'true');
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await toolbar.getByRole('button', { name: button }).click();
    await expect(toolbar.getByRole('button', { name: button })).toHaveAttribute('aria-pressed', 'false');
  }

  // A line break.
  await page.keyboard.type('Line one');
  await page.keyboard.press('Shift+Enter');
  await page.keyboard.type('line two');
  await page.keyboard.press('Enter');

  // A table: inserted, grown by a row and a column, from the toolbar.
  await textbox.press('ControlOrMeta+End');
  await toolbar.getByRole('button', { name: 'Insert table' }).click();
  await toolbar.getByRole('button', { name: 'Add row below' }).click();
  await toolbar.getByRole('button', { name: 'Add column to the right' }).click();
  await expect(editorRegion.locator('table tr')).toHaveCount(4);
  await expect(editorRegion.locator('table tr').first().locator('th')).toHaveCount(4);
  await toolbar.getByRole('button', { name: 'Delete column' }).click();
  await expect(editorRegion.locator('table tr').first().locator('th')).toHaveCount(3);
  await page.keyboard.type('Name');
  await expect(editorRegion.locator('table th').first()).toHaveText('Name');

  // Keyboard: Alt+F10 reaches the toolbar; arrow keys move along it; one tab stop.
  await textbox.click();
  await page.keyboard.press('Alt+F10');
  const focusedName = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label'));
  const first = await focusedName();
  expect(first).toBeTruthy();
  await page.keyboard.press('ArrowRight');
  expect(await focusedName()).not.toBe(first);
  await page.keyboard.press('Home');
  expect(await focusedName()).toBe('Undo');
  await expect(toolbar.locator('button[tabindex="0"]')).toHaveCount(1);

  // What the editor wrote is what the server accepts, and holds every node kind and mark.
  await expectValid(page);
  const doc = await content(page);
  const types = new Set<string>();
  const marks = new Set<string>();
  const walk = (node: { type: string; content?: unknown[]; marks?: { type: string; attrs?: Record<string, unknown> }[] }) => {
    types.add(node.type);
    for (const mark of node.marks ?? []) marks.add(mark.type);
    for (const child of node.content ?? []) walk(child as never);
  };
  walk(doc as never);
  expect([...types].sort()).toEqual(
    [
      'doc',
      'text',
      'paragraph',
      'heading',
      'bulletList',
      'orderedList',
      'listItem',
      'blockquote',
      'codeBlock',
      'horizontalRule',
      'hardBreak',
      'image',
      'callout',
      'table',
      'tableRow',
      'tableHeader',
      'tableCell',
    ].sort(),
  );
  expect([...marks].sort()).toEqual(['bold', 'code', 'italic', 'strike', 'underline']);

  // The learner's view: each node its own element, the link safe and external.
  const preview = page.getByRole('region', { name: 'Preview as learner' });
  await expect(preview.getByRole('heading', { level: 2, name: 'Getting started' })).toBeVisible();
  await expect(preview.locator('strong', { hasText: 'Bold' })).toBeVisible();
  await expect(preview.getByRole('note', { name: 'Warning' })).toContainText('Mind this');
  await expect(preview.getByRole('note', { name: 'Tip' })).toContainText('Try this');
  await expect(preview.getByRole('img', { name: 'A diagram of the process' })).toBeVisible();
  await expect(preview.locator('pre code')).toHaveText('npm start');
  await expect(preview.locator('table th').first()).toHaveText('Name');
  await expect(preview.locator('table tr')).toHaveCount(4);
  await expect(preview.locator('ul li')).toHaveCount(2);
  await expect(preview.locator('hr')).toHaveCount(1);
});

test('a parent that hands back its older values late (a slow save) never undoes what is being typed', async ({ page }) => {
  await openHarness(page, 'text', { lag: 300 });
  const textbox = page.getByRole('textbox', { name: 'Lesson text: Harness lesson' });
  await textbox.click();
  await page.keyboard.type('Every key stays where it was typed.', { delay: 40 });
  await page.keyboard.press('ControlOrMeta+b');
  await page.keyboard.type(' Bold too', { delay: 40 });
  // Once every late value has come back, the text is whole and the parent holds the same.
  await expect.poll(async () => JSON.stringify((await content(page)).content)).toContain('Bold too');
  await expect(textbox).toHaveText('Every key stays where it was typed. Bold too');
  await expect(textbox.locator('strong')).toHaveText(' Bold too');
  expect(JSON.stringify(await content(page))).toContain('Every key stays where it was typed.');
});

test('links are added through a dialog that refuses unsafe addresses, and open safely for the learner', async ({ page }) => {
  await openHarness(page, 'text');
  const textbox = page.getByRole('textbox', { name: 'Lesson text: Harness lesson' });
  await textbox.click();
  await page.keyboard.type('Read ');
  // A link through the dialog: an unsafe address is refused, a bare domain becomes https.
  await page.keyboard.press('ControlOrMeta+k');
  const linkDialog = page.getByRole('dialog', { name: 'Add link' });
  await linkDialog.getByLabel('Web address').fill('javascript:alert(1)');
  await linkDialog.getByLabel('Link text').fill('the guide');
  await linkDialog.getByRole('button', { name: 'Save link' }).click();
  await expect(linkDialog.getByText(/Enter a web address starting with https/)).toBeVisible();
  await linkDialog.getByLabel('Web address').fill('example.com/guide');
  await linkDialog.getByRole('button', { name: 'Save link' }).click();
  await expect(linkDialog).toBeHidden();
  await expect(textbox).toBeFocused();
  await page.keyboard.press('Enter');

  await page.keyboard.type('Next line');
  await expectValid(page);
  const json = JSON.stringify(await content(page));
  expect(json).toContain('"href":"https://example.com/guide"');
  expect(json).not.toContain('javascript:');
  const link = page.getByRole('region', { name: 'Preview as learner' }).getByRole('link', { name: 'the guide' });
  await expect(link).toHaveAttribute('href', 'https://example.com/guide');
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer');

  // Editing the link under the cursor: the dialog shows its address and can remove it.
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('End');
  await page.keyboard.press('ArrowLeft');
  // The browser moves the caret; the editor learns of it from the asynchronous selectionchange
  // event. Its toolbar says 'Edit link' once it has (a Ctrl+K before that opened 'Add link': a flake).
  await expect(page.getByRole('toolbar').getByRole('button', { name: 'Edit link' })).toBeVisible();
  await page.keyboard.press('ControlOrMeta+k');
  const editDialog = page.getByRole('dialog', { name: 'Edit link' });
  await expect(editDialog.getByLabel('Web address')).toHaveValue('https://example.com/guide');
  await editDialog.getByRole('button', { name: 'Remove link' }).click();
  await expect(editDialog).toBeHidden();
  await expect(page.getByRole('region', { name: 'Preview as learner' }).getByRole('link')).toHaveCount(0);
  await expectValid(page);
});

test('a pasted image from another site and a pasted javascript: link never reach the content', async ({ page }) => {
  await openHarness(page, 'text');
  const textbox = page.getByRole('textbox', { name: 'Lesson text: Harness lesson' });
  await textbox.click();
  await page.evaluate(() => {
    const data = new DataTransfer();
    data.setData(
      'text/html',
      '<p>Pasted <a href="javascript:alert(1)">bad link</a> <a href="https://ok.example">good link</a></p><img src="https://evil.example/x.png" alt="x"><h1>Big</h1><pre><code class="language-c.d">x</code></pre>',
    );
    data.setData('text/plain', 'Pasted');
    document
      .querySelector('.ProseMirror')
      ?.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  });
  await expect(page.getByTestId('content')).toContainText('good link');
  await expectValid(page);
  const json = JSON.stringify(await content(page));
  expect(json).not.toContain('javascript:');
  expect(json).not.toContain('evil.example');
  expect(json).toContain('https://ok.example');
  expect(json).not.toContain('"level":1');
});

test('the video editor uploads with progress and cancel, or embeds a YouTube address', async ({ page }) => {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const seen = await answerUploads(
    page,
    [
      { id: 'vid0', kind: 'video', mime: 'video/mp4', size: 4096 },
      { id: 'vid1', kind: 'video', mime: 'video/mp4', size: 4096 },
    ],
    held,
  );
  await openHarness(page, 'video');
  const file = { name: 'intro.mp4', mimeType: 'video/mp4', buffer: Buffer.alloc(4096, 1) };

  // Started, shown in progress, then cancelled: nothing is stored.
  await page.getByLabel('Video file', { exact: true }).setInputFiles(file);
  await expect(page.getByRole('progressbar', { name: 'Uploading intro.mp4' })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel upload' }).click();
  await expect(page.getByRole('progressbar')).toBeHidden();
  expect((await content(page)).video).toBeNull();

  // Again, to the end this time.
  release();
  await page.getByLabel('Video file', { exact: true }).setInputFiles(file);
  await expect(page.locator('video')).toHaveCount(2);
  expect(seen).toContain('intro.mp4');
  expect((await content(page)).video).toEqual({ source: 'upload', uploadId: 'vid1' });
  await expectValid(page);
  await expect(page.getByRole('region', { name: 'Preview as learner' }).locator('video')).toHaveAttribute('src', '/api/uploads/vid1');

  // A YouTube address instead: refused until it is one, then played from youtube-nocookie.
  await page.getByRole('radio', { name: 'YouTube or Vimeo link' }).check();
  const url = page.getByLabel('YouTube or Vimeo address');
  await url.fill('https://example.com/watch?v=abc');
  await page.getByRole('button', { name: 'Use video' }).click();
  await expect(page.getByText('This is not a YouTube or Vimeo video address.')).toBeVisible();
  await url.fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
  await page.getByRole('button', { name: 'Use video' }).click();
  expect((await content(page)).video).toEqual({ source: 'embed', url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' });
  const frame = page.getByRole('region', { name: 'Preview as learner' }).locator('iframe');
  await expect(frame).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
  await expect(frame).toHaveAttribute('title', 'Lesson video');

  // Notes are the text editor.
  await page.getByRole('textbox', { name: 'Notes for the learner' }).click();
  await page.keyboard.type('Watch the first two minutes.');
  await expectValid(page);
  expect(JSON.stringify((await content(page)).notes)).toContain('Watch the first two minutes.');
});

test('the download editor uploads files, titles, reorders and removes them; the learner gets links with sizes', async ({ page }) => {
  await answerUploads(page, [
    { id: 'dl1', kind: 'download', mime: 'application/pdf', size: 153_600 },
    { id: 'dl2', kind: 'download', mime: 'application/zip', size: 2_500_000 },
    { id: 'dl3', kind: 'download', mime: 'application/pdf', size: 900 },
  ]);
  await openHarness(page, 'download');
  await page.getByLabel('Add files').setInputFiles([
    { name: 'handout.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4') },
    { name: 'exercises_2024.zip', mimeType: 'application/zip', buffer: Buffer.from('PK') },
    { name: 'spare.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4') },
  ]);
  await expect(page.getByLabel('Title of file 3')).toHaveValue('spare');
  await expect(page.getByLabel('Title of file 2')).toHaveValue('exercises 2024');
  await page.getByLabel('Title of file 1').fill('Course handout');
  await page.getByRole('button', { name: 'Move Course handout down' }).click();
  await page.getByRole('button', { name: 'Remove spare' }).click();
  await expectValid(page);
  expect((await content(page)).files).toEqual([
    { uploadId: 'dl2', title: 'exercises 2024', size: 2_500_000 },
    { uploadId: 'dl1', title: 'Course handout', size: 153_600 },
  ]);
  const list = page.getByRole('region', { name: 'Preview as learner' }).getByRole('list', { name: 'Files to download' });
  await expect(list.getByRole('link')).toHaveCount(2);
  const handout = list.getByRole('link', { name: /Course handout/ });
  await expect(handout).toHaveAttribute('href', '/api/uploads/dl1');
  await expect(handout).toContainText('154 kB');
  await expect(list.getByRole('link', { name: /exercises 2024/ })).toContainText('2.5 MB');
});

test('the quiz editor builds every question type, flags missing answers inline, and the learner view hides the key', async ({ page }) => {
  test.slow();
  await openHarness(page, 'quiz');
  await page.getByLabel('Pass mark').fill('80');
  await page.getByLabel('Unlimited attempts').click();

  // Single choice: added, flagged until an option is marked correct.
  await page.getByRole('button', { name: 'Add question' }).click();
  await expect(page.getByLabel('Question', { exact: true })).toBeFocused();
  await page.keyboard.type('Which colour is the sky?');
  const q1 = page.getByRole('region', { name: /Question 1/ });
  await q1.getByLabel('Option 1', { exact: true }).fill('Blue');
  await q1.getByLabel('Option 2', { exact: true }).fill('Green');
  await q1.getByLabel('Feedback for option 2').fill('Only in paintings.');
  await expect(page.getByRole('status')).toContainText('1 question has no correct answer (question 1)');
  await expect(q1.getByText('No option is marked as correct.')).toBeVisible();
  await q1.getByRole('radio', { name: 'Blue is correct' }).check();
  await expect(q1.getByText('No option is marked as correct.')).toBeHidden();
  await q1.getByLabel('Hint').fill('Look up.');
  await q1.getByLabel('Explanation').fill('Rayleigh scattering.');

  // True/false: two fixed options, exactly one correct.
  await page.getByLabel('Type of new question').selectOption('true_false');
  await page.getByRole('button', { name: 'Add question' }).click();
  await page.keyboard.type('Water boils at 100 °C at sea level.');
  const q2 = page.getByRole('region', { name: /Question 2/ });
  await expect(q2.getByLabel('Option 1', { exact: true })).toHaveValue('True');
  await expect(q2.getByLabel('Option 2', { exact: true })).toHaveJSProperty('readOnly', true);
  await expect(q2.getByRole('button', { name: 'Add option' })).toHaveCount(0);

  // Short answer: flagged until it has an accepted answer.
  await page.getByLabel('Type of new question').selectOption('short_answer');
  await page.getByRole('button', { name: 'Add question' }).click();
  await page.keyboard.type('What is the capital of Denmark?');
  const q3 = page.getByRole('region', { name: /Question 3/ });
  await expect(q3.getByText('Add at least one accepted answer.')).toBeVisible();
  await q3.getByLabel('Accepted answer 1', { exact: true }).fill('Copenhagen');
  await q3.getByRole('button', { name: 'Add accepted answer' }).click();
  await expect(q3.getByLabel('Accepted answer 2', { exact: true })).toBeFocused();
  await page.keyboard.type('København');

  // Multiple choice: three options, two correct; one option moved up.
  await page.getByLabel('Type of new question').selectOption('multiple');
  await page.getByRole('button', { name: 'Add question' }).click();
  await page.keyboard.type('Which are primes?');
  const q4 = page.getByRole('region', { name: /Question 4/ });
  await q4.getByRole('button', { name: 'Add option' }).click();
  await expect(q4.getByLabel('Option 3', { exact: true })).toBeFocused();
  await q4.getByLabel('Option 1', { exact: true }).fill('2');
  await q4.getByLabel('Option 2', { exact: true }).fill('4');
  await q4.getByLabel('Option 3', { exact: true }).fill('7');
  await q4.getByRole('checkbox', { name: '2 is correct' }).click();
  await q4.getByRole('checkbox', { name: '7 is correct' }).click();
  await q4.getByRole('button', { name: 'Move 7 up' }).click();
  await expect(q4.getByLabel('Option 2', { exact: true })).toHaveValue('7');

  // Reorder and remove questions.
  await page.getByRole('button', { name: 'Move question 4 up' }).click();
  await page.getByRole('button', { name: 'Delete question 2' }).click();
  await expect(page.getByRole('status')).toBeEmpty();

  await expectValid(page);
  const quiz = (await content(page)) as {
    passMark: number;
    maxAttempts: number | null;
    questions: { type: string; prompt: string; options: { text: string; correct: boolean }[]; acceptedAnswers: string[] }[];
  };
  expect(quiz.passMark).toBe(80);
  expect(quiz.maxAttempts).toBeNull();
  expect(quiz.questions.map((q) => q.type)).toEqual(['single', 'multiple', 'short_answer']);
  expect(quiz.questions[1]?.options.map((o) => [o.text, o.correct])).toEqual([
    ['2', true],
    ['7', true],
    ['4', false],
  ]);
  expect(quiz.questions[2]?.acceptedAnswers).toEqual(['Copenhagen', 'København']);

  // The learner sees questions and options, and nothing that gives the answers away.
  const preview = page.getByRole('region', { name: 'Preview as learner' });
  await expect(preview.getByRole('group', { name: /Which colour is the sky\?/ }).getByRole('radio')).toHaveCount(2);
  await expect(preview.getByRole('group', { name: /Which are primes\?/ }).getByRole('checkbox')).toHaveCount(3);
  await expect(preview.getByRole('textbox', { name: 'Your answer' })).toBeVisible();
  await expect(preview).not.toContainText('Only in paintings.');
  await expect(preview).not.toContainText('Rayleigh');
  await expect(preview).not.toContainText('Copenhagen');
  await expect(preview.getByText('Look up.')).toBeHidden();
  await preview.getByRole('button', { name: 'Show hint' }).click();
  await expect(preview.getByText('Look up.')).toBeVisible();
  const html = await preview.innerHTML();
  expect(html).not.toMatch(/\bchecked\b|Only in paintings|Rayleigh|Copenhagen/);
  await expect(preview.locator('input:checked')).toHaveCount(0);
});

test('the editors speak Danish', async ({ page }) => {
  await openHarness(page, 'text', { lang: 'da' });
  const toolbar = page.getByRole('toolbar', { name: 'Formatering af Lektionstekst: Harness lesson' });
  for (const name of ['Fed', 'Kursiv', 'Overskrift 2', 'Punktopstilling', 'Indsæt billede', 'Indsæt tabel', 'Advarselsboks']) {
    await expect(toolbar.getByRole('button', { name })).toBeVisible();
  }
  await openHarness(page, 'quiz', { lang: 'da' });
  await page.getByRole('button', { name: 'Tilføj spørgsmål' }).click();
  await expect(page.getByRole('status')).toContainText('1 spørgsmål mangler et rigtigt svar');
});

for (const theme of ['dark', 'light'] as const) {
  test(`the editors and the learner view pass axe in the ${theme} theme`, async ({ page }) => {
    const sample = {
      passMark: 70,
      maxAttempts: 3,
      questions: [
        {
          id: 'q1',
          type: 'single',
          prompt: 'Pick one',
          hint: 'A hint',
          explanation: '',
          options: [
            { id: 'o1', text: 'A', correct: false, feedback: '' },
            { id: 'o2', text: 'B', correct: false, feedback: '' },
          ],
          acceptedAnswers: [],
        },
      ],
    };
    await openHarness(page, 'quiz', { theme, content: sample });
    await expect(page.getByRole('status')).toContainText('1 question has no correct answer');
    const quizResults = await (await settledAxe(page)).include('main').exclude('[data-testid="content"]').analyze();
    expect(quizResults.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

    const doc = {
      type: 'doc',
      content: [
        { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'Title' }] },
        {
          type: 'paragraph',
          content: [
            { type: 'text', text: 'A ' },
            { type: 'text', text: 'link', marks: [{ type: 'link', attrs: { href: 'https://example.com' } }] },
          ],
        },
        ...(['info', 'tip', 'warning'] as const).map((variant) => ({
          type: 'callout',
          attrs: { variant },
          content: [{ type: 'paragraph', content: [{ type: 'text', text: `A ${variant}` }] }],
        })),
        { type: 'blockquote', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Quoted' }] }] },
        { type: 'codeBlock', content: [{ type: 'text', text: 'code' }] },
      ],
    };
    await openHarness(page, 'text', { theme, content: doc });
    const textResults = await (await settledAxe(page)).include('main').exclude('[data-testid="content"]').analyze();
    expect(textResults.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
}
