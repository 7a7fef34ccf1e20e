import { useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { QueryClientContext, QueryClientProvider, useQueryClient, type QueryClient } from '@tanstack/react-query';
import PenTool from 'lucide-react/icons/pen-tool';
import type { TGenerateConceptResponse, TTeacherProfile } from '@shared/schemas/course-creator.ts';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { currentLanguage } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { useShell } from '@/lib/shell-context';
import { useTranslation } from '@/lib/use-translation';
import { useMutation } from '@tanstack/react-query';
import type { TCourseConcept } from '@shared/schemas/course-creator.ts';
import type { TCreatorDraft, TDraftTeacherProfile } from '@shared/schemas/creator-drafts.ts';
import { CREATOR_TIMINGS } from '@shared/creator-timings.ts';
import { COURSE_FEATURES, type CourseFeature } from '@shared/course-features.ts';
import { addFeature } from '../api/add-feature';
import { chooseConcept } from '../api/choose-concept';
import { useCreateCourse } from '../api/create-course';
import { createDraft } from '../api/create-draft';
import type { CreatorActionRequest } from '../lib/actions';
import { errorText } from '../lib/ai-errors';
import { clampStep, courseFromDraft, draftFromProfile, EMPTY_DRAFT, WIZARD_STEPS, type CourseDraft, type WizardMode } from '../lib/wizard';
import { AiDemoPanel } from './ai-demo-panel';
import { AiGate } from './ai-gate';
import { ConceptStep } from './concept-step';
import { ContentGenerator } from './content-generator';
import { InsightsStep } from './insights-step';
import { LaunchStep } from './launch-step';
import { NEW_COURSE_PATH } from '../lib/paths';
import { StartChoice } from './start-choice';
import { TeacherProfileView } from './teacher-profile';
import { TeacherQuestionnaire } from './teacher-questionnaire';
import { TemplateGenerator } from './template-generator';
import { WizardFrame } from './wizard-frame';

let lightClient: QueryClient | undefined;

/** In the full app the app's query client; on the light shell (a direct load of this public page) one of its own. */
function WithQueryClient({ children }: { children: ReactNode }) {
  const appClient = useContext(QueryClientContext);
  if (appClient) return children;
  lightClient ??= createQueryClient();
  return <QueryClientProvider client={lightClient}>{children}</QueryClientProvider>;
}

/** The AI systems demo cards, from this chunk (loaded on intent). */
export function CreatorDemos({ action }: { action: CreatorActionRequest | null }) {
  return (
    <WithQueryClient>
      <AiDemoPanel action={action} />
    </WithQueryClient>
  );
}

/** The creator's wizard (SPEC §2), its own chunk: the page shows a stand-in of its first step until it is here. */
export default function CreatorWizard({ action }: { action: CreatorActionRequest | null }) {
  return (
    <WithQueryClient>
      <Wizard action={action} />
    </WithQueryClient>
  );
}

function Wizard({ action }: { action: CreatorActionRequest | null }) {
  const { t } = useTranslation('creator-wizard');
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
  const [saved, setSaved] = useState<TCreatorDraft | null>(null);
  const stepHeading = useRef<HTMLHeadingElement>(null);
  // Focus moves to the step's heading on every change of step (not on the page's first render).
  const [focusRequest, setFocusRequest] = useState(0);
  const [seenAction, setSeenAction] = useState<number | null>(null);
  const [manualRequest, setManualRequest] = useState<number | null>(null);

  useEffect(() => {
    if (focusRequest > 0) stepHeading.current?.focus();
  }, [focusRequest]);

  const goTo = (index: number) => {
    setStep(clampStep(index));
    setFocusRequest((n) => n + 1);
  };

  const setupRequired = () => void queryClient.invalidateQueries({ queryKey: ['ai-status'] });

  /** The wizard's saved draft (add-feature and choose-concept work on one), made at first need. */
  const ensureDraft = async (): Promise<TCreatorDraft> => {
    if (saved) return saved;
    const context = Object.fromEntries(Object.entries(draft).filter(([, value]) => value.trim() !== ''));
    const made = await createDraft({ language: currentLanguage(), mode: 'ai', step, course_context: context, ...(profile && { teacher_profile: draftProfile(profile) }) });
    setSaved(made);
    return made;
  };

  // The chosen concept becomes the draft's course, which the builder opens (SPEC §1: switch at any time).
  const openConcept = useMutation({
    mutationFn: async (concept: TCourseConcept) => {
      const current = await ensureDraft();
      if (current.course_id) return current.course_id;
      const { draft: next, course_id } = await chooseConcept(current.id, { concept, version: current.version });
      setSaved(next);
      return course_id;
    },
    onSuccess: (courseId) => navigate(`/dashboard/courses/${encodeURIComponent(courseId)}`),
  });

  /** SPEC §4: a feature is added (at least SPEC's 3 s, as long as the call runs), then leaves the list. */
  const integrate = async (feature: CourseFeature) => {
    const label = COURSE_FEATURES[feature][currentLanguage()];
    try {
      const current = await ensureDraft();
      const [result] = await Promise.all([
        addFeature({ feature, draft_id: current.id, ...(profile && { teacher_profile: draftProfile(profile) }) }),
        new Promise((resolve) => setTimeout(resolve, CREATOR_TIMINGS.featureAddMs)),
      ]);
      setSaved(result.draft);
      setProfile((p) => p && { ...p, missingFeatures: p.missingFeatures.filter((f) => f.key !== feature) });
      toast({ title: t('toast.featureTitle'), description: label });
    } catch {
      toast({ title: t('toast.integrationFailed'), description: t('toast.integrationFailedText', { feature: label }), variant: 'destructive' });
    }
  };

  /** SPEC §1: switch to manual at any time; the builder opens on the draft as far as it got. */
  const openBuilder = () => {
    if (!session.user) return navigate(`/login?next=${encodeURIComponent(NEW_COURSE_PATH)}`);
    const concept = chosen === null ? null : (concepts?.concepts[chosen] ?? null);
    if (concept) return openConcept.mutate(concept);
    if (saved?.course_id) return navigate(`/dashboard/courses/${encodeURIComponent(saved.course_id)}`);
    const body = courseFromDraft(draft, chosen === null ? null : (concepts?.concepts[chosen] ?? null), currentLanguage());
    if (!body) return navigate(NEW_COURSE_PATH);
    createCourse.mutate(body, { onSuccess: (course) => navigate(`/dashboard/courses/${encodeURIComponent(course.id)}`) });
  };
  const switchToManual = () => {
    setMode('manual');
    openBuilder();
  };

  const startAi = () => {
    setMode('ai');
    goTo(0);
  };

  // What the page asked for before this chunk had loaded, or since (tools, call to action): state
  // follows at once; opening the builder (navigation, a request) runs after the render.
  if (action && action.id !== seenAction) {
    setSeenAction(action.id);
    if (action.kind === 'ai') startAi();
    else if (action.kind === 'step') goTo(action.index);
    else if (action.kind === 'manual') {
      setMode('manual');
      setManualRequest(action.id);
    }
  }
  useEffect(() => {
    if (manualRequest !== null) openBuilder();
    // Once per request, with the draft of the moment.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [manualRequest]);

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

  return (
    <WizardFrame
      step={step}
      mode={mode}
      onStep={goTo}
      onAi={startAi}
      onManual={switchToManual}
      manualPending={createCourse.isPending || openConcept.isPending}
      headingRef={stepHeading}
      notice={
        <>
          {(createCourse.isPending || openConcept.isPending) && (
            <p role="status" className="mt-2 text-sm text-muted-foreground">
              {t('wizard.creatingCourse')}
            </p>
          )}
          {(createCourse.isError || openConcept.isError) && (
            <p role="alert" className="mt-2 text-sm text-danger">
              {t('wizard.createFailed', { message: errorText(createCourse.error ?? openConcept.error) })}
            </p>
          )}
        </>
      }
    >
      {current === 'start' &&
        (mode !== 'ai' ? (
          <StartChoice onAi={startAi} onManual={switchToManual} manualPending={createCourse.isPending || openConcept.isPending} />
        ) : profile ? (
          <TeacherProfileView profile={profile} {...(!profileDone && { onContinue: () => completeProfile(profile), onAdd: integrate })} />
        ) : (
          <AiGate>
            <TeacherQuestionnaire draft={draft} onAnalysed={analysed} onSetupRequired={setupRequired} />
          </AiGate>
        ))}

      {current === 'concept' && (
        <>
          {profile && profileDone && (
            <details className="rounded-xl border border-border p-4">
              <summary className="cursor-pointer font-medium">{t('profile.heading')}</summary>
              <div className="mt-3">
                <TeacherProfileView profile={profile} />
              </div>
            </details>
          )}
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
              <Button onClick={switchToManual} disabled={createCourse.isPending || openConcept.isPending} data-testid="open-builder">
                <PenTool aria-hidden="true" className="size-4" />
                {t('concept.openBuilder')}
              </Button>
            </div>
          )}
        </>
      )}

      {current === 'outline' && (
        <TemplateGenerator
          draft={draft}
          ensureDraft={ensureDraft}
          onDraft={setSaved}
          onApplied={(courseId) => navigate(`/dashboard/courses/${encodeURIComponent(courseId)}`)}
          onSetupRequired={setupRequired}
        />
      )}

      {current === 'content' && <ContentGenerator draft={draft} courseId={saved?.course_id ?? null} onSetupRequired={setupRequired} />}

      {current === 'insights' && <InsightsStep draftCourseId={saved?.course_id ?? null} onSetupRequired={setupRequired} />}

      {current === 'launch' && <LaunchStep draftCourseId={saved?.course_id ?? null} onSetupRequired={setupRequired} />}
    </WizardFrame>
  );
}

/** The profile as a draft stores it (without the answer's language and source). */
function draftProfile(profile: TTeacherProfile): TDraftTeacherProfile {
  const { experience, subject, audience, goals, challenges, preferences, missingFeatures } = profile;
  return { experience, subject, audience, goals, challenges, preferences, missingFeatures };
}
