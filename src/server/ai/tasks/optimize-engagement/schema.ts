import { z } from 'zod';
import {
  changeShapes,
  OPTIMIZATION_OPS,
  type OptimizationOp,
  type TOptimizationChange,
} from '../../../../shared/schemas/course-optimizations.ts';

/**
 * Suggested changes for one course. The schema is made per course: lesson and module ids are
 * enums of that course's ids, so the JSON schema the model answers to allows no other id, and
 * the zod check refuses one (and re-asks) should a model send it anyway. An operation whose
 * target the course lacks (key points with no text lesson, a quiz with no module) is left out.
 */
export interface CourseIds {
  lessons: string[];
  textLessons: string[];
  modules: string[];
}

const oneOf = (ids: string[]) => z.enum(ids as [string, ...string[]]);
const rationale = z
  .string()
  .trim()
  .min(1)
  .max(1000)
  .describe('Why this change should raise engagement, citing the figures or the structure');

export type TSuggestedChange = TOptimizationChange & { rationale: string };
export interface TSuggestions {
  changes: TSuggestedChange[];
}

export function suggestionsSchema(ids: CourseIds): z.ZodType<TSuggestions> {
  const shapes = changeShapes({ lesson: oneOf(ids.lessons), textLesson: oneOf(ids.textLessons), module: oneOf(ids.modules) });
  const needs: Record<OptimizationOp, string[] | null> = {
    'rename-lesson': ids.lessons,
    'rewrite-lesson-intro': ids.textLessons,
    'add-key-points': ids.textLessons,
    'add-learning-objective': null,
    'update-description': null,
    'add-module-quiz': ids.modules,
  };
  // Each operation the course can take, with its rationale; a union (anyOf), as strict JSON schemas allow.
  const possible = OPTIMIZATION_OPS.filter((op) => needs[op] === null || needs[op].length > 0).map((op) =>
    shapes[op].extend({ rationale }),
  );
  const [first, ...rest] = possible;
  const item = rest.length > 0 ? z.union([first!, ...rest]) : first!;
  return z.object({
    changes: z.array(item).min(1).max(8).describe('1–8 concrete changes, the most valuable first'),
  }) as unknown as z.ZodType<TSuggestions>;
}
