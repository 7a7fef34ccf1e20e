import { z } from 'zod';
import { COURSE_FEATURE_KEYS } from '../course-features.ts';
import { AI_PROVIDERS } from './ai.ts';
import { safeString } from './common.ts';
import { CONCEPT_FORMATS, CREATOR_LIMITS, TEACHER_QUESTIONS, ZCourseContext, ZTeacherAnswersSoFar } from './course-creator.ts';
import { COURSE_LANGUAGES, COURSE_LEVELS, ZCourse } from './courses.ts';
import { ZGeneratedTemplate } from './creator-template.ts';
import { LESSON_FORMATS, ZTextContent } from './lesson-content.ts';
import { CONTENT_HISTORY, contentHistoryBytes } from '../creator-limits.ts';

export { CONTENT_HISTORY, contentHistoryBytes };

/**
 * The creator wizard's saved state, one per course being created (docs/decisions/018-creator-drafts.md).
 * Field names are snake_case, as in the creator's other calls. Every write but add-feature and
 * generate-template carries the draft's `version`; a stale one answers 409 VERSION_CONFLICT.
 */

export const CREATOR_MODES = ['ai', 'manual'] as const;
export const CREATOR_STEPS = 6;

const language = z.enum(COURSE_LANGUAGES, { error: 'course.language' });
const ZVersion = z.number({ error: 'course.versionRequired' }).int().min(1);
const prose = (max: number) => safeString().trim().max(max, { error: 'profile.tooLong' }).optional();

/** The course draft, as the wizard writes it (every field optional). */
export const ZDraftCourseContext = ZCourseContext.omit({ features: true, language: true });

/** The course draft as a saved draft answers it: complexity_level defaults to beginner, format to video. */
export const ZDraftCourseContextOut = z.object({
  industry: z.string(),
  target_audience: z.string(),
  title: z.string(),
  description: z.string(),
  learning_objectives: z.array(z.string()),
  complexity_level: z.enum(COURSE_LEVELS),
  duration: z.string(),
  format: z.enum(CONCEPT_FORMATS),
});
export type TDraftCourseContextOut = z.infer<typeof ZDraftCourseContextOut>;

/**
 * Which provider and model wrote something the draft keeps, as the AI call answered it: the wizard
 * shows it ("Written by AI: …") after a reload as it did before. Bounded like any text a client sends.
 */
const ZDraftAiSource = z
  .object({ provider: z.enum(AI_PROVIDERS), model: safeString().min(1).max(200, { error: 'profile.tooLong' }) })
  .strict();

/** The teacher profile: what analyze-teacher-needs answered, possibly edited by the teacher. */
export const ZDraftTeacherProfile = z
  .object({
    experience: prose(CREATOR_LIMITS.answer),
    subject: prose(CREATOR_LIMITS.answer),
    audience: prose(CREATOR_LIMITS.answer),
    goals: prose(CREATOR_LIMITS.answer),
    challenges: prose(CREATOR_LIMITS.answer),
    preferences: z
      .object({
        delivery: prose(CREATOR_LIMITS.answer),
        assessment: prose(CREATOR_LIMITS.answer),
        vision: prose(CREATOR_LIMITS.answer),
        transformation: prose(CREATOR_LIMITS.answer),
      })
      .strict()
      .optional(),
    missingFeatures: z
      .array(z.object({ key: z.enum(COURSE_FEATURE_KEYS), reason: safeString().trim().max(CREATOR_LIMITS.answer) }).strict())
      .max(COURSE_FEATURE_KEYS.length)
      .optional(),
    /** The model that analysed the answers; absent for a profile saved before sources were kept. */
    source: ZDraftAiSource.optional(),
  })
  .strip();
export type TDraftTeacherProfile = z.infer<typeof ZDraftTeacherProfile>;

/** A concept as generate-concept answered it, kept on the draft (bounded like a chosen concept). */
const ZDraftConcept = z
  .object({
    title: safeString('course.titleRequired').trim().min(1, { error: 'course.titleRequired' }).max(200, { error: 'profile.tooLong' }),
    description: safeString().trim().max(CREATOR_LIMITS.description, { error: 'profile.tooLong' }),
    learning_objectives: z
      .array(safeString().trim().min(1).max(CREATOR_LIMITS.objective, { error: 'profile.tooLong' }))
      .max(CREATOR_LIMITS.objectives),
    complexity_level: z.enum(COURSE_LEVELS, { error: 'course.level' }),
    duration: safeString().trim().max(CREATOR_LIMITS.short, { error: 'profile.tooLong' }),
    duration_minutes: z.number().int().min(1).max(100_000),
    format: z.enum(CONCEPT_FORMATS),
    differentiator: safeString().trim().max(1000, { error: 'profile.tooLong' }),
  })
  .strict();

/**
 * The concepts generated for the draft and the one chosen (its index, null before a choice), with
 * the answer's language and source: a reload shows them again instead of asking the model anew.
 */
export const ZDraftConcepts = z
  .object({
    concepts: z.array(ZDraftConcept).min(1).max(3),
    chosen: z.number().int().min(0).nullable(),
    language,
    source: ZDraftAiSource,
  })
  .strict()
  .refine((value) => value.chosen === null || value.chosen < value.concepts.length, { error: 'creator.conceptChoice', path: ['chosen'] });
export type TDraftConcepts = z.infer<typeof ZDraftConcepts>;

/**
 * One item the content generator made, as generate-content answered it, less `structured` (the
 * model's raw structure, which nothing reads back and which would double the size): what the
 * history shows, copies, downloads and inserts into a lesson after a reload.
 */
export const ZDraftContentItem = z
  .object({
    type: z.enum(LESSON_FORMATS, { error: 'http.invalidValue' }),
    title: safeString().min(1).max(200, { error: 'profile.tooLong' }),
    content: safeString().max(CONTENT_HISTORY.itemChars, { error: 'profile.tooLong' }),
    /** The lesson document insert-content takes: the lesson model's nodes only. */
    document: ZTextContent,
    metadata: z
      .object({
        duration: z.number().int().min(5).max(240),
        difficulty: z.enum(COURSE_LEVELS, { error: 'course.level' }),
        generated_at: z.iso.datetime({ error: 'http.invalidValue' }),
      })
      .strict(),
    language,
    source: ZDraftAiSource,
  })
  .strict();
export type TDraftContentItem = z.infer<typeof ZDraftContentItem>;

/** The content generator's history, newest first, within CONTENT_HISTORY's bounds. */
export const ZDraftContentHistory = z
  .array(ZDraftContentItem)
  .max(CONTENT_HISTORY.items, { error: 'creator.contentHistoryTooLarge' })
  .refine((items) => contentHistoryBytes(items) <= CONTENT_HISTORY.bytes, { error: 'creator.contentHistoryTooLarge' });

const features = z.array(z.enum(COURSE_FEATURE_KEYS, { error: 'creator.unknownFeature' })).max(COURSE_FEATURE_KEYS.length);
const fields = {
  /** The course's language (default: the user's, else Danish); the creator's prompts are written in it. */
  language: language.optional(),
  /** The wizard's step, 0–5. */
  step: z
    .number()
    .int()
    .min(0)
    .max(CREATOR_STEPS - 1)
    .optional(),
  mode: z.enum(CREATOR_MODES).nullable().optional(),
  course_context: ZDraftCourseContext.optional(),
  teacher_profile: ZDraftTeacherProfile.nullable().optional(),
  answers: ZTeacherAnswersSoFar.optional(),
  /** Enabled Kursa capabilities (COURSE_FEATURE_KEYS); duplicates are stored once. */
  features: features.optional(),
  /** The generated concepts and the choice; null clears them. */
  concepts: ZDraftConcepts.nullable().optional(),
  /** The content generator's items, newest first (the whole list: [] empties it). */
  content_history: ZDraftContentHistory.optional(),
};

/** POST /api/course-creator/drafts: everything optional; an empty body starts a wizard. */
export const ZCreateDraftRequest = z.object(fields).strict();
export type TCreateDraftRequest = z.infer<typeof ZCreateDraftRequest>;

/** PATCH /api/course-creator/drafts/:id: the fields to change and the version they were read at. */
export const ZUpdateDraftRequest = z.object({ ...fields, version: ZVersion }).strict();
export type TUpdateDraftRequest = z.infer<typeof ZUpdateDraftRequest>;

export const ZCreatorDraft = z.object({
  id: z.string(),
  owner: z.object({ id: z.string(), name: z.string() }),
  /** The course being built, once a concept or template was chosen; null before. */
  course_id: z.string().nullable(),
  language: language,
  step: z.number().int(),
  mode: z.enum(CREATOR_MODES).nullable(),
  course_context: ZDraftCourseContextOut,
  teacher_profile: ZDraftTeacherProfile.nullable(),
  answers: z.object(Object.fromEntries(TEACHER_QUESTIONS.map((q) => [q, z.string().optional()]))),
  features: z.array(z.enum(COURSE_FEATURE_KEYS)),
  template: ZGeneratedTemplate.nullable(),
  concepts: ZDraftConcepts.nullable(),
  content_history: z.array(ZDraftContentItem),
  version: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TCreatorDraft = z.infer<typeof ZCreatorDraft>;

/** A draft in the list: everything but the content history, the one field that can be large (read the draft for it). */
export const ZCreatorDraftSummary = ZCreatorDraft.omit({ content_history: true });
export type TCreatorDraftSummary = z.infer<typeof ZCreatorDraftSummary>;

export const ZCreatorDraftList = z.object({ drafts: z.array(ZCreatorDraftSummary) });
/** A concept as generate-concept answered it (or as the teacher edited it). */
export const ZChosenConcept = z
  .object({
    title: safeString('course.titleRequired').trim().min(1, { error: 'course.titleRequired' }).max(200, { error: 'profile.tooLong' }),
    description: prose(CREATOR_LIMITS.description),
    learning_objectives: z
      .array(safeString().trim().min(1).max(CREATOR_LIMITS.objective, { error: 'profile.tooLong' }))
      .max(CREATOR_LIMITS.objectives)
      .optional(),
    complexity_level: z.enum(COURSE_LEVELS, { error: 'course.level' }).optional(),
    duration: prose(CREATOR_LIMITS.short),
    duration_minutes: z.number().int().min(1).max(100_000).optional(),
    format: z.enum(CONCEPT_FORMATS).optional(),
    differentiator: prose(1000),
  })
  .strip();

/** POST /api/course-creator/drafts/:id/choose-concept: makes the concept the draft's course. */
export const ZChooseConceptRequest = z.object({ concept: ZChosenConcept, version: ZVersion }).strict();
export type TChooseConceptRequest = z.infer<typeof ZChooseConceptRequest>;
export const ZChooseConceptResponse = z.object({ draft: ZCreatorDraft, course_id: z.string() });

/** POST /api/course-creator/drafts/:id/apply-template: the draft's template becomes the course's outline. */
export const ZApplyTemplateRequest = z
  .object({
    version: ZVersion,
    /** Replace an existing outline; refused (409 COURSE_HAS_CONTENT) while any lesson holds work or learners are enrolled. */
    replace: z.boolean().optional(),
  })
  .strict();
export const ZApplyTemplateResponse = z.object({ draft: ZCreatorDraft, course: ZCourse });

/** POST /api/course-creator/generate-template's answer: the template, and the draft it was stored on. */
export const ZGenerateTemplateResponse = z.object({ template: ZGeneratedTemplate, draft: ZCreatorDraft.nullable() });

export const FEATURE_EFFECTS = ['available-now', 'on-generation'] as const;
/** POST /api/integrations/add-feature {feature, teacher_profile}, plus the draft it is added to. */
export const ZAddFeatureRequest = z
  .object({
    feature: z.enum(COURSE_FEATURE_KEYS, { error: 'creator.unknownFeature' }),
    /** Stored on the draft when given (the profile the feature was suggested from). */
    teacher_profile: ZDraftTeacherProfile.optional(),
    draft_id: safeString().min(1).max(64),
  })
  .strict();
export type TAddFeatureRequest = z.infer<typeof ZAddFeatureRequest>;

export const ZAddFeatureResponse = z.object({
  draft: ZCreatorDraft,
  feature: z.enum(COURSE_FEATURE_KEYS),
  /** false when the draft already had it (the call is idempotent). */
  added: z.boolean(),
  /** available-now: the course model already does it (certificates, due dates); on-generation: the course generator builds it. */
  effect: z.enum(FEATURE_EFFECTS),
});
