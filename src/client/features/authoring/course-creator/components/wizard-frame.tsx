import type { ReactNode, Ref } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useTranslation } from '@/lib/use-translation';
import { helpersOf } from '../lib/helpers';
import { LAST_STEP, WIZARD_STEPS, type WizardMode } from '../lib/steps';
import { StepIndicator } from './step-indicator';

export interface WizardFrameProps {
  step: number;
  mode: WizardMode;
  onStep: (index: number) => void;
  onAi: () => void;
  onManual: () => void;
  manualPending?: boolean;
  headingRef?: Ref<HTMLHeadingElement>;
  /** Under the mode bar: the state of a switch to manual. */
  notice?: ReactNode;
  /**
   * The step's one way forward: Next Step (the default); the step's own button ('own': the
   * profile's Continue); or, while the questionnaire leads on with its own Next, a quiet button
   * that skips its questions, so no step offers two buttons that both read "next".
   */
  forward?: 'next' | 'own' | { skip: () => void };
  children: ReactNode;
}

/**
 * The wizard around its steps: the step indicator, the mode and the switch between AI
 * and manual, the step's heading and Previous Step / Next Step clamped to the first and last step.
 */
export function WizardFrame({
  step,
  mode,
  onStep,
  onAi,
  onManual,
  manualPending = false,
  headingRef,
  notice,
  forward = 'next',
  children,
}: WizardFrameProps) {
  const { t } = useTranslation('creator-wizard');
  const current = WIZARD_STEPS[step] ?? 'start';
  const modeLabel = mode === 'ai' ? t('wizard.modeAi') : mode === 'manual' ? t('wizard.modeManual') : t('wizard.modeUnset');
  return (
    <>
      <div className="mt-4">
        <StepIndicator current={step} onSelect={onStep} />
      </div>
      <div className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm">
        <p>
          <span className="text-muted-foreground">{t('wizard.modeLabel')}: </span>
          <span className="font-medium" data-testid="wizard-mode">
            {modeLabel}
          </span>
        </p>
        <div className="flex flex-wrap gap-2">
          {mode !== 'ai' && (
            <Button size="sm" variant="ghost" onClick={onAi}>
              {t('wizard.switchToAi')}
            </Button>
          )}
          <Button size="sm" variant="ghost" onClick={onManual} disabled={manualPending}>
            {t('wizard.switchToManual')}
          </Button>
        </div>
      </div>
      {notice}
      <Card className="mt-4 flex flex-col gap-6">
        <div>
          <p className="text-sm text-muted-foreground">{t('wizard.stepOf', { current: step + 1, total: WIZARD_STEPS.length })}</p>
          <h2 ref={headingRef} tabIndex={-1} className="text-xl font-semibold focus:outline-none" data-testid="step-heading">
            {t(`steps.${current}`)}
          </h2>
          <StepHelpers step={current} />
        </div>
        {children}
        <div className="flex flex-wrap justify-between gap-3 border-t border-border pt-4">
          <Button variant="secondary" disabled={step === 0} onClick={() => onStep(step - 1)}>
            {t('wizard.previous')}
          </Button>
          {forward === 'next' ? (
            <Button disabled={step === LAST_STEP} onClick={() => onStep(step + 1)}>
              {t('wizard.next')}
            </Button>
          ) : (
            forward !== 'own' && (
              <Button variant="ghost" onClick={forward.skip} data-testid="skip-questions">
                {t('wizard.skipQuestions')}
              </Button>
            )
          )}
        </div>
      </Card>
    </>
  );
}

/** Which of the creator's named AI helpers works on this step, and what it does there. */
function StepHelpers({ step }: { step: (typeof WIZARD_STEPS)[number] }) {
  const { t } = useTranslation('creator-wizard');
  const helpers = helpersOf(step);
  if (helpers.length === 0) return null;
  return (
    <ul className="mt-2 flex flex-col gap-1 text-sm" aria-label={t('helpers.onStep', { count: helpers.length })} data-testid="step-helpers">
      {helpers.map((helper) => (
        <li key={helper.key}>
          <span className="font-medium">{helper.name}</span>
          <span className="text-muted-foreground"> – {t(`helpers.${helper.key}.does`)}</span>
        </li>
      ))}
    </ul>
  );
}
