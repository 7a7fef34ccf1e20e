import { useRef, useState } from 'react';
import X from 'lucide-react/icons/x';
import { Dialog as RadixDialog } from 'radix-ui';
import type { Language } from '@shared/constants.ts';
import { Button } from '@/components/ui/button';
import { dialogOverlayClasses, dialogPanelClasses } from '@/components/ui/dialog';
import { isLanguage } from '@/lib/i18n';
import { useTranslation } from '@/lib/use-translation';
import { PHRASES, type VoiceCommand } from '../lib/commands';
import { closeTutorial } from '../lib/voice-store';

/** The tutorial's five steps. */
export const STEPS = ['intro', 'start', 'navigation', 'display', 'privacy'] as const;
type Step = (typeof STEPS)[number];

/** The commands each list step teaches, with the phrase in the interface language. */
const STEP_COMMANDS: Partial<Record<Step, VoiceCommand[]>> = {
  navigation: ['openCourses', 'goToPricing', 'startFreeTrial', 'scheduleDemo', 'contactSales', 'getHelp', 'createCourse', 'showStats'],
  display: ['toggleTheme', 'darkMode', 'lightMode', 'scrollUp', 'scrollDown', 'goToTop', 'stopListening'],
};

/**
 * The tutorial: five steps (what voice control is, how to start, the navigation commands,
 * theme and scrolling, privacy) with Previous (disabled on the first), Next, Get Started on the
 * last (which stores its completion and starts listening), a skip link and a close button. A
 * modal dialog: the focus moves in (to Next), Escape closes, and the focus returns to the
 * microphone button.
 */
export function VoiceTutorial({ returnFocus }: { returnFocus: () => void }) {
  const { t, i18n } = useTranslation('voice');
  const [index, setIndex] = useState(0);
  const primary = useRef<HTMLButtonElement>(null);
  const step = STEPS[index] ?? 'intro';
  const last = index === STEPS.length - 1;
  const language: Language = isLanguage(i18n.language) ? i18n.language : 'da';
  const phrases = PHRASES[language];
  const stop = phrases.stopListening.say;
  const commands = STEP_COMMANDS[step];

  return (
    <RadixDialog.Root open onOpenChange={(open) => !open && closeTutorial('closed')}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={dialogOverlayClasses} />
        <RadixDialog.Content
          className={dialogPanelClasses}
          aria-describedby="voice-tutorial-step"
          data-testid="voice-tutorial"
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            primary.current?.focus();
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocus();
          }}
        >
          <div className="flex items-start justify-between gap-4">
            <div>
              <RadixDialog.Title className="text-lg font-semibold">{t('tutorial.title')}</RadixDialog.Title>
              <p className="text-sm text-muted-foreground">
                {t('tutorial.progress', { step: String(index + 1), total: String(STEPS.length) })}
              </p>
            </div>
            <RadixDialog.Close
              aria-label={t('tutorial.close')}
              title={t('tutorial.close')}
              className="-mt-1 -mr-2 inline-flex size-10 shrink-0 items-center justify-center rounded-lg text-foreground hover:bg-muted"
            >
              <X aria-hidden="true" className="size-5" />
            </RadixDialog.Close>
          </div>

          {/* The step's content is announced as it changes, while the focus stays on Next. */}
          <div id="voice-tutorial-step" aria-live="polite" className="flex flex-col gap-3">
            <h3 className="text-base font-semibold">{t(`tutorial.steps.${step}.title`)}</h3>
            <p className="text-sm leading-relaxed">{t(`tutorial.steps.${step}.text`, { stop })}</p>
            {commands && (
              <ul className="flex flex-col gap-1.5 text-sm">
                {commands.map((command) => (
                  <li key={command}>
                    <span className="font-medium text-accent">{t('tutorial.say', { phrase: phrases[command].say })}</span>{' '}
                    <span className="text-muted-foreground">– {t(`commands.${command}`)}</span>
                  </li>
                ))}
              </ul>
            )}
          </div>

          <div className="flex flex-wrap items-center justify-between gap-3 pt-2">
            <button
              type="button"
              className="text-sm font-medium text-accent underline underline-offset-4 hover:no-underline"
              onClick={() => closeTutorial('skipped')}
            >
              {t('tutorial.skip')}
            </button>
            <div className="flex gap-3">
              <Button
                variant="secondary"
                disabled={index === 0}
                onClick={() => {
                  setIndex(index - 1);
                  // Previous is disabled on the first step: the focus goes on to Next rather than be lost.
                  if (index === 1) primary.current?.focus();
                }}
              >
                {t('tutorial.previous')}
              </Button>
              {/* One button throughout, so the focus stays on it when Next becomes Get Started. */}
              <Button ref={primary} onClick={() => (last ? closeTutorial('completed') : setIndex(index + 1))}>
                {last ? t('tutorial.getStarted') : t('tutorial.next')}
              </Button>
            </div>
          </div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
