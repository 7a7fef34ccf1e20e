import { useId, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import PenTool from 'lucide-react/icons/pen-tool';
import Sparkles from 'lucide-react/icons/sparkles';
import { COURSE_FEATURES, type CourseFeature } from '@shared/course-features.ts';
import type { TCreatorDraft } from '@shared/schemas/creator-drafts.ts';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Spinner } from '@/components/ui/spinner';
import { currentLanguage } from '@/lib/i18n';
import { useTranslation } from '@/lib/use-translation';
import { courseJobs } from '@/features/courses/builder/api/courses';
import { JobProgress } from '@/features/jobs/job-progress';
import { chooseConcept } from '../api/choose-concept';
import { generateDraftCourse, updateDraft } from '../api/drafts';
import { errorText, isSetupRequired } from '../lib/ai-errors';
import type { DraftSync, WizardState } from '../lib/draft-sync';
import { conceptOf } from '../lib/draft-sync';
import { AiGate } from './ai-gate';

/** The draft features the whole-course job builds (ADR 022); certificates and due dates need nothing generated. */
const GENERATED_FEATURES: readonly CourseFeature[] = ['module-quizzes', 'video-scripts', 'downloadable-workbook', 'second-language'];

export interface GenerateCourseProps {
  state: Pick<WizardState, 'draft' | 'concept'>;
  saved: TCreatorDraft | null;
  sync: DraftSync;
  onOpenBuilder: (courseId: string) => void;
  onSetupRequired: () => void;
  onConceptStep: () => void;
}

/**
 * "Whole course": from the chosen concept (or the template made the outline), the draft's
 * course is written by the durable whole-course job with the features the teacher switched on, and
 * each lesson's state shows live. A reload finds the course's latest job again. The course is in the
 * builder, editable, from the first moment.
 */
export function GenerateCourse({ state, saved, sync, onOpenBuilder, onSetupRequired, onConceptStep }: GenerateCourseProps) {
  const { t } = useTranslation('creator-wizard');
  const ids = useId();
  const courseId = saved?.course_id ?? null;
  const [started, setStarted] = useState<string | null>(null);
  const [dismissed, setDismissed] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const queryClient = useQueryClient();
  // Read afresh each time the step opens: a job started here since, or in another tab, is found.
  const jobs = useQuery({
    queryKey: ['course-generation-jobs', courseId],
    queryFn: ({ signal }) => courseJobs(courseId!, signal),
    enabled: courseId !== null && started === null,
    staleTime: 0,
  });
  const latest = jobs.data?.jobs.find((job) => job.kind === 'whole-course')?.id ?? null;
  const jobId = started ?? latest;
  const shownJob = jobId !== null && jobId !== dismissed ? jobId : null;
  const concept = conceptOf(state);
  const features = new Set(saved?.features ?? []);
  const language = currentLanguage();

  const toggleFeature = useMutation({
    mutationFn: ({ feature, on }: { feature: CourseFeature; on: boolean }) =>
      sync.withDraft((draft) => {
        const keys = on ? [...new Set([...draft.features, feature])] : draft.features.filter((key) => key !== feature);
        return updateDraft(draft.id, { features: keys, version: draft.version });
      }),
    onMutate: () => setProblem(null),
    onSuccess: (next) => sync.set(next),
    onError: (failure) => setProblem(errorText(failure)),
  });
  const toggling = toggleFeature.isPending ? toggleFeature.variables.feature : null;

  const generation = useMutation({
    mutationFn: () =>
      sync.withDraft(async (draft) => {
        let current = draft;
        if (!current.course_id) {
          if (!concept) throw new Error(t('generate.needsConcept'));
          const chosen = await chooseConcept(current.id, { concept, version: current.version });
          sync.set(chosen.draft);
          current = chosen.draft;
        }
        return generateDraftCourse(current.id, { version: current.version, options: {} });
      }),
    onMutate: () => setProblem(null),
    onSuccess: (result) => {
      setStarted(result.jobId);
      setDismissed(null);
      // The builder (same query) must not keep a list from before this job.
      void queryClient.invalidateQueries({ queryKey: ['course-generation-jobs', result.courseId] });
    },
    onError: (failure) => {
      if (isSetupRequired(failure)) onSetupRequired();
      setProblem(errorText(failure));
    },
  });
  const busy = generation.isPending;

  return (
    <section
      aria-labelledby={`${ids}-heading`}
      className="flex flex-col gap-4 rounded-2xl border border-border p-5"
      data-testid="generate-course"
    >
      <div>
        <h3 id={`${ids}-heading`} className="text-lg font-semibold">
          {t('generate.heading')}
        </h3>
        <p className="mt-1 text-sm leading-relaxed text-muted-foreground">{t('generate.intro')}</p>
      </div>
      {!courseId && !concept ? (
        <div className="flex flex-wrap items-center gap-3 text-sm">
          <p className="text-muted-foreground">{t('generate.needsConcept')}</p>
          <Button size="sm" variant="secondary" onClick={onConceptStep}>
            {t('generate.toConcepts')}
          </Button>
        </div>
      ) : (
        <AiGate>
          <p className="text-sm">
            <span className="text-muted-foreground">{t('generate.course')}: </span>
            <span className="font-medium" data-testid="generate-course-title">
              {concept?.title ?? saved?.course_context.title}
            </span>
          </p>
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 text-sm font-medium">{t('generate.features')}</legend>
            {GENERATED_FEATURES.map((feature) => (
              <div key={feature} className="flex items-center gap-2">
                <Checkbox
                  id={`${ids}-${feature}`}
                  checked={features.has(feature)}
                  disabled={toggling !== null || busy}
                  onCheckedChange={(value) => toggleFeature.mutate({ feature, on: value === true })}
                />
                <label htmlFor={`${ids}-${feature}`} className="text-sm">
                  {COURSE_FEATURES[feature][language]}
                </label>
                {toggling === feature && <Spinner />}
              </div>
            ))}
          </fieldset>
          <div className="flex flex-wrap gap-3">
            <Button onClick={() => generation.mutate()} disabled={busy || toggling !== null}>
              {busy ? <Spinner /> : <Sparkles aria-hidden="true" className="size-4" />}
              {t('generate.start')}
            </Button>
            {courseId && (
              <Button variant="secondary" onClick={() => onOpenBuilder(courseId)}>
                <PenTool aria-hidden="true" className="size-4" />
                {t('generate.openBuilder')}
              </Button>
            )}
          </div>
          {problem && (
            <p role="alert" className="text-sm text-danger">
              {problem}
            </p>
          )}
        </AiGate>
      )}
      {shownJob && <JobProgress key={shownJob} jobId={shownJob} onDismiss={() => setDismissed(shownJob)} />}
    </section>
  );
}
