import { Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/use-toast';
import { currentLanguage } from '@/lib/i18n';
import { announcePlanRequired } from '@/lib/plan-required';
import { useShell } from '@/lib/shell-context';
import { useTranslation } from '@/lib/use-translation';
import type { TCourseConcept } from '@shared/schemas/course-creator.ts';
import { CONTENT_HISTORY } from '@shared/creator-limits.ts';
import type { TCreatorDraft, TCreatorDraftSummary, TDraftConcepts, TDraftContentItem } from '@shared/schemas/creator-drafts.ts';
import { chooseConcept } from '../api/choose-concept';
import { useCreateCourse } from '../api/create-course';
import { createDraft } from '../api/create-draft';
import { getDraft, updateDraft } from '../api/drafts';
import {
  DraftSync,
  draftPatch,
  draftPatchKey,
  historyItem,
  wizardFromDraft,
  worthSaving,
  type ConceptDetails,
  type WizardProfile,
  type WizardState,
} from '../lib/draft-sync';
import type { CreatorActionRequest } from '../lib/actions';
import {
  clampStep,
  courseFromDraft,
  draftFromProfile,
  EMPTY_ANSWERS,
  EMPTY_DRAFT,
  WIZARD_STEPS,
  type Answers,
  type CourseDraft,
  type WizardMode,
} from '../lib/wizard';
import { ResumeDrafts } from './resume-drafts';
import { draftInAddress, rememberInAddress } from '../lib/draft-address';
import { NEW_COURSE_PATH } from '../lib/paths';
import { LoadingPart } from '@/components/ui/loading-part';
import { StartChoice } from './start-choice';
import { WizardFrame, type WizardFrameProps } from './wizard-frame';
import { WizardNotices } from './wizard-notices';
import { NeedsStage } from './needs-stage';
import { useAddFeature } from './use-add-feature';
import { WithQueryClient } from './with-query-client';
import { ConceptStage, ContentStage, InsightsStep, LaunchStep, OutlineStage } from './later-steps';

/** The creator's wizard, the workspace's creator page (routes/workspace-creator.tsx). */
export default function CreatorWizard({ action }: { action: CreatorActionRequest | null }) {
  return (
    <WithQueryClient>
      <Wizard action={action} />
    </WithQueryClient>
  );
}

/** How long the wizard waits after a change before saving it: a burst of typing is one save. */
const SAVE_AFTER_MS = 400;

function Wizard({ action }: { action: CreatorActionRequest | null }) {
  const { t } = useTranslation('creator-wizard');
  const { session, navigate, search } = useShell();
  const queryClient = useQueryClient();
  const [step, setStep] = useState(0);
  const [mode, setMode] = useState<WizardMode>(null);
  const [profile, setProfile] = useState<WizardProfile | null>(null);
  const [profileDone, setProfileDone] = useState(false);
  const [draft, setDraft] = useState<CourseDraft>(EMPTY_DRAFT);
  const [concept, setConcept] = useState<ConceptDetails | null>(null);
  const [concepts, setConcepts] = useState<TDraftConcepts | null>(null);
  const chosen = concepts?.chosen ?? null;
  const [contentHistory, setContentHistory] = useState<TDraftContentItem[]>([]);
  const [answers, setAnswers] = useState<Answers>(EMPTY_ANSWERS);
  const createCourse = useCreateCourse();
  const [saved, setSaved] = useState<TCreatorDraft | null>(null);
  const [saveError, setSaveError] = useState<unknown>(null);
  const [saving, setSaving] = useState(0);
  const stepHeading = useRef<HTMLHeadingElement>(null);
  // Focus moves to the step's heading on every change of step (not on the page's first render).
  const [focusRequest, setFocusRequest] = useState(0);
  const [seenAction, setSeenAction] = useState<number | null>(null);
  const [manualRequest, setManualRequest] = useState<number | null>(null);
  const user = session.user;
  const canSave = user?.role === 'admin' || user?.role === 'instructor';
  // The wizard's state is saved as a creator draft, in order, always the latest.
  const [sync] = useState(
    () =>
      new DraftSync(
        { create: createDraft, update: updateDraft, get: getDraft },
        (next) => {
          setSaved(next);
          rememberInAddress(next.id);
        },
        (error) => {
          // A read-only company: the toast says why, besides the wizard's own notice.
          announcePlanRequired(error);
          setSaveError(error);
        },
        currentLanguage,
      ),
  );
  const [restoring, setRestoring] = useState<'no' | 'loading' | 'missing'>(() => (draftInAddress(search) ? 'loading' : 'no'));
  // Only a user who may have drafts waits for one (a visitor's wizard starts at once).
  const loadingDraft = restoring === 'loading' && (session.status === 'loading' || canSave);

  useEffect(() => {
    if (focusRequest > 0) stepHeading.current?.focus();
  }, [focusRequest]);

  const goTo = (index: number) => {
    setStep(clampStep(index));
    setFocusRequest((n) => n + 1);
  };

  const setupRequired = () => void queryClient.invalidateQueries({ queryKey: ['ai-status'] });

  const state: WizardState = { step, mode, draft, concept, concepts, contentHistory, profile, profileDone, answers };
  const patch = useMemo(
    () => draftPatch({ step, mode, draft, concept, concepts, contentHistory, profile, profileDone, answers }),
    [step, mode, draft, concept, concepts, contentHistory, profile, profileDone, answers],
  );
  const patchKey = useMemo(() => draftPatchKey(patch), [patch]);
  // The last state handed to the saver: the wizard says "saving" from a change until it is saved.
  const [queuedKey, setQueuedKey] = useState<string | null>(null);
  const unsent = useRef<typeof patch | null>(null);

  const queueSave = () => {
    if (patchKey === queuedKey) return;
    setQueuedKey(patchKey);
    unsent.current = null;
    setSaving((n) => n + 1);
    void sync.save(patch).finally(() => setSaving((n) => n - 1));
  };

  /** The wizard as a saved draft left it (a reload, a bookmark, or "continue where you left off"). */
  const resume = (from: TCreatorDraft) => {
    const restored = wizardFromDraft(from);
    sync.set(from);
    setQueuedKey(draftPatchKey(draftPatch(restored)));
    setStep(restored.step);
    setMode(restored.mode);
    setDraft(restored.draft);
    setConcept(restored.concept);
    setProfile(restored.profile);
    setProfileDone(restored.profileDone);
    setAnswers(restored.answers);
    setConcepts(restored.concepts);
    setContentHistory(restored.contentHistory);
    setRestoring('no');
    setFocusRequest((n) => n + 1);
  };

  /** A draft from the list of latest ones: read whole first (the list leaves the content history out). */
  const resumeListed = (listed: TCreatorDraftSummary) => {
    setRestoring('loading');
    getDraft(listed.id).then(resume, () => setRestoring('missing'));
  };

  // A draft named in the address is read once the session is known; one that is gone (or not this user's) starts afresh.
  useEffect(() => {
    const id = draftInAddress(search);
    if (restoring !== 'loading' || !id || session.status === 'loading') return;
    if (!canSave) return;
    let live = true;
    getDraft(id).then(
      (found) => live && resume(found),
      () => {
        if (!live) return;
        rememberInAddress(null);
        setRestoring('missing');
      },
    );
    return () => {
      live = false;
    };
    // Once, when the session is known.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [session.status]);

  // Every change is saved shortly after (once there is something worth a draft); what is still unsent
  // when the wizard closes (the builder opens) is sent then.
  useEffect(() => {
    if (!canSave || loadingDraft || patchKey === queuedKey) return;
    if (!sync.current && !worthSaving(state)) return;
    unsent.current = patch;
    const timer = setTimeout(queueSave, SAVE_AFTER_MS);
    return () => clearTimeout(timer);
    // The key stands for the patch.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [patchKey, queuedKey, canSave, loadingDraft]);
  useEffect(
    () => () => {
      if (unsent.current) void sync.save(unsent.current);
    },
    [sync],
  );

  /** An action on the saved draft, after the wizard's latest state is saved (made first if need be). */
  const withDraft = <T,>(action: (current: TCreatorDraft) => Promise<T>): Promise<T> => {
    if (canSave) queueSave();
    return sync.withDraft(action);
  };
  const ensureDraft = () => withDraft(async (current) => current);

  // The chosen concept becomes the draft's course, which the builder opens (the teacher may switch to manual at any time).
  const openConcept = useMutation({
    mutationFn: (chosenConcept: TCourseConcept) =>
      withDraft(async (current) => {
        if (current.course_id) return current.course_id;
        const { draft: next, course_id } = await chooseConcept(current.id, { concept: chosenConcept, version: current.version });
        sync.set(next);
        return course_id;
      }),
    onSuccess: (courseId) => navigate(`/dashboard/courses/${encodeURIComponent(courseId)}`),
  });

  const integrate = useAddFeature(withDraft, profile, (draftNow, feature) => {
    sync.set(draftNow);
    setProfile((p) => p && { ...p, missingFeatures: p.missingFeatures.filter((f) => f.key !== feature) });
  });

  const openCourse = (courseId: string) => navigate(`/dashboard/courses/${encodeURIComponent(courseId)}`);

  /** The teacher may switch to manual at any time; the builder opens on the draft as far as it got. */
  const openBuilder = () => {
    if (!session.user) return navigate(`/login?next=${encodeURIComponent(NEW_COURSE_PATH)}`);
    const picked = chosen === null ? null : (concepts?.concepts[chosen] ?? null);
    if (picked) return openConcept.mutate(picked);
    if (saved?.course_id) return openCourse(saved.course_id);
    const body = courseFromDraft(draft, null, currentLanguage());
    if (!body) return navigate(NEW_COURSE_PATH);
    createCourse.mutate(body, { onSuccess: (course) => openCourse(course.id) });
  };
  const switchToManual = () => {
    setMode('manual');
    openBuilder();
  };

  const startAi = () => {
    setMode('ai');
    goTo(0);
  };

  // What the address asked for as the page opened (a public page's tool or call to action): state
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

  const completeProfile = (analysed: WizardProfile) => {
    setDraft((current) => draftFromProfile(current, analysed, (subject, audience) => t('profile.titleTemplate', { subject, audience })));
    setProfileDone(true);
    toast({ title: t('toast.visionTitle') });
    goTo(1);
  };

  const analysed = (result: WizardProfile) => {
    setProfile(result);
    setProfileDone(false);
    // With no features to integrate the profile is complete at once.
    if (result.missingFeatures.length === 0) completeProfile(result);
  };

  const current = WIZARD_STEPS[step] ?? 'start';
  const unsaved = canSave && !loadingDraft && patchKey !== queuedKey && (saved !== null || worthSaving(state));
  const busyOpening = createCourse.isPending || openConcept.isPending;
  // One way forward per step: the questionnaire leads on with its own Next (the frame offers to skip
  // its questions instead), the analysed profile with its Continue, a chosen concept with its own
  // button; otherwise the frame's Next Step.
  const forward: WizardFrameProps['forward'] = loadingDraft
    ? 'next'
    : current === 'start' && mode === 'ai' && !profileDone
      ? profile
        ? 'own'
        : { skip: () => goTo(1) }
      : current === 'concept' && chosen !== null
        ? 'own'
        : 'next';

  return (
    <WizardFrame
      step={step}
      mode={mode}
      onStep={goTo}
      onAi={startAi}
      onManual={switchToManual}
      manualPending={busyOpening}
      headingRef={stepHeading}
      forward={forward}
      notice={
        <WizardNotices
          saveStatus={
            canSave && (saved || unsaved || saving > 0 || saveError !== null)
              ? saveError
                ? { error: saveError }
                : unsaved || saving > 0
                  ? 'saving'
                  : 'saved'
              : null
          }
          draftMissing={restoring === 'missing'}
          opening={busyOpening}
          openError={createCourse.isError || openConcept.isError ? (createCourse.error ?? openConcept.error) : null}
        />
      }
    >
      {loadingDraft ? (
        <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground" data-testid="draft-loading">
          {t('wizard.resuming')}
        </p>
      ) : (
        <>
          {current === 'start' &&
            (mode !== 'ai' ? (
              <>
                <StartChoice onAi={startAi} onManual={switchToManual} manualPending={busyOpening} />
                {canSave && !saved && <ResumeDrafts onResume={resumeListed} />}
              </>
            ) : (
              <NeedsStage
                draft={draft}
                answers={answers}
                onAnswers={setAnswers}
                onAnalysed={analysed}
                profile={profile}
                {...(!profileDone && profile && { onContinue: () => completeProfile(profile), onAdd: integrate })}
                onSetupRequired={setupRequired}
              />
            ))}

          <Suspense fallback={<LoadingPart className="h-64" />}>
            {current === 'concept' && (
              <ConceptStage
                draft={draft}
                onDraftChange={setDraft}
                profile={profileDone ? profile : null}
                concepts={concepts}
                onConcepts={setConcepts}
                onConcept={setConcept}
                onNext={() => goTo(2)}
                onOpenBuilder={switchToManual}
                opening={busyOpening}
                onSetupRequired={setupRequired}
              />
            )}

            {current === 'outline' && (
              <OutlineStage
                state={state}
                saved={saved}
                sync={sync}
                ensureDraft={ensureDraft}
                onOpenBuilder={openCourse}
                onSetupRequired={setupRequired}
                onConceptStep={() => goTo(1)}
              />
            )}

            {current === 'content' && (
              <ContentStage
                draft={draft}
                courseId={saved?.course_id ?? null}
                history={contentHistory}
                // Newest first; the state keeps what the draft can keep, so the list is the same after a reload.
                onGenerated={(item) => setContentHistory((items) => [historyItem(item), ...items].slice(0, CONTENT_HISTORY.items))}
                onSetupRequired={setupRequired}
              />
            )}

            {current === 'insights' && <InsightsStep draftCourseId={saved?.course_id ?? null} onSetupRequired={setupRequired} />}

            {current === 'launch' && <LaunchStep draftCourseId={saved?.course_id ?? null} onSetupRequired={setupRequired} />}
          </Suspense>
        </>
      )}
    </WizardFrame>
  );
}
