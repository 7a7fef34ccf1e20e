import { asSchema } from 'ai';
import type { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { ZPerformanceInsights } from '../../src/server/ai/tasks/analyze-performance/schema.ts';
import { ZTeacherNeedsOutput } from '../../src/server/ai/tasks/analyze-teacher-needs/schema.ts';
import { ZConceptsOutput } from '../../src/server/ai/tasks/generate-concept/schema.ts';
import { ZImageBriefOutput } from '../../src/server/ai/tasks/generate-image-brief/schema.ts';
import { CONTENT_SCHEMAS } from '../../src/server/ai/tasks/generate-content/schema.ts';
import { ZLessonOutput } from '../../src/server/ai/tasks/generate-lesson/schema.ts';
import { ZMarketingOutput } from '../../src/server/ai/tasks/generate-marketing/schema.ts';
import { ZOutlineOutput } from '../../src/server/ai/tasks/generate-outline/schema.ts';
import { ZQuizOutput } from '../../src/server/ai/tasks/generate-quiz/schema.ts';
import { ZTemplateOutput } from '../../src/server/ai/tasks/generate-template/schema.ts';
import { ZWorkbookOutput } from '../../src/server/ai/tasks/generate-workbook/schema.ts';
import { groundedLessonSchema } from '../../src/server/ai/tasks/lesson-from-material/schema.ts';
import { suggestionsSchema } from '../../src/server/ai/tasks/optimize-engagement/schema.ts';
import { groundedOutlineSchema } from '../../src/server/ai/tasks/outline-from-material/schema.ts';
import { translationSchema } from '../../src/server/ai/tasks/translate-course/schema.ts';
import { exampleOf, type JsonSchema } from '../helpers/json-schema-example.ts';

// Every bound the server checks in a model's answer must be in the JSON schema the model is sent:
// an answer that only follows that schema — here, one at its edges (fewest and most items, lowest
// and highest numbers, each enum value) — must pass the server's own validation. Uniqueness among
// items, which JSON schema cannot say of objects, is asked for in the prompt and re-asked.
const SCHEMAS: Record<string, z.ZodType> = {
  'analyze-performance': ZPerformanceInsights,
  'analyze-teacher-needs': ZTeacherNeedsOutput,
  'generate-concept': ZConceptsOutput,
  ...Object.fromEntries(Object.entries(CONTENT_SCHEMAS).map(([type, schema]) => [`generate-content (${type})`, schema as z.ZodType])),
  'generate-image-brief': ZImageBriefOutput,
  'generate-lesson': ZLessonOutput,
  'generate-marketing': ZMarketingOutput,
  'generate-outline': ZOutlineOutput,
  'generate-quiz': ZQuizOutput,
  'generate-template': ZTemplateOutput,
  'generate-workbook': ZWorkbookOutput,
  'lesson-from-material': groundedLessonSchema([2, 5, 7]),
  'optimize-engagement': suggestionsSchema({ lessons: ['l1', 'l2'], textLessons: ['l1'], modules: ['m1'] }),
  'outline-from-material': groundedOutlineSchema([1, 2, 3]),
  'translate-course': translationSchema(['s1', 's2', 's3']),
};

describe('the JSON schema sent to the model carries the bounds the server enforces', () => {
  for (const [task, schema] of Object.entries(SCHEMAS)) {
    it.each(['min', 'max'] as const)(`${task}: an answer at the schema's %s edge is valid`, async (edge) => {
      const sent = (await asSchema(schema).jsonSchema) as JsonSchema;
      const result = schema.safeParse(exampleOf(sent, edge));
      expect(result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)).toEqual([]);
    });
  }
});
