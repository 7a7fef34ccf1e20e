import { useEffect, useRef } from 'react';
import CircleHelp from 'lucide-react/icons/circle-help';
import { micIcon } from '@/components/ui/mic-icon';
import { currentLanguage } from '@/lib/i18n';
import { useShell } from '@/lib/shell-context';
import { useTranslation } from '@/lib/use-translation';
import { cn } from '@/lib/cn';
import { perform, type CommandContext } from '../lib/actions';
import { matchCommand, type VoiceCommand } from '../lib/commands';
import {
  bindTranscriptHandler,
  dismissBlocked,
  openTutorial,
  showFeedback,
  speak,
  stopListening,
  toggleListening,
  useVoiceState,
  voiceText,
} from '../lib/voice-store';
import { VoiceTutorial } from './voice-tutorial';

/** The first render of this panel follows the visitor's first press of the microphone button. */
let activated = false;

/** Runs a recognised command and answers in the live region and aloud. */
async function run(command: VoiceCommand, heard: string, context: CommandContext): Promise<void> {
  if (command === 'stopListening') {
    stopListening({ heard, speak: true });
    return;
  }
  const reply = await perform(command, context);
  const text = voiceText(`reply.${reply}`);
  showFeedback(text, { heard, error: reply === 'statsMissing' });
  speak(text);
}

/**
 * The voice-control panel (floating in the public site's corner, or in the workspace's top bar), loaded on the first press of the launcher's
 * button and then rendered in its place: the listening toggle, what was heard and done in a live
 * region (cleared after 3 s), how to allow a blocked microphone, and the tutorial.
 */
export default function VoiceControl({ placement = 'corner' }: { placement?: 'corner' | 'bar' }) {
  const { t } = useTranslation('voice');
  const { t: tc } = useTranslation();
  const { navigate, pathname, session } = useShell();
  const state = useVoiceState();
  const mic = useRef<HTMLButtonElement>(null);
  const role = session.user?.role ?? null;
  const context = useRef<CommandContext>({ navigate, pathname, role });
  useEffect(() => {
    context.current = { navigate, pathname, role };
  }, [navigate, pathname, role]);

  // Final results come here, whichever shell is rendering the panel: the first alternative
  // transcript that is a command runs; if none is, "Command not recognized" shows and is spoken.
  useEffect(() => {
    const handler = (alternatives: string[]) => {
      const language = currentLanguage();
      for (const transcript of alternatives) {
        const command = matchCommand(transcript, language);
        if (command) {
          void run(command, transcript, context.current);
          return;
        }
      }
      showFeedback(voiceText('unknown'), { heard: alternatives[0] ?? null, error: true });
      speak(voiceText('unknownSpoken'));
    };
    return bindTranscriptHandler(handler);
  }, []);

  // The press that loaded this panel: the button it replaced had the focus, which stays on the
  // microphone; then listening starts (or, the first time, the tutorial opens).
  useEffect(() => {
    if (activated) return;
    activated = true;
    mic.current?.focus();
    toggleListening();
  }, []);

  const listening = state.status === 'listening';
  const feedback = state.feedback;
  const bar = placement === 'bar';

  const blockedNote = state.blocked && (
    <div
      role="note"
      aria-labelledby="voice-blocked-title"
      className="pointer-events-auto w-80 max-w-[calc(100vw-2rem)] rounded-xl border border-border bg-card p-4 text-sm text-foreground shadow-lg"
    >
      <p id="voice-blocked-title" className="font-semibold">
        {t('blocked.title')}
      </p>
      <p className="mt-1 leading-relaxed">{t('blocked.text')}</p>
      <button
        type="button"
        onClick={dismissBlocked}
        className="mt-2 font-medium text-accent underline underline-offset-4 hover:no-underline"
      >
        {t('blocked.dismiss')}
      </button>
    </div>
  );
  const messages = (
    <>
      {/* Present from the start, so screen readers announce each message as it arrives. */}
      <div
        role="status"
        aria-live="polite"
        aria-atomic="true"
        data-testid="voice-feedback"
        className={cn(
          feedback
            ? 'pointer-events-auto max-w-[min(18rem,calc(100vw-9rem))] rounded-xl border border-border bg-card px-3 py-2 text-sm text-foreground shadow-lg'
            : 'sr-only',
        )}
      >
        {feedback && (
          <>
            {feedback.heard && <p className="text-xs text-muted-foreground">{t('heard', { text: feedback.heard })}</p>}
            <p className={cn('font-medium', feedback.error && 'text-danger')}>{feedback.text}</p>
          </>
        )}
      </div>
      {listening && !feedback && (
        // What aria-pressed tells a screen reader, for the eye.
        <span
          aria-hidden="true"
          className="rounded-full border border-border bg-card px-3 py-1 text-xs font-medium text-foreground shadow-sm"
        >
          {t('listening')}
        </span>
      )}
    </>
  );
  const buttons = (
    <>
      <button
        type="button"
        aria-label={t('tutorial.open')}
        title={t('tutorial.open')}
        onClick={openTutorial}
        className={cn(
          'pointer-events-auto inline-flex items-center justify-center text-foreground hover:bg-muted',
          bar ? 'size-10 rounded-lg' : 'size-10 rounded-full border border-border bg-card shadow-md',
        )}
      >
        <CircleHelp aria-hidden="true" className="size-5" />
      </button>
      <button
        ref={mic}
        type="button"
        aria-label={tc('voice.control')}
        aria-pressed={listening}
        onClick={toggleListening}
        data-testid="voice-toggle"
        className={cn(
          'pointer-events-auto inline-flex items-center justify-center border',
          bar ? 'size-10 rounded-lg' : 'size-14 rounded-full shadow-lg',
          listening
            ? 'border-primary bg-primary text-primary-foreground ring-4 ring-primary/30 hover:bg-primary-hover'
            : cn('text-foreground hover:bg-muted', bar ? 'border-transparent' : 'border-border bg-card'),
        )}
      >
        {micIcon}
      </button>
    </>
  );

  // In the top bar the buttons stay in the bar and what they say opens below it, at its right.
  if (bar) {
    return (
      <div className="relative flex items-center gap-1" data-testid="voice-control">
        {buttons}
        <div className="pointer-events-none absolute top-full right-0 mt-3 flex w-max flex-col items-end gap-2">
          {blockedNote}
          {messages}
        </div>
        {state.tutorialOpen && <VoiceTutorial returnFocus={() => mic.current?.focus()} />}
      </div>
    );
  }

  return (
    <div className="flex flex-col items-end gap-2" data-testid="voice-control">
      {blockedNote}
      <div className="flex items-center gap-2">
        {messages}
        {buttons}
      </div>
      {state.tutorialOpen && <VoiceTutorial returnFocus={() => mic.current?.focus()} />}
    </div>
  );
}
