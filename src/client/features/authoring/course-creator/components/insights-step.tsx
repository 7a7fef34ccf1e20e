import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TCourseAnalysisResponse, TCourseMetrics } from '@shared/schemas/course-insights.ts';
import type { TLatestOptimizations, TOptimization, TOptimizationChange } from '@shared/schemas/course-optimizations.ts';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api-client';
import { currentLanguage } from '@/lib/i18n';
import { useTranslation } from '@/lib/use-translation';
import { getCourse } from '../api/content';
import {
  analyzePerformance,
  applyOptimization,
  dismissOptimization,
  getAnalysis,
  getLatestOptimizations,
  getMetrics,
  optimizeEngagement,
} from '../api/insights';
import { errorText, isSetupRequired } from '../lib/ai-errors';
import { AiGate } from './ai-gate';
import { AiSource } from './ai-source';
import { CourseSelect, useCourseChoice } from './course-select';

const METRICS = [
  'completion_rate',
  'engagement_score',
  'average_rating',
  'total_students',
  'study_time_hours',
  'retention_rate',
  'quiz_performance',
  'feedback_sentiment',
] as const satisfies readonly (keyof TCourseMetrics)[];

export interface InsightsStepProps {
  draftCourseId: string | null;
  onSetupRequired: () => void;
}

/**
 * The wizard's insights step: the course's real figures, AI insight cards from them, and concrete changes to
 * apply or dismiss. The last analysis and the last call's suggestions are kept with the course by
 * the server, so the step shows them again (with when they were made) without a new AI call.
 */
export function InsightsStep({ draftCourseId, onSetupRequired }: InsightsStepProps) {
  const [chosen, setChosen] = useState<string | null>(null);
  const courseId = useCourseChoice(chosen, draftCourseId);
  return (
    <div className="flex flex-col gap-6" data-testid="step-insights">
      <div className="max-w-md">
        <CourseSelect value={courseId} draftCourseId={draftCourseId} onChange={setChosen} />
      </div>
      {courseId && <CourseInsights key={courseId} courseId={courseId} onSetupRequired={onSetupRequired} />}
    </div>
  );
}

function CourseInsights({ courseId, onSetupRequired }: { courseId: string; onSetupRequired: () => void }) {
  const { t } = useTranslation('creator-wizard');
  const queryClient = useQueryClient();
  const metrics = useQuery({ queryKey: ['creator', 'metrics', courseId], queryFn: ({ signal }) => getMetrics(courseId, signal) });
  const analysisKey = ['creator', 'analysis', courseId];
  const latestKey = ['creator', 'latest-optimizations', courseId];
  const analysis = useQuery({ queryKey: analysisKey, queryFn: ({ signal }) => getAnalysis(courseId, signal) });
  const latest = useQuery({ queryKey: latestKey, queryFn: ({ signal }) => getLatestOptimizations(courseId, signal) });
  const onError = (error: Error) => {
    if (isSetupRequired(error)) onSetupRequired();
  };
  // A new answer is what the server now keeps: it replaces the stored one on screen (a read still under way would bring back the old one).
  const analyse = useMutation({
    mutationFn: () => analyzePerformance(courseId),
    onSuccess: async (result) => {
      await queryClient.cancelQueries({ queryKey: analysisKey });
      queryClient.setQueryData<TCourseAnalysisResponse>(analysisKey, { courseId, analysis: result });
    },
    onError,
  });
  const optimize = useMutation({
    mutationFn: () => optimizeEngagement(courseId),
    onSuccess: async (result) => {
      await queryClient.cancelQueries({ queryKey: latestKey });
      const createdAt = result.optimizations[0]?.createdAt ?? new Date().toISOString();
      queryClient.setQueryData<TLatestOptimizations>(latestKey, {
        courseId,
        latest: { optimizations: result.optimizations, source: result.source, createdAt },
      });
    },
    onError,
  });
  const shownAnalysis = analysis.data?.analysis ?? null;
  const suggestions = latest.data?.latest ?? null;
  const date = new Intl.DateTimeFormat(currentLanguage() === 'da' ? 'da-DK' : 'en-GB', { dateStyle: 'medium', timeStyle: 'short' });

  if (metrics.isPending)
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
        <Spinner /> {t('insights.loading')}
      </p>
    );
  if (metrics.isError)
    return (
      <p role="alert" className="text-sm text-danger">
        {errorText(metrics.error)}
      </p>
    );
  const { hasLearners, structure } = metrics.data;
  return (
    <>
      <Card className="flex flex-col gap-3" data-testid="course-metrics">
        <h3 className="font-semibold">{t('insights.metrics')}</h3>
        {!hasLearners && <p className="text-sm text-muted-foreground">{t('insights.noLearners')}</p>}
        <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-4">
          {METRICS.map((key) => {
            const value = metrics.data.metrics[key];
            return (
              <div key={key} data-testid={`metric-${key}`}>
                <dt className="text-muted-foreground">{t(`insights.metric.${key}`)}</dt>
                <dd className="text-lg font-semibold">{value === null ? t('insights.noData') : t(`insights.unit.${key}`, { value })}</dd>
              </div>
            );
          })}
        </dl>
        <h4 className="font-medium">{t('insights.structure')}</h4>
        <p className="text-sm" data-testid="course-structure">
          {t('insights.structureText', {
            modules: structure.modules,
            lessons: structure.lessons,
            quizzes: structure.quizzes,
            minutes: structure.minutes,
            empty: structure.emptyLessons,
          })}
        </p>
      </Card>

      <AiGate>
        <div className="flex flex-wrap gap-3">
          <Button onClick={() => analyse.mutate()} disabled={analyse.isPending}>
            {analyse.isPending && <Spinner />}
            {t('insights.analyse')}
          </Button>
          <Button variant="secondary" onClick={() => optimize.mutate()} disabled={optimize.isPending}>
            {optimize.isPending && <Spinner />}
            {t('insights.optimize')}
          </Button>
        </div>
      </AiGate>

      {analyse.isError && !isSetupRequired(analyse.error) && (
        <p role="alert" className="text-sm text-danger">
          {errorText(analyse.error)}
        </p>
      )}
      {shownAnalysis && (
        <section className="flex flex-col gap-3" aria-label={t('insights.insightsLabel')}>
          <div>
            <AiSource source={shownAnalysis.source} />
            <p className="mt-1 text-xs text-muted-foreground" data-testid="analysis-time">
              <time dateTime={shownAnalysis.generatedAt}>
                {t('insights.analysedAt', { date: date.format(new Date(shownAnalysis.generatedAt)) })}
              </time>
            </p>
          </div>
          <ul className="grid gap-3 md:grid-cols-2" data-testid="insights">
            {shownAnalysis.insights.map((insight, i) => (
              <li key={i}>
                <Card className="flex h-full flex-col gap-2" data-testid="insight">
                  <p className="text-xs font-medium uppercase tracking-wide text-muted-foreground">
                    {t(`insights.type.${insight.type}`)} · {t(`insights.impact.${insight.impact}`)}
                  </p>
                  <h4 className="font-semibold">{insight.title}</h4>
                  <p className="text-sm">{insight.description}</p>
                  <p className="text-sm">
                    <span className="font-medium">{t('insights.recommendation')}:</span> {insight.recommendation}
                  </p>
                </Card>
              </li>
            ))}
          </ul>
        </section>
      )}

      {optimize.isError && !isSetupRequired(optimize.error) && (
        <p role="alert" className="text-sm text-danger">
          {errorText(optimize.error)}
        </p>
      )}
      {suggestions && (
        <section className="flex flex-col gap-3" aria-label={t('insights.optimizationsLabel')}>
          <div>
            <AiSource source={suggestions.source} />
            <p className="mt-1 text-xs text-muted-foreground" data-testid="optimizations-time">
              <time dateTime={suggestions.createdAt}>
                {t('insights.suggestedAt', { date: date.format(new Date(suggestions.createdAt)) })}
              </time>
            </p>
          </div>
          {suggestions.optimizations.length === 0 && <p className="text-sm text-muted-foreground">{t('insights.noOptimizations')}</p>}
          <ul className="flex flex-col gap-3" data-testid="optimizations">
            {suggestions.optimizations.map((optimization) => (
              <li key={optimization.id}>
                <OptimizationCard optimization={optimization} courseId={courseId} onRenew={() => optimize.mutate()} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}

function OptimizationCard({ optimization, courseId, onRenew }: { optimization: TOptimization; courseId: string; onRenew: () => void }) {
  const { t } = useTranslation('creator-wizard');
  const queryClient = useQueryClient();
  const course = useQuery({ queryKey: ['creator', 'course', courseId], queryFn: ({ signal }) => getCourse(courseId, signal) });
  const [status, setStatus] = useState(optimization.status);
  const decide = useMutation({
    mutationFn: (apply: boolean) => (apply ? applyOptimization(optimization.id) : dismissOptimization(optimization.id)),
    onSuccess: (result) => {
      setStatus(result.optimization.status);
      void queryClient.invalidateQueries({ queryKey: ['creator'] });
    },
  });
  const stale = isApiError(decide.error) && decide.error.body?.code === 'STALE_SUGGESTION';
  const lessons = (course.data?.modules ?? []).flatMap((m) => m.lessons);
  const lessonTitle = (lessonId: string) => lessons.find((l) => l.id === lessonId)?.title ?? t('insights.aLesson');
  const moduleTitle = (moduleId: string) => course.data?.modules.find((m) => m.id === moduleId)?.title ?? t('insights.aModule');

  return (
    <Card className="flex flex-col gap-2" data-testid="optimization" data-status={status}>
      <p className="font-medium">{describe(optimization.change)}</p>
      <p className="text-sm text-muted-foreground">{optimization.rationale}</p>
      {status === 'pending' ? (
        <div className="flex flex-wrap gap-2">
          <Button size="sm" onClick={() => decide.mutate(true)} disabled={decide.isPending}>
            {decide.isPending && decide.variables && <Spinner />}
            {t('insights.apply')}
          </Button>
          <Button size="sm" variant="secondary" onClick={() => decide.mutate(false)} disabled={decide.isPending}>
            {t('insights.dismiss')}
          </Button>
        </div>
      ) : (
        <p role="status" className="text-sm font-medium">
          {status === 'applied' ? t('insights.applied') : t('insights.dismissed')}
        </p>
      )}
      {stale ? (
        <div role="alert" className="flex flex-wrap items-center gap-2 text-sm text-danger">
          {t('insights.stale')}
          <Button size="sm" variant="secondary" onClick={onRenew}>
            {t('insights.newSuggestions')}
          </Button>
        </div>
      ) : (
        decide.isError && (
          <p role="alert" className="text-sm text-danger">
            {errorText(decide.error)}
          </p>
        )
      )}
    </Card>
  );

  function describe(change: TOptimizationChange): string {
    switch (change.op) {
      case 'rename-lesson':
        return t('insights.change.rename', { lesson: lessonTitle(change.lessonId), title: change.title });
      case 'rewrite-lesson-intro':
        return t('insights.change.intro', { lesson: lessonTitle(change.lessonId), text: change.paragraph });
      case 'add-key-points':
        return t('insights.change.points', { lesson: lessonTitle(change.lessonId), points: change.points.join('; ') });
      case 'add-learning-objective':
        return t('insights.change.objective', { text: change.text });
      case 'update-description':
        return t('insights.change.description', { text: change.text });
      case 'add-module-quiz':
        return t('insights.change.quiz', { module: moduleTitle(change.moduleId), title: change.title, count: change.questions.length });
    }
  }
}
