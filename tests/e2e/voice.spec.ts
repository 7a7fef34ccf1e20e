import { settledAxe } from './axe.ts';
import type { Page } from '@playwright/test';
import { STORAGE_KEYS, type Language } from '../../src/shared/constants.ts';
import { VOICE } from '../../src/shared/voice.ts';
import { expect, test } from './fixtures.ts';
import { logIn, usePreferences } from './ui-helpers.ts';

// Voice control, driven through an injected fake SpeechRecognition whose instances the test makes
// hear things, fail and end, and a speechSynthesis that records what it is asked to say. Every
// command in English and in Danish doing its real thing, the unknown phrase, recognition errors,
// the language following the interface, the tutorial, the control's absence without speech
// recognition, and its code loading only on first use.

interface FakeRecognition {
  lang: string;
  continuous: boolean;
  interimResults: boolean;
  started: boolean;
  starts: number;
  aborted: boolean;
  hear: (alternatives: string[]) => void;
  fail: (code: string) => void;
  end: () => void;
}
interface Spoken {
  text: string;
  lang: string;
  rate: number;
  pitch: number;
  volume: number;
}
interface Fakes {
  recognitions: FakeRecognition[];
  spoken: Spoken[];
  /** Every text the feedback region showed since the last thing heard, in order. */
  shown: string[];
}
type FakeWindow = Window & { voiceFakes: Fakes; SpeechRecognition?: unknown; webkitSpeechRecognition?: unknown };

/**
 * Before any page script: the browser's own speech recognition is removed, and (with
 * `recognition`) replaced by a fake that behaves as Chrome's does (start twice throws, abort ends
 * with 'aborted', a fatal error ends the session); speechSynthesis.speak records the utterance.
 */
async function installFakes(page: Page, { recognition = true, tutorialDone = true } = {}): Promise<void> {
  await page.addInitScript(
    ([withRecognition, storageKey, done]) => {
      const fakes: Fakes = { recognitions: [], spoken: [], shown: [] };
      const scope = window as unknown as FakeWindow;
      scope.voiceFakes = fakes;
      // The region clears itself after a few seconds; what it said is kept here, so a slow page
      // (a dialog loading on a busy machine) cannot make the test miss it.
      new MutationObserver(() => {
        const text = document.querySelector('[data-testid="voice-feedback"]')?.textContent ?? '';
        if (text && fakes.shown.at(-1) !== text) fakes.shown.push(text);
      }).observe(document, { childList: true, subtree: true, characterData: true });
      delete scope.SpeechRecognition;
      delete scope.webkitSpeechRecognition;
      if (done) localStorage.setItem(storageKey, 'true');
      if (withRecognition) {
        class Recognition {
          lang = '';
          continuous = false;
          interimResults = false;
          maxAlternatives = 1;
          started = false;
          starts = 0;
          aborted = false;
          onresult: ((event: unknown) => void) | null = null;
          onerror: ((event: unknown) => void) | null = null;
          onend: (() => void) | null = null;
          constructor() {
            fakes.recognitions.push(this);
          }
          start() {
            if (this.started) throw new DOMException('recognition has already started', 'InvalidStateError');
            this.started = true;
            this.starts += 1;
          }
          stop() {
            this.end();
          }
          abort() {
            if (!this.started) return;
            this.started = false;
            this.aborted = true;
            setTimeout(() => {
              this.onerror?.({ error: 'aborted' });
              this.onend?.();
            });
          }
          hear(alternatives: string[]) {
            const result = Object.assign(
              alternatives.map((transcript) => ({ transcript, confidence: 0.9 })),
              { isFinal: true },
            );
            this.onresult?.({ resultIndex: 0, results: [result] });
          }
          fail(code: string) {
            this.onerror?.({ error: code, message: '' });
            this.end();
          }
          end() {
            if (!this.started) return;
            this.started = false;
            this.onend?.();
          }
        }
        scope.SpeechRecognition = Recognition;
      }
      const synthesis = window.speechSynthesis;
      // The utterance keeps its numbers as 32-bit floats (0.8 reads 0.800000011920929).
      const float = (value: number) => Math.round(value * 1000) / 1000;
      synthesis.speak = (utterance: SpeechSynthesisUtterance) => {
        fakes.spoken.push({
          text: utterance.text,
          lang: utterance.lang,
          rate: float(utterance.rate),
          pitch: float(utterance.pitch),
          volume: float(utterance.volume),
        });
      };
      synthesis.cancel = () => undefined;
    },
    [recognition, STORAGE_KEYS.voiceTutorial, tutorialDone] as const,
  );
}

const WORDS = {
  da: {
    control: 'Stemmestyring',
    listening: 'Lytter – sig en kommando',
    heard: (text: string) => `Hørt: “${text}”`,
    unknown: 'Kommandoen blev ikke genkendt',
    unknownSpoken: 'Beklager, jeg forstod ikke den kommando',
    error: (code: string) => `Fejl: ${code}`,
    stopped: 'Stemmestyring er stoppet',
    help: 'Sådan virker stemmestyring',
  },
  en: {
    control: 'Voice control',
    listening: 'Listening – say a command',
    heard: (text: string) => `Heard: “${text}”`,
    unknown: 'Command not recognised',
    unknownSpoken: "Sorry, I didn't understand that command",
    error: (code: string) => `Error: ${code}`,
    stopped: 'Voice control stopped',
    help: 'How voice control works',
  },
} as const;

const toggle = (page: Page, language: Language = 'da') => page.getByRole('button', { name: WORDS[language].control, exact: true });
const feedback = (page: Page) => page.getByTestId('voice-feedback');

/** The recognition listening now (the last one made), as the page sees it. */
function listeningNow(page: Page) {
  return page.evaluate(() => {
    const fakes = (window as unknown as FakeWindow).voiceFakes;
    const current = fakes.recognitions.at(-1);
    return current
      ? {
          lang: current.lang,
          started: current.started,
          continuous: current.continuous,
          starts: current.starts,
          count: fakes.recognitions.length,
        }
      : null;
  });
}

async function expectListening(page: Page, lang: string): Promise<void> {
  await expect.poll(() => listeningNow(page)).toMatchObject({ lang, started: true, continuous: true });
}

/** The recognition hears `transcript` (and any further alternatives) as a final result. */
async function hear(page: Page, ...alternatives: string[]): Promise<void> {
  await page.evaluate((said) => {
    const fakes = (window as unknown as FakeWindow).voiceFakes;
    fakes.shown = [];
    fakes.recognitions.at(-1)!.hear(said);
  }, alternatives);
}

/** What the feedback region showed since the last thing heard. */
const shownSinceHeard = (page: Page) => page.evaluate(() => (window as unknown as FakeWindow).voiceFakes.shown);

const lastSpoken = (page: Page) => page.evaluate(() => (window as unknown as FakeWindow).voiceFakes.spoken.at(-1) ?? null);
const spokenCount = (page: Page) => page.evaluate(() => (window as unknown as FakeWindow).voiceFakes.spoken.length);

/** Every reply spoken at rate 0.8, pitch 1, volume 0.7, in the interface language. */
async function expectSpoken(page: Page, text: string, language: Language): Promise<void> {
  await expect.poll(() => lastSpoken(page)).toEqual({ text, lang: VOICE.languages[language], ...VOICE.speech });
}

async function startListening(page: Page, language: Language): Promise<void> {
  await toggle(page, language).click();
  await expect(toggle(page, language)).toHaveAttribute('aria-pressed', 'true');
  await expectListening(page, VOICE.languages[language]);
}

async function expectNoAxeViolations(page: Page, selector: string): Promise<void> {
  const results = await (await settledAxe(page)).include(selector).analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} ${n.failureSummary ?? ''}`).join(', ')}`),
  ).toEqual([]);
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const isDark = (page: Page) => page.evaluate(() => document.documentElement.classList.contains('dark'));
const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));

interface CommandCase {
  say: string;
  reply: string;
  /** Where the command leads, when it navigates. */
  url?: string;
}

/** The navigation commands, their replies and destinations, per language. */
const NAVIGATION: Record<Language, CommandCase[]> = {
  en: [
    { say: 'Open courses', reply: 'Opening courses', url: '/courses' },
    { say: 'go to pricing', reply: 'Opening pricing', url: '/pricing' },
    { say: 'start free trial', reply: 'Opening registration for the free trial', url: '/register' },
    { say: 'Schedule a demo', reply: 'Opening the demo booking form', url: '/contact?topic=demo' },
    { say: 'contact sales', reply: 'Opening the sales contact form', url: '/contact?topic=sales' },
    { say: 'get help', reply: 'Opening help', url: '/help' },
    { say: 'create course', reply: 'Opening course creation', url: '/course-creator' },
  ],
  da: [
    { say: 'Åbn kurser', reply: 'Åbner kurser', url: '/courses' },
    { say: 'gå til priser', reply: 'Åbner priser', url: '/pricing' },
    { say: 'start gratis prøveperiode', reply: 'Åbner tilmelding til den gratis prøveperiode', url: '/register' },
    { say: 'Book en demo', reply: 'Åbner formularen til en demo', url: '/contact?topic=demo' },
    { say: 'kontakt salg', reply: 'Åbner kontaktformularen til salg', url: '/contact?topic=sales' },
    { say: 'få hjælp', reply: 'Åbner hjælp', url: '/help' },
    { say: 'opret kursus', reply: 'Åbner oprettelse af kursus', url: '/course-creator' },
  ],
};

const THEME: Record<Language, { say: string; reply: string; dark: boolean }[]> = {
  en: [
    { say: 'dark mode', reply: 'The page is now dark', dark: true },
    { say: 'toggle light mode', reply: 'The page is now light', dark: false },
    { say: 'toggle theme', reply: 'The page is now dark', dark: true },
    { say: 'Toggle the theme.', reply: 'The page is now light', dark: false },
  ],
  da: [
    { say: 'mørkt tema', reply: 'Nu er siden mørk', dark: true },
    { say: 'lyst tema', reply: 'Nu er siden lys', dark: false },
    { say: 'skift tema', reply: 'Nu er siden mørk', dark: true },
    { say: 'Skift temaet', reply: 'Nu er siden lys', dark: false },
  ],
};

const SCROLL: Record<Language, { down: CommandCase; up: CommandCase; top: CommandCase; stats: CommandCase; stop: CommandCase }> = {
  en: {
    down: { say: 'scroll down', reply: 'Scrolling down' },
    up: { say: 'Scroll up', reply: 'Scrolling up' },
    top: { say: 'go to top', reply: 'Scrolled to the top' },
    stats: { say: 'show stats', reply: 'Showing the statistics', url: '/' },
    stop: { say: 'stop listening', reply: 'Voice control stopped' },
  },
  da: {
    down: { say: 'rul ned', reply: 'Ruller ned' },
    up: { say: 'Rul op', reply: 'Ruller op' },
    top: { say: 'gå til toppen', reply: 'Tilbage til toppen' },
    stats: { say: 'vis statistik', reply: 'Viser statistikken', url: '/' },
    stop: { say: 'stop med at lytte', reply: 'Stemmestyring er stoppet' },
  },
};

/** What was heard and what was done, in the live region, and the reply spoken. */
async function expectAnswer(page: Page, language: Language, said: string, reply: string): Promise<void> {
  await expect
    .poll(() => shownSinceHeard(page))
    .toEqual(
      expect.arrayContaining([expect.stringMatching(new RegExp(`^${escapeRegExp(WORDS[language].heard(said))}.*${escapeRegExp(reply)}`))]),
    );
  await expectSpoken(page, reply, language);
}

async function everyCommand(page: Page, language: Language): Promise<void> {
  test.setTimeout(120_000);
  await usePreferences(page, { language, theme: 'light' });
  await installFakes(page);
  await page.setViewportSize({ width: 1280, height: 480 });
  await page.goto('/');
  await startListening(page, language);
  const recognitions = (await listeningNow(page))!.count;

  for (const command of NAVIGATION[language]) {
    await hear(page, command.say);
    await expect(page).toHaveURL(command.url!);
    await expectAnswer(page, language, command.say, command.reply);
  }
  // Through every navigation, light page or full app, the same recognition listened on.
  expect(await listeningNow(page)).toMatchObject({ count: recognitions, started: true, starts: 1 });
  await expect(toggle(page, language)).toHaveAttribute('aria-pressed', 'true');

  for (const command of THEME[language]) {
    await hear(page, command.say);
    await expect.poll(() => isDark(page)).toBe(command.dark);
    await expectAnswer(page, language, command.say, command.reply);
  }
  // The theme is the site's own: stored like the header's toggle stores it.
  expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.theme)).toBe('light');

  // 300 px a step, smoothly.
  const { down, up, top, stats, stop } = SCROLL[language];
  await page.goto('/ai-assistant/setup');
  await expectListeningAfterReload(page, language);
  await hear(page, down.say);
  await expect.poll(() => scrollY(page)).toBe(VOICE.scrollStepPx);
  await expectAnswer(page, language, down.say, down.reply);
  await hear(page, down.say);
  await expect.poll(() => scrollY(page)).toBe(2 * VOICE.scrollStepPx);
  await hear(page, up.say);
  await expect.poll(() => scrollY(page)).toBe(VOICE.scrollStepPx);
  await expectAnswer(page, language, up.say, up.reply);
  await hear(page, top.say);
  await expect.poll(() => scrollY(page)).toBe(0);
  await expectAnswer(page, language, top.say, top.reply);

  // Show stats from another page: to the front page, its statistics scrolled into view.
  await page.goto('/pricing');
  await expectListeningAfterReload(page, language);
  await hear(page, stats.say);
  await expect(page).toHaveURL(stats.url!);
  await expect(page.locator('#stats-section')).toBeInViewport();
  await expectAnswer(page, language, stats.say, stats.reply);

  await hear(page, stop.say);
  await expect(toggle(page, language)).toHaveAttribute('aria-pressed', 'false');
  await expect.poll(() => listeningNow(page)).toMatchObject({ started: false });
  await expectAnswer(page, language, stop.say, stop.reply);
}

/** After a full page load the control starts stopped (as any page): the test turns it on again. */
async function expectListeningAfterReload(page: Page, language: Language): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await startListening(page, language);
}

test.describe('voice commands', () => {
  test('every command in English does its real thing, answered on screen and aloud', async ({ page }) => {
    await everyCommand(page, 'en');
  });

  test('every command in Danish does its real thing, answered on screen and aloud', async ({ page }) => {
    await everyCommand(page, 'da');
  });

  test('create course opens the builder’s new-course dialog for an instructor or admin', async ({ page }) => {
    await logIn(page);
    await installFakes(page);
    await page.goto('/courses');
    await startListening(page, 'da');
    await hear(page, 'Opret et nyt kursus');
    await expect(page).toHaveURL('/dashboard?new=course');
    await expect(page.getByRole('dialog', { name: 'Opret et nyt kursus' })).toBeVisible();
    await expectAnswer(page, 'da', 'Opret et nyt kursus', 'Åbner oprettelse af kursus');
  });

  test('the first alternative that is a command runs; an unknown phrase is not recognized, shown and spoken; feedback clears', async ({
    page,
  }) => {
    await usePreferences(page, { language: 'en' });
    await installFakes(page);
    await page.goto('/');
    await startListening(page, 'en');
    await expect(feedback(page)).toHaveText(WORDS.en.listening);
    await expect(feedback(page)).toHaveText('');

    await hear(page, 'what is the weather like');
    await expect(feedback(page)).toContainText(WORDS.en.heard('what is the weather like'));
    await expect(feedback(page)).toContainText(WORDS.en.unknown);
    await expectSpoken(page, WORDS.en.unknownSpoken, 'en');
    // The feedback goes after 3 s.
    await expect(feedback(page)).toHaveText('');
    await expect(page).toHaveURL('/');

    await hear(page, 'go to prizing', 'go to pricing');
    await expect(page).toHaveURL('/pricing');
    await expect(feedback(page)).toContainText(WORDS.en.heard('go to pricing'));

    // In Danish: the Danish words, spoken in Danish.
    await page.getByRole('banner').getByRole('button', { name: 'Dansk' }).first().click();
    await expectListening(page, 'da-DK');
    await hear(page, 'hvad er klokken');
    await expect(feedback(page)).toContainText(WORDS.da.unknown);
    await expectSpoken(page, WORDS.da.unknownSpoken, 'da');
  });

  test('recognition follows the interface language and restarts when it changes', async ({ page }) => {
    await usePreferences(page, { language: 'da' });
    await installFakes(page);
    await page.goto('/');
    await startListening(page, 'da');
    expect(await page.evaluate(() => (window as unknown as FakeWindow).voiceFakes.recognitions.length)).toBe(1);

    await page.getByRole('banner').getByRole('button', { name: 'English' }).first().click();
    await expect(toggle(page, 'en')).toHaveAttribute('aria-pressed', 'true');
    await expectListening(page, 'en-US');
    // The Danish one was stopped; the English one took over.
    expect(
      await page.evaluate(() =>
        (window as unknown as FakeWindow).voiceFakes.recognitions.map((r) => ({ lang: r.lang, started: r.started })),
      ),
    ).toEqual([
      { lang: 'da-DK', started: false },
      { lang: 'en-US', started: true },
    ]);
    await hear(page, 'go to pricing');
    await expect(page).toHaveURL('/pricing');
    await expectAnswer(page, 'en', 'go to pricing', 'Opening pricing');
  });

  test('recognition errors show Error: {code}; a blocked microphone says how to allow it; silence restarts listening', async ({ page }) => {
    await installFakes(page);
    await page.goto('/');
    await startListening(page, 'da');

    // The browser ends a session after a while of silence (no-speech, or just the end): it goes on.
    await page.evaluate(() => (window as unknown as FakeWindow).voiceFakes.recognitions.at(-1)!.fail('no-speech'));
    await expect(feedback(page)).toHaveText(WORDS.da.error('no-speech'));
    await expect.poll(() => listeningNow(page)).toMatchObject({ started: true, starts: 2 });
    await page.evaluate(() => (window as unknown as FakeWindow).voiceFakes.recognitions.at(-1)!.end());
    await expect.poll(() => listeningNow(page)).toMatchObject({ started: true, starts: 3 });
    await expect(toggle(page)).toHaveAttribute('aria-pressed', 'true');

    // A lost connection to the speech service stops listening.
    await page.evaluate(() => (window as unknown as FakeWindow).voiceFakes.recognitions.at(-1)!.fail('network'));
    await expect(feedback(page)).toHaveText(WORDS.da.error('network'));
    await expect(toggle(page)).toHaveAttribute('aria-pressed', 'false');
    await expect.poll(() => listeningNow(page)).toMatchObject({ started: false, starts: 3 });

    // The microphone refused: the error, and how to allow it, until dismissed.
    await startListening(page, 'da');
    await page.evaluate(() => (window as unknown as FakeWindow).voiceFakes.recognitions.at(-1)!.fail('not-allowed'));
    await expect(feedback(page)).toHaveText(WORDS.da.error('not-allowed'));
    await expect(toggle(page)).toHaveAttribute('aria-pressed', 'false');
    const note = page.getByRole('note', { name: 'Mikrofonen er blokeret' });
    await expect(note).toContainText('Tillad den for dette website');
    await expect(feedback(page)).toHaveText('');
    await expect(note).toBeVisible();
    await note.getByRole('button', { name: 'Luk' }).click();
    await expect(note).toBeHidden();
  });

  test('the button is a toggle: pressed while listening; stopping it stops recognition', async ({ page }) => {
    await installFakes(page);
    await page.goto('/');
    await toggle(page).focus();
    await page.keyboard.press('Enter');
    await expect(toggle(page)).toHaveAttribute('aria-pressed', 'true');
    await expect(toggle(page)).toBeFocused();
    await expectListening(page, 'da-DK');
    await expect(feedback(page)).toHaveText(WORDS.da.listening);
    const before = await spokenCount(page);
    await page.keyboard.press('Enter');
    await expect(toggle(page)).toHaveAttribute('aria-pressed', 'false');
    await expect.poll(() => listeningNow(page)).toMatchObject({ started: false });
    await expect(feedback(page)).toHaveText(WORDS.da.stopped);
    // Only spoken commands get a spoken answer.
    expect(await spokenCount(page)).toBe(before);
  });
});

test.describe('the voice control on the page', () => {
  test('is hidden entirely without speech recognition, and none of its code loads', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await installFakes(page, { recognition: false });
    await page.goto('/', { waitUntil: 'networkidle' });
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Åbn AI-chatten' })).toBeVisible();
    await expect(toggle(page)).toHaveCount(0);
    await expect(page.getByTestId('voice-control')).toHaveCount(0);
    await page.goto('/login', { waitUntil: 'networkidle' });
    await expect(page.getByRole('button', { name: 'Åbn AI-chatten' })).toBeVisible();
    await expect(toggle(page)).toHaveCount(0);
    expect(scripts.filter((url) => url.includes('/voice-control-'))).toEqual([]);
  });

  test('sits above the chat button without overlapping it; its code loads on first use, not with the page', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await installFakes(page);
    await page.goto('/', { waitUntil: 'networkidle' });
    await expect(toggle(page)).toHaveAttribute('aria-pressed', 'false');
    expect(scripts.filter((url) => url.includes('/voice-control-'))).toEqual([]);

    const chat = await page.getByRole('button', { name: 'Åbn AI-chatten' }).boundingBox();
    const voice = await toggle(page).boundingBox();
    expect(voice!.y + voice!.height).toBeLessThanOrEqual(chat!.y);
    expect(Math.round(voice!.x + voice!.width)).toBe(Math.round(chat!.x + chat!.width));

    await toggle(page).click();
    await expect(toggle(page)).toHaveAttribute('aria-pressed', 'true');
    expect(scripts.filter((url) => url.includes('/voice-control-'))).toHaveLength(1);
  });

  for (const theme of ['light', 'dark'] as const) {
    test(`the panel and the tutorial pass axe (${theme} theme)`, async ({ page }) => {
      await usePreferences(page, { theme });
      await installFakes(page, { tutorialDone: false });
      await page.goto('/');
      await toggle(page).click();
      const tutorial = page.getByRole('dialog', { name: 'Stemmestyring' });
      await expect(tutorial).toBeVisible();
      await expectNoAxeViolations(page, '[data-testid="voice-tutorial"]');
      await tutorial.getByRole('button', { name: 'Næste' }).click();
      await tutorial.getByRole('button', { name: 'Næste' }).click();
      await expect(tutorial).toContainText('Sig “åbn kurser” – åbner kursuskataloget');
      await expectNoAxeViolations(page, '[data-testid="voice-tutorial"]');
      await tutorial.getByRole('button', { name: 'Spring vejledningen over' }).click();
      await expectListening(page, 'da-DK');
      await hear(page, 'noget helt andet');
      await expect(feedback(page)).toContainText(WORDS.da.unknown);
      await expectNoAxeViolations(page, '[data-testid="voice-control"]');
      await page.evaluate(() => (window as unknown as FakeWindow).voiceFakes.recognitions.at(-1)!.fail('not-allowed'));
      await expect(page.getByRole('note', { name: 'Mikrofonen er blokeret' })).toBeVisible();
      await expectNoAxeViolations(page, '[data-testid="voice-control"]');
    });
  }
});

test.describe('the tutorial', () => {
  const dialog = (page: Page) => page.getByRole('dialog', { name: 'Stemmestyring' });
  const completed = (page: Page) => page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.voiceTutorial);

  test('shows on the first press: five steps by keyboard, Previous disabled on the first, Get Started stores its completion and starts listening', async ({
    page,
  }) => {
    await installFakes(page, { tutorialDone: false });
    await page.goto('/');
    await toggle(page).focus();
    await page.keyboard.press('Enter');
    const tutorial = dialog(page);
    await expect(tutorial).toBeVisible();
    await expect(tutorial).toContainText('Trin 1 af 5');
    await expect(tutorial.getByRole('heading', { name: 'Hvad er stemmestyring?' })).toBeVisible();
    await expect(tutorial.getByRole('button', { name: 'Næste' })).toBeFocused();
    await expect(tutorial.getByRole('button', { name: 'Forrige' })).toBeDisabled();
    expect(await listeningNow(page)).toBeNull();

    await page.keyboard.press('Enter');
    await expect(tutorial).toContainText('Trin 2 af 5');
    await expect(tutorial.getByRole('heading', { name: 'Sådan starter du' })).toBeVisible();
    await expect(tutorial.getByRole('button', { name: 'Forrige' })).toBeEnabled();
    await tutorial.getByRole('button', { name: 'Forrige' }).click();
    await expect(tutorial).toContainText('Trin 1 af 5');
    await expect(tutorial.getByRole('button', { name: 'Forrige' })).toBeDisabled();
    await expect(tutorial.getByRole('button', { name: 'Næste' })).toBeFocused();

    const steps = [
      { title: 'Sådan starter du', text: 'Tryk på mikrofonknappen nederst til højre' },
      { title: 'Kom rundt', text: 'Sig “gå til priser” – åbner priserne' },
      { title: 'Tema og rulning', text: 'Sig “rul ned” – ruller lidt ned' },
      { title: 'Dit privatliv', text: 'browsere som Chrome og Edge sender lyden til producentens servere' },
    ];
    for (const [index, step] of steps.entries()) {
      await page.keyboard.press('Enter');
      await expect(tutorial).toContainText(`Trin ${index + 2} af 5`);
      await expect(tutorial.getByRole('heading', { name: step.title })).toBeVisible();
      await expect(tutorial).toContainText(step.text);
    }
    await expect(tutorial.getByRole('button', { name: 'Næste' })).toHaveCount(0);
    await expect(tutorial.getByRole('button', { name: 'Kom i gang' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(tutorial).toBeHidden();
    expect(await completed(page)).toBe('true');
    await expect(toggle(page)).toBeFocused();
    await expect(toggle(page)).toHaveAttribute('aria-pressed', 'true');
    await expectListening(page, 'da-DK');

    // Completed: the next visit's first press listens at once.
    await page.reload();
    await toggle(page).click();
    await expect(toggle(page)).toHaveAttribute('aria-pressed', 'true');
    await expect(dialog(page)).toHaveCount(0);
  });

  test('Escape and the close button close it without listening; the skip link starts listening; neither stores completion', async ({
    page,
  }) => {
    await usePreferences(page, { language: 'en' });
    await installFakes(page, { tutorialDone: false });
    await page.goto('/');
    await toggle(page, 'en').click();
    const tutorial = page.getByRole('dialog', { name: 'Voice control' });
    await expect(tutorial).toContainText('Step 1 of 5');
    await page.keyboard.press('Escape');
    await expect(tutorial).toBeHidden();
    await expect(toggle(page, 'en')).toBeFocused();
    await expect(toggle(page, 'en')).toHaveAttribute('aria-pressed', 'false');
    expect(await listeningNow(page)).toBeNull();

    // Seen once this visit: the button listens now; the help button shows the tutorial again.
    await toggle(page, 'en').click();
    await expectListening(page, 'en-US');
    await page.getByRole('button', { name: WORDS.en.help }).click();
    await expect(tutorial).toBeVisible();
    await tutorial.getByRole('button', { name: 'Close the tutorial' }).click();
    await expect(tutorial).toBeHidden();
    await expect(toggle(page, 'en')).toBeFocused();
    expect(await completed(page)).toBeNull();

    // The next visit shows it again; skipping it starts listening.
    await page.reload();
    await toggle(page, 'en').click();
    await expect(tutorial).toBeVisible();
    await tutorial.getByRole('button', { name: 'Skip the tutorial' }).click();
    await expect(tutorial).toBeHidden();
    await expect(toggle(page, 'en')).toHaveAttribute('aria-pressed', 'true');
    await expectListening(page, 'en-US');
    expect(await completed(page)).toBeNull();
  });
});
