import type { TCourseMetrics, TCourseStructure, TLearningCounts } from '../../../shared/schemas/course-insights.ts';
import type { LessonKind } from '../../../shared/schemas/lesson-content.ts';

/**
 * A course as the insight tasks (analyze-performance, optimize-engagement, generate-marketing)
 * see it: its settings, its outline with ids, and a short excerpt of each lesson — enough to
 * ground an answer in what the course really holds without sending every lesson in full.
 */
export interface CourseBrief {
  title: string;
  subtitle: string;
  description: string;
  level: string;
  targetAudience: string;
  learningObjectives: string[];
  status: string;
  modules: {
    id: string;
    title: string;
    lessons: {
      id: string;
      title: string;
      kind: LessonKind;
      minutes: number | null;
      /** Nothing in it yet. */
      empty: boolean;
      /** The opening text of a text lesson (its first paragraph), shortened. */
      intro?: string;
      /** The number of questions of a quiz. */
      questions?: number;
    }[];
  }[];
}

/** What analyze-performance and optimize-engagement are given: the course and its real figures. */
export interface CoursePerformance {
  course: CourseBrief;
  /** False: nobody has enrolled yet, so only the structure can be judged. */
  hasLearners: boolean;
  metrics: TCourseMetrics;
  counts: TLearningCounts;
  structure: TCourseStructure;
}

/** The figures as the model reads them: nothing at all when there are no learners yet. */
export function figuresOf(input: CoursePerformance): Record<string, unknown> {
  return input.hasLearners ? { metrics: input.metrics, counts: input.counts } : { metrics: 'none: no learners yet' };
}
