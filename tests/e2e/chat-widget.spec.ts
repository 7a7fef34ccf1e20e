import { settledAxe } from './axe.ts';
import type { Browser, BrowserContext, Page, Request } from '@playwright/test';
import type { TCourse } from '../../src/shared/schemas/courses.ts';
import { answer } from '../helpers/fake-openai.ts';
import { fakeAi } from './fake-ai.ts';
import { expect, test } from './fixtures.ts';
import { mailCount, nextMailTo } from './mailbox.ts';
import { publishCourse } from './published-course.ts';
import { uniqueEmail } from './support.ts';
import { registerThroughApi, usePreferences } from './ui-helpers.ts';

// The chat widget on every page, against the e2e server's fake OpenAI-compatible
// provider: opening and closing by keyboard, a reply streaming in and announced once, Stop and
// Retry, the fixed apology when a reply fails, sanitised markdown, stored conversations, the openAIChat event, the
// course player's context, a visitor's sign-in prompt, both languages and both themes.

const DA = {
  open: 'Åbn AI-chatten',
  panel: 'AI-assistent',
  message: 'Besked',
  send: 'Send',
  stop: 'Stop svaret',
  retry: 'Prøv igen',
  close: 'Luk chatten',
};
const EN = {
  open: 'Open the AI chat',
  panel: 'AI assistant',
  message: 'Message',
  send: 'Send',
  stop: 'Stop the reply',
  retry: 'Retry',
  close: 'Close the chat',
};
const APOLOGY_EN = "I apologise, but I'm having trouble responding right now. Please try again later.";
const APOLOGY_DA = 'Beklager, men jeg har problemer med at svare lige nu. Prøv igen senere.';

const launcher = (page: Page, words = DA) => page.getByRole('button', { name: words.open });
const panel = (page: Page, words = DA) => page.getByRole('dialog', { name: words.panel });
// In either language.
const replies = (page: Page) => page.getByTestId('chat-panel').getByTestId('chat-reply');
const log = (page: Page) => page.getByTestId('chat-panel').getByRole('log');

// One company for the whole spec (registrations are throttled per address: 20 an hour), and a new
// member of it for each test, so each test has its own conversations.
let company: { context: BrowserContext; admin: Page } | undefined;
test.beforeAll(async ({ browser }) => {
  const context = await browser.newContext({ locale: 'da-DK' });
  const admin = await context.newPage();
  await registerThroughApi(admin, uniqueEmail('chat-company'), 'chat-admin-pass-1');
  company = { context, admin };
});
test.afterAll(async () => {
  await company?.context.close();
});

/** A new member of the spec's company (an instructor, or an admin), invited and signed in on `page`. */
async function signedIn(page: Page, prefix: string, role: 'instructor' | 'admin' = 'instructor'): Promise<void> {
  const email = uniqueEmail(prefix);
  const before = mailCount();
  const invited = await company!.admin.request.post('/api/invitations', { data: { email, role } });
  expect(invited.status(), await invited.text()).toBe(201);
  const token = /\/invite\/([\w-]+)/.exec((await nextMailTo(email, before)).text)![1]!;
  const accepted = await page.request.post(`/api/invitations/${token}/accept`, {
    data: { contactName: 'Chat Bruger', password: 'chat-pass-123', confirmPassword: 'chat-pass-123' },
  });
  expect(accepted.status(), await accepted.text()).toBe(201);
}

async function openPanel(page: Page, words = DA) {
  await launcher(page, words).click();
  await expect(panel(page, words)).toBeVisible();
  return panel(page, words);
}

/** The next POST /api/chat the page makes, with its body. */
function nextChat(page: Page): Promise<Request> {
  return page.waitForRequest((request) => request.url().endsWith('/api/chat') && request.method() === 'POST');
}

async function expectNoAxeViolations(page: Page): Promise<void> {
  const results = await (await settledAxe(page)).include('[data-testid="chat-panel"]').analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} ${n.failureSummary ?? ''}`).join(', ')}`),
  ).toEqual([]);
}

test.beforeEach(async () => {
  await fakeAi.reset();
});

test('the launcher opens the panel with the focus inside; Enter sends, Shift+Enter makes a line; Escape closes and the focus returns (da, light)', async ({
  page,
}) => {
  await usePreferences(page, { language: 'da', theme: 'light' });
  await signedIn(page, 'chat-keys');
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // Keyboard only: the launcher is a named button in the page's tab order.
  await launcher(page).focus();
  await page.keyboard.press('Enter');
  const chat = panel(page);
  await expect(chat).toBeVisible();
  const box = chat.getByRole('textbox', { name: DA.message });
  await expect(box).toBeFocused();
  await expect(chat.getByLabel('Assistent')).toHaveValue('learning-coach');
  await expect(chat.getByText('Spørg Learning Coach om noget.')).toBeVisible();
  // Blank is not sent.
  await expect(chat.getByRole('button', { name: DA.send })).toBeDisabled();
  await page.keyboard.type('   ');
  await page.keyboard.press('Enter');
  await expect(chat.getByTestId('chat-user')).toHaveCount(0);

  await fakeAi.script(answer.text('En læringsplan beskriver **mål**, forløb og øvelser.'));
  await box.fill('');
  await page.keyboard.type('Hvad er en læringsplan?');
  await page.keyboard.press('Shift+Enter');
  await page.keyboard.type('Kort, tak.');
  await expect(box).toHaveValue('Hvad er en læringsplan?\nKort, tak.');
  const sent = nextChat(page);
  await page.keyboard.press('Enter');
  const request = await sent;
  expect(request.postDataJSON()).toEqual({
    message: 'Hvad er en læringsplan?\nKort, tak.',
    conversationHistory: [],
    aiService: 'learning-coach',
    save: true,
  });
  expect(request.headers()['accept-language']).toBe('da');
  expect(request.headers()['accept']).toBe('text/event-stream');
  await expect(box).toHaveValue('');
  await expect(chat.getByTestId('chat-user')).toHaveText('Du: Hvad er en læringsplan?\nKort, tak.');
  await expect(replies(page)).toContainText('Learning Coach: En læringsplan beskriver mål, forløb og øvelser.');
  await expect(replies(page).locator('strong')).toHaveText('mål');
  await expectNoAxeViolations(page);

  await page.keyboard.press('Escape');
  await expect(chat).toBeHidden();
  await expect(launcher(page)).toBeFocused();
  // Reopened, the conversation is still there; the close button closes too.
  await page.keyboard.press('Enter');
  await expect(replies(page)).toHaveCount(1);
  await panel(page).getByRole('button', { name: DA.close }).click();
  await expect(panel(page)).toBeHidden();
  await expect(launcher(page)).toBeFocused();
});

test('a reply streams in piece by piece and is announced once; Stop keeps the text so far; Retry writes it anew', async ({ page }) => {
  await usePreferences(page, { language: 'da' });
  await signedIn(page, 'chat-stream');
  await page.goto('/courses');
  const chat = await openPanel(page);

  const long = Array.from({ length: 30 }, (_, i) => `Sætning nummer ${i + 1} om sikkerhed på lageret.`).join(' ');
  await fakeAi.script(answer.text(long, { chunkDelayMs: 150 }));
  await chat.getByRole('textbox', { name: DA.message }).fill('Fortæl om sikkerhed');
  await chat.getByRole('button', { name: DA.send }).click();
  const writing = chat.getByTestId('chat-writing');
  await expect(writing).toContainText('Sætning nummer 1 ');
  // Written so far, not yet all of it; the live region has only the question until the reply ends.
  await expect(writing).not.toContainText('Sætning nummer 30');
  await expect(log(page)).toHaveAttribute('aria-live', 'polite');
  await expect(log(page)).not.toContainText('Sætning nummer 1 ');
  await expect(chat.getByRole('button', { name: DA.send })).toBeDisabled();
  await expect(writing).toHaveCount(0, { timeout: 20_000 });
  await expect(log(page)).toContainText('Sætning nummer 30 om sikkerhed på lageret.');

  // A slow reply, stopped half way: the text so far stays, marked stopped.
  await fakeAi.script(answer.text(long, { chunkDelayMs: 300 }));
  await chat.getByRole('textbox', { name: DA.message }).fill('Og en gang til');
  await chat.getByRole('textbox', { name: DA.message }).press('Enter');
  await expect(writing).toContainText('Sætning nummer 2 ');
  await chat.getByRole('button', { name: DA.stop }).click();
  const stopped = replies(page).last();
  await expect(stopped).toHaveAttribute('data-status', 'stopped');
  await expect(stopped).toContainText('Stoppet');
  await expect(stopped).toContainText('Sætning nummer 1 ');
  await expect(stopped).not.toContainText('Sætning nummer 30');
  await expect(chat.getByRole('textbox', { name: DA.message })).toBeFocused();

  // Retry answers the same question again in place of the stopped reply.
  await fakeAi.script(answer.text('Et nyt og kortere svar.'));
  const retried = nextChat(page);
  await stopped.getByRole('button', { name: DA.retry }).click();
  expect((await retried).postDataJSON()).toMatchObject({ retry: true, aiService: 'learning-coach' });
  await expect(replies(page)).toHaveCount(2);
  await expect(replies(page).last()).toContainText('Learning Coach: Et nyt og kortere svar.');
  await expect(replies(page).last()).toHaveAttribute('data-status', 'complete');
});

test('a provider failure shows the fixed apology with Retry (en, dark), and the panel passes axe', async ({ page }) => {
  await usePreferences(page, { language: 'en', theme: 'dark' });
  await signedIn(page, 'chat-fail');
  await page.goto('/pricing');
  const chat = await openPanel(page, EN);
  await expect(chat.getByLabel('Assistant')).toHaveValue('learning-coach');
  await expect(chat.getByText('Ask the Learning Coach something.')).toBeVisible();
  await expect(chat.getByText('Enter sends · Shift+Enter adds a line')).toBeVisible();
  await expect(chat.getByRole('button', { name: 'Conversations' })).toBeVisible();

  // The provider refuses (a 400 is not retried): the reply fails after it began.
  await fakeAi.script(answer.status(400, { message: 'bad request' }));
  const sent = nextChat(page);
  await chat.getByRole('textbox', { name: EN.message }).fill('How do I plan a course?');
  await chat.getByRole('textbox', { name: EN.message }).press('Enter');
  expect((await sent).headers()['accept-language']).toBe('en');
  const failed = replies(page).last();
  await expect(failed).toHaveAttribute('data-status', 'failed');
  await expect(failed).toContainText(APOLOGY_EN);
  await expect(log(page)).toContainText(APOLOGY_EN);
  await expectNoAxeViolations(page);

  await fakeAi.script(answer.text('Start with **three learning goals**.'));
  const retried = nextChat(page);
  await failed.getByRole('button', { name: EN.retry }).click();
  expect((await retried).postDataJSON()).toMatchObject({ retry: true });
  await expect(replies(page)).toHaveCount(1);
  await expect(replies(page)).toContainText('Start with three learning goals.');
  await expect(chat.getByRole('button', { name: 'Clear conversation' })).toBeEnabled();
  await chat.getByRole('button', { name: 'Clear conversation' }).click();
  await expect(replies(page)).toHaveCount(0);
  await expect(chat.getByRole('textbox', { name: EN.message })).toBeFocused();
  await expectNoAxeViolations(page);
});

test('a stored failed reply shows the apology in Danish; a reply refused before it began gives the server’s reason', async ({ page }) => {
  await usePreferences(page, { language: 'da', theme: 'dark' });
  await signedIn(page, 'chat-fail-da');
  await page.goto('/');
  const chat = await openPanel(page);
  await fakeAi.script(answer.status(400));
  await chat.getByRole('textbox', { name: DA.message }).fill('Hjælp mig med et kursus');
  await chat.getByRole('textbox', { name: DA.message }).press('Enter');
  await expect(replies(page).last()).toContainText(APOLOGY_DA);

  // The monthly limit answers 429 before anything is stored: the apology, the reason, and Retry asks again.
  await page.route('**/api/chat', (route) =>
    route.fulfill({
      status: 429,
      contentType: 'application/json',
      body: JSON.stringify({ message: 'Du har brugt dine 300 beskeder til assistenterne denne måned.', code: 'CHAT_LIMIT_REACHED' }),
    }),
  );
  await chat.getByRole('textbox', { name: DA.message }).fill('En gang til');
  await chat.getByRole('textbox', { name: DA.message }).press('Enter');
  await expect(replies(page).last()).toContainText(APOLOGY_DA);
  await expect(replies(page).last()).toContainText('Du har brugt dine 300 beskeder til assistenterne denne måned.');
  await page.unroute('**/api/chat');
  await fakeAi.script(answer.text('Nu virker det.'));
  const again = nextChat(page);
  await replies(page).last().getByRole('button', { name: DA.retry }).click();
  const body = (await again).postDataJSON() as Record<string, unknown>;
  expect(body).toMatchObject({ message: 'En gang til' });
  expect(body.retry).toBeUndefined();
  await expect(replies(page).last()).toContainText('Nu virker det.');
  await expect(chat.getByTestId('chat-user')).toHaveCount(2);
});

test('replies are sanitised markdown: lists and safe links render, raw HTML and javascript: links do not', async ({ page }) => {
  await signedIn(page, 'chat-md');
  await page.goto('/');
  const chat = await openPanel(page);
  await fakeAi.script(
    answer.text(
      [
        'Tre ting:',
        '',
        '- **Sikkerhedssko** med stålnæse',
        '- Høreværn over 85 dB',
        '- [Arbejdstilsynet](https://at.dk/regler/)',
        '',
        '<b id="raw-html">fed</b> <img src="/x.png" onerror="window.chatXss = 1"> <script>window.chatXss = 2</script>',
        '',
        '[klik her](javascript:window.chatXss=3) [data](data:text/html,hi) [ud af huset](//evil.example/x) [lektionen](/courses) ![billede](https://example.com/a.png)',
      ].join('\n'),
    ),
  );
  await chat.getByRole('textbox', { name: DA.message }).fill('Hvad skal jeg huske?');
  await chat.getByRole('textbox', { name: DA.message }).press('Enter');
  const reply = replies(page).last();
  await expect(reply).toHaveAttribute('data-status', 'complete');
  await expect(reply.getByRole('listitem')).toHaveCount(3);
  await expect(reply.locator('strong')).toHaveText('Sikkerhedssko');
  const external = reply.getByRole('link', { name: 'Arbejdstilsynet' });
  await expect(external).toHaveAttribute('href', 'https://at.dk/regler/');
  await expect(external).toHaveAttribute('target', '_blank');
  await expect(external).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(reply.getByRole('link', { name: 'lektionen' })).toHaveAttribute('href', '/courses');
  // Unsafe addresses are text, not links; raw HTML is left out; images are their description.
  for (const text of ['klik her', 'data', 'ud af huset']) {
    await expect(reply.getByText(text, { exact: true })).toBeVisible();
    await expect(reply.getByRole('link', { name: text })).toHaveCount(0);
  }
  await expect(reply.locator('#raw-html, img, script, b')).toHaveCount(0);
  await expect(reply).toContainText('billede');
  await reply.getByText('klik her', { exact: true }).click();
  expect(await page.evaluate(() => (window as { chatXss?: number }).chatXss)).toBeUndefined();
  // An app link navigates within the app; the panel stays open.
  await reply.getByRole('link', { name: 'lektionen' }).click();
  await expect(page).toHaveURL('/courses');
  await expect(panel(page)).toBeVisible();
});

test('conversations are stored: listed, resumed, and deleted after a confirmation', async ({ page }) => {
  await signedIn(page, 'chat-list');
  await page.goto('/');
  let chat = await openPanel(page);
  const ask = async (text: string, reply: string) => {
    await fakeAi.script(answer.text(reply));
    await chat.getByRole('textbox', { name: DA.message }).fill(text);
    await chat.getByRole('textbox', { name: DA.message }).press('Enter');
    await expect(replies(page).last()).toContainText(reply);
    // The panel takes the next question only once this reply has finished streaming.
    await expect(replies(page).last()).toHaveAttribute('data-status', 'complete');
  };
  await ask('Om værnemidler', 'Sikkerhedssko og høreværn.');
  await ask('Og handsker?', 'Ja, ved skarpe kanter.');
  await chat.getByRole('button', { name: 'Ryd samtalen' }).click();
  await ask('Om truckkørsel', 'Kun med truckcertifikat.');

  // A new visit: the panel starts empty, and the list has both.
  await page.reload();
  chat = await openPanel(page);
  await expect(replies(page)).toHaveCount(0);
  await chat.getByRole('button', { name: 'Samtaler' }).click();
  const list = chat.getByTestId('chat-conversations');
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(list.getByRole('listitem').first()).toContainText('Om truckkørsel');
  await expect(list.getByRole('listitem').last()).toContainText('4 beskeder');
  await list.getByRole('button', { name: /^Om værnemidler/ }).click();
  await expect(chat.getByTestId('chat-user')).toHaveText(['Du: Om værnemidler', 'Du: Og handsker?']);
  await expect(replies(page).last()).toContainText('Ja, ved skarpe kanter.');
  // It goes on where it was.
  await fakeAi.script(answer.text('Og sikkerhedsbriller.'));
  const sent = nextChat(page);
  await chat.getByRole('textbox', { name: DA.message }).fill('Mere?');
  await chat.getByRole('textbox', { name: DA.message }).press('Enter');
  expect((await sent).postDataJSON()).toMatchObject({ conversationId: expect.any(String) as unknown as string, message: 'Mere?' });
  await expect(replies(page).last()).toContainText('Og sikkerhedsbriller.');

  // Delete asks first; Escape cancels (and keeps the panel open), then the deletion goes through.
  await chat.getByRole('button', { name: 'Samtaler' }).click();
  const remove = list.getByRole('button', { name: 'Slet samtalen “Om truckkørsel”' });
  await remove.click();
  const confirm = list.getByRole('group', { name: 'Slette “Om truckkørsel”? Det kan ikke fortrydes.' });
  await expect(confirm.getByRole('button', { name: 'Annuller' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  await expect(panel(page)).toBeVisible();
  await expect(remove).toBeFocused();
  await remove.click();
  await confirm.getByRole('button', { name: 'Slet', exact: true }).click();
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list).not.toContainText('Om truckkørsel');
  const stored = (await (await page.request.get('/api/conversations')).json()) as { title: string }[];
  expect(stored.map((c) => c.title)).toEqual(['Om værnemidler']);
});

test('the openAIChat event opens the panel on the assistant it names', async ({ page }) => {
  await signedIn(page, 'chat-event');
  await page.goto('/platform');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.evaluate(() => window.dispatchEvent(new CustomEvent('openAIChat', { detail: { service: 'research-analyst' } })));
  const chat = panel(page);
  await expect(chat).toBeVisible();
  await expect(chat.getByLabel('Assistent')).toHaveValue('research-analyst');
  await expect(chat.getByText('Spørg Research Analyst om noget.')).toBeVisible();
  await fakeAi.script(answer.text('Det kan jeg ikke bekræfte uden kilder.'));
  const sent = nextChat(page);
  await chat.getByRole('textbox', { name: DA.message }).fill('Hvad siger loven?');
  await chat.getByRole('textbox', { name: DA.message }).press('Enter');
  expect((await sent).postDataJSON()).toMatchObject({ aiService: 'research-analyst' });
  await expect(replies(page)).toContainText('Det kan jeg ikke bekræfte uden kilder.');

  // Closed and asked for another assistant: a new conversation with that one.
  await page.keyboard.press('Escape');
  await page.evaluate(() => window.dispatchEvent(new CustomEvent('openAIChat', { detail: { service: 'creative-designer' } })));
  await expect(chat.getByLabel('Assistent')).toHaveValue('creative-designer');
  await expect(replies(page)).toHaveCount(0);
  // The picker changes it too.
  await chat.getByLabel('Assistent').selectOption('learning-coach');
  await expect(chat.getByText('Spørg Learning Coach om noget.')).toBeVisible();
});

test('a visitor is asked to log in, with a link back to the page', async ({ page }) => {
  await page.goto('/courses');
  const chat = await openPanel(page);
  await expect(chat.getByText('Log ind for at chatte med Kursas AI-assistenter')).toBeVisible();
  const login = chat.getByRole('link', { name: 'Log ind' });
  await expect(login).toBeFocused();
  await expect(login).toHaveAttribute('href', '/login?next=%2Fcourses');
  await expect(chat.getByRole('textbox')).toHaveCount(0);
  await expect(chat.getByRole('combobox')).toHaveCount(0);
  await expectNoAxeViolations(page);
  await login.click();
  await expect(page).toHaveURL('/login?next=%2Fcourses');
  await expect(page.getByRole('heading', { level: 1, name: 'Log ind' })).toBeVisible();
});

/** A company's published course (a text lesson, a quiz) and an invited learner enrolled in it, in their own browser context. */
async function learnerInCourse(page: Page, browser: Browser): Promise<{ learner: Page; course: TCourse; close: () => Promise<void> }> {
  await signedIn(page, 'chat-admin', 'admin');
  const course = await publishCourse(page, `Korte møder ${Date.now().toString(36)}`);
  const email = uniqueEmail('chat-learner');
  const before = mailCount();
  expect((await page.request.post('/api/invitations', { data: { email, role: 'learner' } })).status()).toBe(201);
  const token = /\/invite\/([\w-]+)/.exec((await nextMailTo(email, before)).text)![1]!;
  const context = await browser.newContext({ locale: 'da-DK' });
  const learner = await context.newPage();
  const accepted = await learner.request.post(`/api/invitations/${token}/accept`, {
    data: { contactName: 'Lea Lærling', password: 'lea-pass-123', confirmPassword: 'lea-pass-123' },
  });
  expect(accepted.status(), await accepted.text()).toBe(201);
  expect((await learner.request.post(`/api/courses/${course.id}/enrol`)).status()).toBeLessThan(300);
  return { learner, course, close: () => context.close() };
}

/** A streamed answer as the server writes it (for the client's rendering of a source in another lesson). */
function eventStream(events: [string, unknown][]): string {
  return events.map(([event, data]) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`).join('');
}

test('a learner in the player asks the Learning Coach about the lesson; sources are links to lessons; during a quiz it gives hints only', async ({
  page,
  browser,
}) => {
  test.slow();
  const { learner, course, close } = await learnerInCourse(page, browser);
  const [text, quiz] = course.modules[0]!.lessons;
  await learner.goto(`/learn/${course.id}/${text!.id}`);
  await expect(learner.getByRole('heading', { level: 1, name: 'Før mødet' })).toBeVisible();
  const chat = await openPanel(learner);
  await expect(chat.getByTestId('chat-about')).toHaveText(`Om: ${course.title} – Før mødet`);

  await fakeAi.script(answer.text('Send dagsordenen dagen før [1].', { chunkDelayMs: 50 }));
  const sent = nextChat(learner);
  await chat.getByRole('textbox', { name: DA.message }).fill('Hvornår sender jeg dagsordenen?');
  await chat.getByRole('textbox', { name: DA.message }).press('Enter');
  const request = await sent;
  expect(request.postDataJSON()).toMatchObject({
    aiService: 'learning-coach',
    save: true,
    context: { courseId: course.id, lessonId: text!.id },
  });
  await expect(replies(learner).last()).toHaveAttribute('data-status', 'complete');
  await expect(replies(learner).last()).toContainText('Send dagsordenen dagen før [1].');
  // Retrieval found the lesson that answers it; the server cites it as [1], shown as a link to the lesson.
  const [latest] = (await (await learner.request.get('/api/conversations')).json()) as { id: string }[];
  const stored = (await (await learner.request.get(`/api/conversations/${latest!.id}`)).json()) as {
    messages: { sources: { number: number; title: string; href: string }[] }[];
  };
  expect(stored.messages.at(-1)!.sources).toEqual([
    expect.objectContaining({ number: 1, title: 'Før mødet', href: `/learn/${course.id}/${text!.id}` }),
  ]);
  await expect(replies(learner).last().getByRole('link', { name: '[1] Før mødet' })).toHaveAttribute(
    'href',
    `/learn/${course.id}/${text!.id}`,
  );
  await expect(replies(learner).last()).toContainText('Kilder');

  // A source in another lesson: a link into the player, followed without closing the panel.
  await learner.route('**/api/chat', (route) =>
    route.fulfill({
      status: 200,
      headers: { 'content-type': 'text/event-stream; charset=utf-8' },
      body: eventStream([
        ['start', { conversationId: null, hintsOnly: false }],
        ['delta', { text: 'Se lektionen om quizzen [1].' }],
        [
          'result',
          {
            response: 'Se lektionen om quizzen [1].',
            timestamp: new Date().toISOString(),
            serviceName: 'Learning Coach',
            conversationId: null,
            messageId: null,
            hintsOnly: false,
            sources: [
              { number: 1, courseId: course.id, lessonId: quiz!.id, title: 'Tjek dig selv', href: `/learn/${course.id}/${quiz!.id}` },
            ],
          },
        ],
      ]),
    }),
  );
  await chat.getByRole('textbox', { name: DA.message }).fill('Hvor kan jeg øve mig?');
  await chat.getByRole('textbox', { name: DA.message }).press('Enter');
  const source = replies(learner).last().getByRole('link', { name: '[1] Tjek dig selv' });
  await expect(source).toHaveAttribute('href', `/learn/${course.id}/${quiz!.id}`);
  await expect(replies(learner).last()).toContainText('Kilder');
  await learner.unroute('**/api/chat');
  await source.click();
  await expect(learner).toHaveURL(`/learn/${course.id}/${quiz!.id}`);
  await expect(learner.getByRole('heading', { level: 1, name: 'Tjek dig selv' })).toBeVisible();
  await expect(chat).toBeVisible();
  await expect(chat.getByTestId('chat-about')).toHaveText(`Om: ${course.title} – Tjek dig selv`);

  // On a quiz not yet passed the coach gives hints only, and the panel says so.
  await fakeAi.script(answer.text('Tænk på, hvor længe et standup varer.'));
  const onQuiz = nextChat(learner);
  await chat.getByRole('textbox', { name: DA.message }).fill('Hvad er svaret på spørgsmål 1?');
  await chat.getByRole('textbox', { name: DA.message }).press('Enter');
  expect((await onQuiz).postDataJSON()).toMatchObject({ context: { courseId: course.id, lessonId: quiz!.id } });
  await expect(chat.getByTestId('chat-hints-only')).toHaveText('Kun tip: Mens du tager quizzen, giver coachen tip – ikke svarene.');
  await expect(replies(learner).last()).toContainText('Tænk på, hvor længe et standup varer.');
  await expectNoAxeViolations(learner);
  await close();
});

test('the panel’s code loads on the first open, not with the page; an open panel keeps its conversation when a link starts the full app', async ({
  page,
}) => {
  await signedIn(page, 'chat-lazy');
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  await page.goto('/', { waitUntil: 'networkidle' });
  expect(scripts.filter((url) => url.includes('/chat-panel-'))).toEqual([]);
  const chat = await openPanel(page);
  expect(scripts.filter((url) => url.includes('/chat-panel-'))).toHaveLength(1);

  await fakeAi.script(answer.text('Start i dit dashboard.'));
  await chat.getByRole('textbox', { name: DA.message }).fill('Hvor starter jeg?');
  await chat.getByRole('textbox', { name: DA.message }).press('Enter');
  await expect(replies(page)).toContainText('Start i dit dashboard.');
  await page.getByRole('banner').getByRole('link', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL('/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(panel(page)).toBeVisible();
  await expect(replies(page)).toContainText('Start i dit dashboard.');
});

test('in the course builder the assistants know the course and the lesson being edited', async ({ page }) => {
  await signedIn(page, 'chat-builder');
  const course = await publishCourse(page, `Mødekultur ${Date.now().toString(36)}`);
  const lesson = course.modules[0]!.lessons[0]!;
  await page.goto(`/dashboard/courses/${course.id}?lesson=${lesson.id}`);
  await expect(page.getByTestId('builder-title')).toHaveText(course.title);
  const chat = await openPanel(page);
  await expect(chat.getByTestId('chat-about')).toHaveText(`Om: ${course.title} – ${lesson.title}`);
  await fakeAi.script(answer.text('Tilføj et eksempel på en god dagsorden.'));
  const sent = nextChat(page);
  await chat.getByRole('textbox', { name: DA.message }).fill('Hvordan gør jeg lektionen bedre?');
  await chat.getByRole('textbox', { name: DA.message }).press('Enter');
  expect((await sent).postDataJSON()).toMatchObject({ context: { courseId: course.id, lessonId: lesson.id } });
  await expect(replies(page)).toContainText('Tilføj et eksempel på en god dagsorden.');
  // Leaving the course: the panel no longer claims to know it.
  await page.keyboard.press('Escape');
  await page.goto('/dashboard');
  await launcher(page).click();
  await expect(panel(page).getByTestId('chat-about')).toHaveCount(0);
});
