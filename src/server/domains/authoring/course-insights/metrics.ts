import type { TCourseMetrics, TLearningCounts } from '../../../../shared/schemas/course-insights.ts';
import type { LearningFigures } from './repository.ts';

/**
 * A course's analytics metrics, named as the API answers them, from its learning figures (ADR 019
 * defines each). With nobody enrolled every metric but total_students is null: no data, not a zero.
 */

export const ACTIVE_DAYS = 30;

const oneDecimal = (value: number) => Math.round(value * 10) / 10;
const percent = (part: number, whole: number) => (whole > 0 ? oneDecimal(Math.min(100, (100 * part) / whole)) : null);

export function metricsOf(
  figures: LearningFigures,
  lessonCount: number,
): { metrics: TCourseMetrics; counts: TLearningCounts; hasLearners: boolean } {
  const enrolled = figures.enrolled;
  const hasLearners = enrolled > 0;
  const metrics: TCourseMetrics = {
    completion_rate: percent(figures.completed, enrolled),
    // The mean, over learners, of the share of the course's lessons each has worked on: a progress
    // row (a completion, a video position) or a quiz attempt. Opening a lesson alone is not work.
    engagement_score: lessonCount > 0 ? percent(figures.touchedPairs, enrolled * lessonCount) : null,
    average_rating: figures.meanRating === null ? null : oneDecimal(figures.meanRating),
    total_students: enrolled,
    study_time_hours: hasLearners ? oneDecimal(figures.studySeconds / enrolled / 3600) : null,
    // A learner who finished is not lost: retained = completed, or active in the last 30 days.
    retention_rate: percent(figures.retained, enrolled),
    quiz_performance: figures.meanBestScore === null ? null : oneDecimal(figures.meanBestScore),
    feedback_sentiment: percent(figures.ratings.positive, figures.reviews),
  };
  const counts: TLearningCounts = {
    enrolments: enrolled,
    completions: figures.completed,
    activeLast30Days: figures.active,
    reviews: figures.reviews,
    ratings: figures.ratings,
    quizAttempts: figures.quizAttempts,
    studyTimeTotalHours: oneDecimal(figures.studySeconds / 3600),
  };
  return { metrics, counts, hasLearners };
}

/** The start of the activity window, as the ISO text the timestamps are compared with. */
export function activeSince(now: Date): string {
  return new Date(now.getTime() - ACTIVE_DAYS * 86_400_000).toISOString();
}
