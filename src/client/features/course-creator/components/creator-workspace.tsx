import { useContext, useEffect, useRef, useState } from 'react';
import { QueryClientContext, QueryClientProvider, useQueryClient, type QueryClient } from '@tanstack/react-query';
import ArrowLeft from 'lucide-react/icons/arrow-left';
import ArrowRight from 'lucide-react/icons/arrow-right';
import PenTool from 'lucide-react/icons/pen-tool';
import Play from 'lucide-react/icons/play';
import WandSparkles from 'lucide-react/icons/wand-sparkles';
import type { TGenerateConceptResponse, TTeacherProfile } from '@shared/schemas/course-creator.ts';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { currentLanguage } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { useShell } from '@/lib/shell-context';
import { useTranslation } from '@/lib/use-translation';
import { useCreateCourse } from '../api/create-course';
import { errorText } from '../lib/ai-errors';
import { clampStep, courseFromDraft, draftFromProfile, EMPTY_DRAFT, LAST_STEP, WIZARD_STEPS, type CourseDraft, type WizardMode, type WizardStep } from '../lib/wizard';
import { AiDemoPanel } from './ai-demo-panel';
import { AiGate } from './ai-gate';
import { AiToolsGrid } from './ai-tools-grid';
import { ConceptStep } from './concept-step';
import { FeatureGrid } from './feature-grid';
import { HeroFigures } from './hero-figures';
import { StepIndicator } from './step-indicator';
import { TeacherProfileView } from './teacher-profile';
import { TeacherQuestionnaire } from './teacher-questionnaire';

/** The builder's "create course" dialog: where Start Manual goes while the wizard has no title yet. */
const NEW_COURSE_PATH = '/dashboard?new=course';
/** Steps whose tools are still being built (issue 7 §3): their panels say so and offer the builder. */
const COMING: readonly WizardStep[] = ['outline', 'content', 'insights', 'launch'];

let lightClient: QueryClient | undefined;

/**
 * The AI course creator's workspace (SPEC §2), its own chunk. In the full app it uses the app's
 * query client; on the light shell (a direct load of this public page) one of its own.
 */
export default function CreatorWorkspace() {
  const appClient = useContext(QueryClientContext);
  if (appClient) return <Workspace />;
  lightClient ??= createQueryClient();
  return (
    <QueryClientProvider client={lightClient}>
      <Workspace />
    </QueryClientProvider>
  );
}

function Workspace() {
  const { t } = useTranslation('creator');
  const { session, navigate } = useShell();
  const queryClient = useQueryClient();
  const [step, setStep] = useState(0);
  const [mode, setMode] = useState<WizardMode>(null);
  const [profile, setProfile] = useState<TTeacherProfile | null>(null);
  const [profileDone, setProfileDone] = useState(false);
  const [draft, setDraft] = useState<CourseDraft>(EMPTY_DRAFT);
  const [concepts, setConcepts] = useState<TGenerateConceptResponse | null>(null);
  const [chosen, setChosen] = useState<number | null>(null);
  const createCourse = useCreateCourse();
  const stepHeading = useRef<HTMLHeadingElement>(null);
  const demoHeading = useRef<HTMLHeadingElement>(null);
  const focusStep = useRef(false);

  // Focus moves to the step's heading on every change of step (not on the page's first render).
  useEffect(() => {
    if (!focusStep.current) return;
    focusStep.current = false;
    stepHeading.current?.focus();
  }, [step]);

  const goTo = (index: number) => {
    focusStep.current = true;
    setStep(clampStep(index));
    // The same step again (a tool for the step on screen) still brings its heading into view.
    if (clampStep(index) === step) stepHeading.current?.focus();
  };

  const setupRequired = () => void queryClient.invalidateQueries({ queryKey: ['ai-status'] });

  /** SPEC §1: switch to manual at any time; the builder opens on the draft as far as it got. */
  const switchToManual = () => {
    setMode('manual');
    if (!session.user) return navigate(`/login?next=${encodeURIComponent(NEW_COURSE_PATH)}`);
    const body = courseFromDraft(draft, chosen === null ? null : (concepts?.concepts[chosen] ?? null), currentLanguage());
    if (!body) return navigate(NEW_COURSE_PATH);
    createCourse.mutate(body, { onSuccess: (course) => navigate(`/dashboard/courses/${encodeURIComponent(course.id)}`) });
  };

  const startAi = () => {
    setMode('ai');
    goTo(0);
  };

  const completeProfile = (analysed: TTeacherProfile) => {
    setDraft((current) => draftFromProfile(current, analysed, (subject, audience) => t('profile.titleTemplate', { subject, audience })));
    setProfileDone(true);
    toast({ title: t('toast.visionTitle') });
    goTo(1);
  };

  const analysed = (result: TTeacherProfile) => {
    setProfile(result);
    setProfileDone(false);
    // SPEC §4: with no features to integrate the profile is complete at once.
    if (result.missingFeatures.length === 0) completeProfile(result);
  };

  const current = WIZARD_STEPS[step] ?? 'start';
  const modeLabel = mode === 'ai' ? t('wizard.modeAi') : mode === 'manual' ? t('wizard.modeManual') : t('wizard.modeUnset');

  return (
    <>
      <HeroFigures />
      <FeatureGrid />

      <section aria-labelledby="wizard-heading" className="mt-16" data-testid="creator-wizard">
        <h2 id="wizard-heading" className="text-2xl font-semibold">
          {t('wizard.heading')}
        </h2>
        <div className="mt-6">
          <StepIndicator current={step} onSelect={goTo} />
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
              <Button size="sm" variant="ghost" onClick={startAi}>
                <WandSparkles aria-hidden="true" className="size-4" />
                {t('wizard.switchToAi')}
              </Button>
            )}
            <Button size="sm" variant="ghost" onClick={switchToManual} disabled={createCourse.isPending}>
              {createCourse.isPending ? <Spinner /> : <PenTool aria-hidden="true" className="size-4" />}
              {t('wizard.switchToManual')}
            </Button>
          </div>
        </div>
        {createCourse.isPending && (
          <p role="status" className="mt-2 text-sm text-muted-foreground">
            {t('wizard.creatingCourse')}
          </p>
        )}
        {createCourse.isError && (
          <p role="alert" className="mt-2 text-sm text-danger">
            {t('wizard.createFailed', { message: errorText(createCourse.error) })}
          </p>
        )}

        <Card className="mt-4 flex flex-col gap-6">
          <div>
            <p className="text-sm text-muted-foreground">{t('wizard.stepOf', { current: step + 1, total: WIZARD_STEPS.length })}</p>
            <h3 ref={stepHeading} tabIndex={-1} className="text-xl font-semibold focus:outline-none" data-testid="step-heading">
              {t(`steps.${current}`)}
            </h3>
          </div>

          {current === 'start' &&
            (mode !== 'ai' ? (
              <StartChoice onAi={startAi} onManual={switchToManual} manualPending={createCourse.isPending} />
            ) : profile ? (
              <TeacherProfileView profile={profile} {...(!profileDone && { onContinue: () => completeProfile(profile) })} />
            ) : (
              <AiGate>
                <TeacherQuestionnaire draft={draft} onAnalysed={analysed} onSetupRequired={setupRequired} />
              </AiGate>
            ))}

          {current === 'concept' && (
            <>
              {profile && profileDone && <TeacherProfileSummary profile={profile} />}
              <ConceptStep
                draft={draft}
                onDraftChange={setDraft}
                fromProfile={profileDone}
                result={concepts}
                onResult={(result) => {
                  setConcepts(result);
                  setChosen(null);
                }}
                chosen={chosen}
                onChoose={(index) => {
                  setChosen(index);
                  const concept = concepts?.concepts[index];
                  if (concept) setDraft((d) => ({ ...d, title: concept.title, description: concept.description }));
                }}
                onSetupRequired={setupRequired}
              />
              {chosen !== null && (
                <div>
                  <Button onClick={switchToManual} disabled={createCourse.isPending} data-testid="open-builder">
                    <PenTool aria-hidden="true" className="size-4" />
                    {t('concept.openBuilder')}
                  </Button>
                </div>
              )}
            </>
          )}

          {COMING.includes(current) && (
            <div className="flex flex-col items-start gap-4" data-testid={`step-${current}`}>
              <p className="max-w-2xl leading-relaxed text-muted-foreground">{t(`soon.${current as 'outline'}`)}</p>
              <Button variant="secondary" onClick={switchToManual} disabled={createCourse.isPending}>
                <PenTool aria-hidden="true" className="size-4" />
                {t('concept.openBuilder')}
              </Button>
            </div>
          )}

          <div className="flex flex-wrap justify-between gap-3 border-t border-border pt-4">
            <Button variant="secondary" disabled={step === 0} onClick={() => goTo(step - 1)}>
              <ArrowLeft aria-hidden="true" className="size-4" />
              {t('wizard.previous')}
            </Button>
            <Button disabled={step === LAST_STEP} onClick={() => goTo(step + 1)}>
              {t('wizard.next')}
              <ArrowRight aria-hidden="true" className="size-4" />
            </Button>
          </div>
        </Card>
      </section>

      <AiToolsGrid
        comingSteps={COMING}
        onOpen={(target, tool) => {
          if (tool === 'needs') setMode('ai');
          goTo(WIZARD_STEPS.indexOf(target));
        }}
      />

      <section aria-labelledby="creator-cta-heading" className="mt-16 rounded-2xl border border-border bg-card p-8 text-center">
        <h2 id="creator-cta-heading" className="text-2xl font-semibold">
          {t('cta.heading')}
        </h2>
        <p className="mt-2 text-muted-foreground">{t('cta.text')}</p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <Button size="lg" onClick={startAi}>
            <WandSparkles aria-hidden="true" className="size-4" />
            {t('cta.start')}
          </Button>
          <Button size="lg" variant="secondary" onClick={() => demoHeading.current?.focus()}>
            <Play aria-hidden="true" className="size-4" />
            {t('cta.demo')}
          </Button>
        </div>
      </section>

      <AiDemoPanel headingRef={demoHeading} />
    </>
  );
}

function StartChoice({ onAi, onManual, manualPending }: { onAi: () => void; onManual: () => void; manualPending: boolean }) {
  const { t } = useTranslation('creator');
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <div className="flex flex-col items-start gap-3 rounded-xl border border-border p-5">
        <Button onClick={onAi} data-testid="start-ai">
          <WandSparkles aria-hidden="true" className="size-4" />
          {t('start.ai')}
        </Button>
        <p className="text-sm text-muted-foreground">{t('start.aiText')}</p>
      </div>
      <div className="flex flex-col items-start gap-3 rounded-xl border border-border p-5">
        <Button variant="secondary" onClick={onManual} disabled={manualPending} data-testid="start-manual">
          <PenTool aria-hidden="true" className="size-4" />
          {t('start.manual')}
        </Button>
        <p className="text-sm text-muted-foreground">{t('start.manualText')}</p>
      </div>
    </div>
  );
}

function TeacherProfileSummary({ profile }: { profile: TTeacherProfile }) {
  const { t } = useTranslation('creator');
  return (
    <details className="rounded-xl border border-border p-4">
      <summary className="cursor-pointer font-medium">{t('profile.heading')}</summary>
      <div className="mt-3">
        <TeacherProfileView profile={profile} />
      </div>
    </details>
  );
}
