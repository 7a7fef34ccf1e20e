import { z } from 'zod';
import { CALLOUT_VARIANTS, embedUrl, isSafeHref, UPLOAD_URL_PATTERN } from '../lesson-display.ts';

export { quizForLearner } from '../lesson-display.ts';
import { LESSON_FORMATS, LESSON_KINDS, type LessonFormat, type LessonKind } from '../course-limits.ts';
import { safeString } from './common.ts';

/**
 * What a lesson holds, by kind (docs/decisions/011-course-model.md). Text is TipTap/ProseMirror JSON
 * restricted to a fixed set of nodes and marks, so the builder and the player render it through
 * their own components and never as HTML. Anything outside the set is refused on save.
 */

// What the learner's views need too, kept free of zod so a public page can load them light.
export { CALLOUT_VARIANTS, embedUrl, isSafeHref, UPLOAD_URL_PATTERN };

// The lesson kinds and formats live apart from zod too: the builder's outline lists them on its first load.
export { LESSON_FORMATS, LESSON_KINDS, type LessonFormat, type LessonKind };

const ZText = safeString().max(20_000);
const ZMark = z.discriminatedUnion('type', [
  z.object({ type: z.literal('bold') }).strict(),
  z.object({ type: z.literal('italic') }).strict(),
  z.object({ type: z.literal('strike') }).strict(),
  z.object({ type: z.literal('underline') }).strict(),
  z.object({ type: z.literal('code') }).strict(),
  z
    .object({
      type: z.literal('link'),
      attrs: z
        .object({
          href: safeString().max(2000).refine(isSafeHref, { error: 'http.badUrl' }),
          // TipTap's Link extension writes these; the renderer decides them itself.
          target: safeString().max(20).nullish(),
          rel: safeString().max(100).nullish(),
          class: safeString().max(100).nullish(),
        })
        .strict(),
    })
    .strict(),
]);

export type TipTapNode = {
  type: string;
  attrs?: Record<string, unknown> | undefined;
  content?: TipTapNode[] | undefined;
  marks?: z.infer<typeof ZMark>[] | undefined;
  text?: string | undefined;
};

const children = (schema: z.ZodType<TipTapNode>) => z.array(schema).max(2000).optional();
const align = z.enum(['left', 'center', 'right', 'justify']).nullish();

/** The fixed set of nodes a text lesson may contain. */
export const ZTipTapNode: z.ZodType<TipTapNode> = z.lazy(() =>
  z.discriminatedUnion('type', [
    z.object({ type: z.literal('text'), text: ZText.min(1), marks: z.array(ZMark).max(10).optional() }).strict(),
    z
      .object({ type: z.literal('paragraph'), attrs: z.object({ textAlign: align }).strict().optional(), content: children(ZTipTapNode) })
      .strict(),
    z
      .object({
        type: z.literal('heading'),
        attrs: z.object({ level: z.union([z.literal(2), z.literal(3), z.literal(4)]), textAlign: align }).strict(),
        content: children(ZTipTapNode),
      })
      .strict(),
    z.object({ type: z.literal('bulletList'), content: children(ZTipTapNode) }).strict(),
    z
      .object({
        type: z.literal('orderedList'),
        attrs: z
          .object({ start: z.number().int().min(0).max(10_000).optional(), type: safeString().max(10).nullish() })
          .strict()
          .optional(),
        content: children(ZTipTapNode),
      })
      .strict(),
    z.object({ type: z.literal('listItem'), content: children(ZTipTapNode) }).strict(),
    z.object({ type: z.literal('blockquote'), content: children(ZTipTapNode) }).strict(),
    z
      .object({
        type: z.literal('codeBlock'),
        attrs: z
          .object({
            language: z
              .string()
              .max(30)
              .regex(/^[\w+#-]*$/)
              .nullish(),
          })
          .strict()
          .optional(),
        content: children(ZTipTapNode),
      })
      .strict(),
    z.object({ type: z.literal('horizontalRule') }).strict(),
    z.object({ type: z.literal('hardBreak'), marks: z.array(ZMark).max(10).optional() }).strict(),
    z
      .object({
        type: z.literal('image'),
        attrs: z
          .object({
            src: z.string().regex(UPLOAD_URL_PATTERN, { error: 'course.imageSource' }),
            alt: safeString().max(500).nullish(),
            title: safeString().max(500).nullish(),
            width: z.number().nullish(),
            height: z.number().nullish(),
          })
          .strict(),
      })
      .strict(),
    z
      .object({
        type: z.literal('callout'),
        attrs: z.object({ variant: z.enum(CALLOUT_VARIANTS) }).strict(),
        content: children(ZTipTapNode),
      })
      .strict(),
    z.object({ type: z.literal('table'), content: children(ZTipTapNode) }).strict(),
    z.object({ type: z.literal('tableRow'), content: children(ZTipTapNode) }).strict(),
    ...(['tableHeader', 'tableCell'] as const).map((type) =>
      z
        .object({
          type: z.literal(type),
          attrs: z
            .object({
              colspan: z.number().int().min(1).max(50).optional(),
              rowspan: z.number().int().min(1).max(50).optional(),
              colwidth: z.array(z.number()).max(50).nullish(),
            })
            .strict()
            .optional(),
          content: children(ZTipTapNode),
        })
        .strict(),
    ),
  ]),
);

export const ZTextContent = z.object({ type: z.literal('doc'), content: z.array(ZTipTapNode).max(5000) }).strict();
export type TTextContent = z.infer<typeof ZTextContent>;
export const EMPTY_DOC: TTextContent = { type: 'doc', content: [{ type: 'paragraph' }] };

/** Video: an upload of ours, or a YouTube / Vimeo page (played through youtube-nocookie / player.vimeo.com). */
export const ZVideoContent = z
  .object({
    video: z
      .discriminatedUnion('source', [
        z.object({ source: z.literal('upload'), uploadId: safeString().min(1).max(64) }).strict(),
        z
          .object({
            source: z.literal('embed'),
            url: safeString()
              .trim()
              .max(500)
              .refine((v) => embedUrl(v) !== null, { error: 'course.videoUrl' }),
          })
          .strict(),
      ])
      .nullable(),
    notes: ZTextContent.optional(),
  })
  .strict();
export type TVideoContent = z.infer<typeof ZVideoContent>;

export const ZDownloadContent = z
  .object({
    files: z
      .array(
        z
          .object({
            uploadId: safeString().min(1).max(64),
            title: safeString().trim().max(200),
            /** Bytes, as the upload answered; the learner's list shows it. Optional: older content lacks it. */
            size: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
          })
          .strict(),
      )
      .max(20),
    notes: ZTextContent.optional(),
  })
  .strict();
export type TDownloadContent = z.infer<typeof ZDownloadContent>;

export const QUESTION_TYPES = ['single', 'multiple', 'true_false', 'short_answer'] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

const ZQuizOption = z
  .object({
    id: safeString().min(1).max(64),
    text: safeString().trim().max(500),
    correct: z.boolean(),
    feedback: safeString().trim().max(1000).default(''),
  })
  .strict();

export const ZQuizQuestion = z
  .object({
    id: safeString().min(1).max(64),
    type: z.enum(QUESTION_TYPES),
    prompt: safeString().trim().max(2000),
    hint: safeString().trim().max(1000).default(''),
    explanation: safeString().trim().max(2000).default(''),
    /** Choices (single, multiple, true_false); empty for short answer. */
    options: z.array(ZQuizOption).max(10).default([]),
    /** Short answer: the answers accepted (compared trimmed and case-insensitively). */
    acceptedAnswers: z.array(safeString().trim().max(200)).max(20).default([]),
  })
  .strict();
export type TQuizQuestion = z.infer<typeof ZQuizQuestion>;

/**
 * When a learner is shown the answer key (the correct options, accepted answers and explanations):
 * once they passed; once the quiz is over for them (passed, or no attempts left); or never. Until
 * then a graded attempt says only right or wrong and the feedback of the options chosen.
 */
export const QUIZ_REVEALS = ['passed', 'finished', 'never'] as const;
export type QuizReveal = (typeof QUIZ_REVEALS)[number];

export const ZQuizContent = z
  .object({
    /** Percentage of points needed to pass. */
    passMark: z.number().int().min(0).max(100).default(70),
    /** null: unlimited. */
    maxAttempts: z.number().int().min(1).max(100).nullable().default(3),
    revealAnswers: z.enum(QUIZ_REVEALS).default('finished'),
    questions: z.array(ZQuizQuestion).max(100),
  })
  .strict();
export type TQuizContent = z.infer<typeof ZQuizContent>;

/**
 * A SCO of an imported SCORM package (docs/decisions/065-scorm-player.md): made by the import, never
 * typed in; a save may only keep it pointing at a SCO of one of the course's own packages.
 */
export const ZScormContent = z
  .object({
    packageId: safeString().min(1).max(64),
    /** The item's identifier in the manifest. */
    sco: safeString().min(1).max(200),
    /** The file the player opens, as a path in the package, with the item's parameters. */
    launch: safeString().min(1).max(2000),
    version: z.enum(['1.2', '2004']),
    /** Per cent at which the SCO counts as passed, or null. */
    masteryScore: z.number().min(0).max(100).nullable(),
  })
  .strict();
export type TScormContent = z.infer<typeof ZScormContent>;

export const contentSchemas = {
  text: ZTextContent,
  video: ZVideoContent,
  quiz: ZQuizContent,
  download: ZDownloadContent,
  scorm: ZScormContent,
} as const;

export type LessonContent = TTextContent | TVideoContent | TQuizContent | TDownloadContent | TScormContent;

export function emptyContent(kind: LessonKind): LessonContent {
  switch (kind) {
    case 'text':
      return EMPTY_DOC;
    case 'video':
      return { video: null };
    case 'download':
      return { files: [] };
    case 'quiz':
      return { passMark: 70, maxAttempts: 3, revealAnswers: 'finished', questions: [] };
    case 'scorm':
      // Never shown: a SCORM lesson is made by importing a package (and refused when asked for empty).
      return { packageId: '-', sco: '-', launch: '-', version: '1.2', masteryScore: null };
  }
}
