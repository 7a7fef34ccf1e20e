import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS } from '@shared/constants.ts';
import { VOICE } from '@shared/voice.ts';
import { currentLanguage, i18n } from '@/lib/i18n';

/**
 * Voice control's state and its speech recognition, kept outside React like the
 * chat widget's: a light page handing over to the full app re-renders the corner, and listening
 * must carry on across it. The component binds what the commands need (navigate, the session) and
 * renders this state; everything that talks to the browser's speech services is here.
 */

/** The part of the Web Speech API's SpeechRecognition used here (TypeScript's DOM library lacks it). */
interface Recognition extends EventTarget {
  lang: string;
  continuous: boolean;
  interimResults: boolean;
  maxAlternatives: number;
  start(): void;
  stop(): void;
  abort(): void;
  onresult: ((event: SpeechRecognitionEvent) => void) | null;
  onerror: ((event: SpeechRecognitionErrorEvent) => void) | null;
  onend: (() => void) | null;
}
type RecognitionConstructor = new () => Recognition;

export type VoiceStatus = 'stopped' | 'listening';

export interface VoiceFeedback {
  /** Tells two identical messages apart, so each is announced and timed on its own. */
  id: number;
  /** What was heard, when the message answers something said. */
  heard: string | null;
  text: string;
  error: boolean;
}

export interface VoiceState {
  status: VoiceStatus;
  /** The last thing heard and done, or an error; cleared after 3 s. */
  feedback: VoiceFeedback | null;
  /** The browser refused the microphone: how to allow it stays on screen until dismissed or restarted. */
  blocked: boolean;
  tutorialOpen: boolean;
}

/** Recognition errors after which listening stops rather than restarting (each is shown as 'Error: {code}'). */
const FATAL_ERRORS = new Set([
  'not-allowed',
  'service-not-allowed',
  'audio-capture',
  'network',
  'language-not-supported',
  'bad-grammar',
  'phrases-not-supported',
]);

let state: VoiceState = { status: 'stopped', feedback: null, blocked: false, tutorialOpen: false };
const listeners = new Set<() => void>();

function set(patch: Partial<VoiceState>): void {
  state = { ...state, ...patch };
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

export const getVoiceState = () => state;

export function useVoiceState(): VoiceState {
  return useSyncExternalStore(subscribe, getVoiceState);
}

const t = (key: string, options?: Record<string, string>) =>
  i18n.getFixedT(currentLanguage(), 'voice')(key as never, options as never) as unknown as string;

let feedbackId = 0;
let feedbackTimer: ReturnType<typeof setTimeout> | undefined;

/** Shows `text` (and what was heard) in the live region, and clears it after 3 s. */
export function showFeedback(text: string, options: { heard?: string | null; error?: boolean } = {}): void {
  clearTimeout(feedbackTimer);
  const id = ++feedbackId;
  set({ feedback: { id, heard: options.heard ?? null, text, error: options.error ?? false } });
  feedbackTimer = setTimeout(() => {
    if (state.feedback?.id === id) set({ feedback: null });
  }, VOICE.feedbackMs);
}

/** Replies are spoken at rate 0.8, pitch 1, volume 0.7, in the interface language. */
export function speak(text: string): void {
  const synthesis = window.speechSynthesis as SpeechSynthesis | undefined;
  if (!synthesis || typeof SpeechSynthesisUtterance === 'undefined') return;
  const utterance = new SpeechSynthesisUtterance(text);
  utterance.lang = VOICE.languages[currentLanguage()];
  utterance.rate = VOICE.speech.rate;
  utterance.pitch = VOICE.speech.pitch;
  utterance.volume = VOICE.speech.volume;
  // A new reply replaces one still being spoken rather than queueing behind it.
  synthesis.cancel();
  synthesis.speak(utterance);
}

/** Whether a reply is being spoken: what the microphone hears meanwhile is Kursa's own voice. */
const speaking = () => Boolean((window.speechSynthesis as SpeechSynthesis | undefined)?.speaking);

/**
 * What a final result is handed to: the component's command runner, which tries each alternative
 * transcript in turn. Until a component has bound one, results are ignored.
 */
let handleTranscripts: ((alternatives: string[]) => void) | null = null;

/** Binds `handler`; the function returned unbinds it (unless another has been bound since). */
export function bindTranscriptHandler(handler: (alternatives: string[]) => void): () => void {
  handleTranscripts = handler;
  return () => {
    if (handleTranscripts === handler) handleTranscripts = null;
  };
}

function recognitionConstructor(): RecognitionConstructor | undefined {
  const scope = window as unknown as { SpeechRecognition?: RecognitionConstructor; webkitSpeechRecognition?: RecognitionConstructor };
  return scope.SpeechRecognition ?? scope.webkitSpeechRecognition;
}

let recognition: Recognition | null = null;

/** Starts (or, on a change of language, restarts) continuous recognition in the interface language. */
function listen(): void {
  const Constructor = recognitionConstructor();
  if (!Constructor) return;
  const current = new Constructor();
  current.lang = VOICE.languages[currentLanguage()];
  current.continuous = true;
  // Only final results are commands; interim guesses would be announced and acted on half-heard.
  current.interimResults = false;
  current.maxAlternatives = 3;
  current.onresult = (event) => {
    if (recognition !== current || speaking()) return;
    for (let index = event.resultIndex; index < event.results.length; index++) {
      const result = event.results[index];
      if (!result?.isFinal) continue;
      const alternatives = Array.from({ length: result.length }, (_, i) => result[i]?.transcript.trim() ?? '').filter(Boolean);
      if (alternatives.length > 0) handleTranscripts?.(alternatives);
    }
  };
  current.onerror = (event) => {
    if (recognition !== current) return;
    // 'aborted' follows our own abort() (a stop or a change of language): nothing went wrong.
    if (event.error === 'aborted') return;
    showFeedback(t('error', { code: event.error }), { error: true });
    if (event.error === 'not-allowed' || event.error === 'service-not-allowed') set({ blocked: true });
    if (FATAL_ERRORS.has(event.error)) stopListening();
  };
  // Browsers end a continuous session after a while of silence; listening goes on until stopped.
  current.onend = () => {
    if (recognition !== current) return;
    if (state.status !== 'listening') {
      recognition = null;
      return;
    }
    try {
      current.start();
    } catch {
      recognition = null;
      set({ status: 'stopped' });
    }
  };
  recognition = current;
  try {
    current.start();
  } catch (error) {
    recognition = null;
    set({ status: 'stopped' });
    showFeedback(t('error', { code: error instanceof DOMException ? error.name : 'start-failed' }), { error: true });
  }
}

export function startListening(): void {
  if (state.status === 'listening') return;
  set({ status: 'listening', blocked: false });
  showFeedback(t('feedback.listening'));
  listen();
}

/** Stops listening; `announce` says so (the stop listening command and the button do). */
export function stopListening(announce?: { heard?: string; speak?: boolean }): void {
  const current = recognition;
  recognition = null;
  if (state.status === 'listening') set({ status: 'stopped' });
  current?.abort();
  if (announce) {
    const text = t('reply.stopListening');
    showFeedback(text, { heard: announce.heard ?? null });
    if (announce.speak) speak(text);
  }
}

// A change of interface language restarts recognition in the new one (en-US ↔ da-DK).
i18n.on('languageChanged', () => {
  if (state.status !== 'listening') return;
  const previous = recognition;
  recognition = null;
  previous?.abort();
  listen();
});

function tutorialCompleted(): boolean {
  try {
    return localStorage.getItem(STORAGE_KEYS.voiceTutorial) === 'true';
  } catch {
    return false;
  }
}

/** Shown on the first open until completed, once per visit when skipped or closed. */
let tutorialShown = false;

/** The microphone button: stops listening, or starts it (after the tutorial, the first time). */
export function toggleListening(): void {
  if (state.status === 'listening') {
    stopListening({});
    return;
  }
  if (!tutorialShown && !tutorialCompleted()) {
    openTutorial();
    return;
  }
  startListening();
}

export function openTutorial(): void {
  tutorialShown = true;
  set({ tutorialOpen: true });
}

/** Closes the tutorial; Get Started stores its completion (it is not shown again) and starts listening, Skip just starts. */
export function closeTutorial(outcome: 'completed' | 'skipped' | 'closed'): void {
  set({ tutorialOpen: false });
  if (outcome === 'completed') {
    try {
      localStorage.setItem(STORAGE_KEYS.voiceTutorial, 'true');
    } catch {
      // Private browsing may refuse storage: the tutorial then shows again on the next visit.
    }
  }
  if (outcome !== 'closed') startListening();
}

export function dismissBlocked(): void {
  set({ blocked: false });
}

/** What an error's or a reply's text is in the interface language (for the component's runner). */
export const voiceText = t;
