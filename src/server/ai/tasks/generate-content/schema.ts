import { z } from 'zod';
import type { LessonFormat } from '../../../../shared/schemas/lesson-content.ts';

/**
 * Generated lesson material, one structure per content type (the six LESSON_FORMATS). The model
 * fills in structure, never markup: code turns it into the lesson's TipTap document and a
 * plain-text copy, so nothing a model writes is ever rendered as HTML.
 */
const text = (max: number, description: string) => z.string().trim().min(1).max(max).describe(description);
const lines = (min: number, max: number, maxLength: number, description: string) =>
  z.array(text(maxLength, 'One item')).min(min).max(max).describe(description);

export const ZLessonMaterial = z.object({
  title: text(200, 'The lesson’s title'),
  introduction: text(1500, 'An opening paragraph: why this matters to the learner'),
  sections: z
    .array(
      z.object({
        heading: text(160, 'The section’s heading'),
        paragraphs: lines(1, 5, 2000, '1–5 paragraphs of teaching text'),
        bullets: lines(0, 8, 400, 'A bullet list for the section (steps, rules, examples); empty when prose is enough'),
      }),
    )
    .min(2)
    .max(8)
    .describe('2–8 sections in teaching order'),
  key_points: lines(3, 7, 300, '3–7 key points to remember'),
  summary: text(1500, 'A closing summary'),
});

export const ZVideoScript = z.object({
  title: text(200, 'The video’s title'),
  scenes: z
    .array(
      z.object({
        heading: text(160, 'What the scene is about'),
        visuals: text(800, 'What is shown on screen'),
        narration: text(2500, 'What the narrator says, word for word'),
        duration_seconds: z.number().int().min(5).max(900).describe('How long the scene lasts, in seconds'),
      }),
    )
    .min(2)
    .max(20)
    .describe('2–20 scenes in order; their durations add up to about the lesson’s duration'),
});

export const ZPresentation = z.object({
  title: text(200, 'The presentation’s title'),
  slides: z
    .array(
      z.object({
        title: text(160, 'The slide’s title'),
        bullets: lines(1, 6, 300, '1–6 short bullet points shown on the slide'),
        speaker_notes: text(2000, 'What the presenter says with the slide'),
      }),
    )
    .min(3)
    .max(25)
    .describe('3–25 slides in order'),
});

export const ZAudioNarration = z.object({
  title: text(200, 'The recording’s title'),
  segments: z
    .array(
      z.object({
        heading: text(160, 'What the segment is about'),
        text: text(3000, 'The words to be read aloud'),
        pacing: z.enum(['slow', 'moderate', 'brisk']).describe('How fast to read it'),
        pause_after_seconds: z.number().int().min(0).max(10).describe('Silence after the segment, in seconds'),
      }),
    )
    .min(2)
    .max(20)
    .describe('2–20 segments in order'),
});

export const ZVisualContent = z.object({
  title: text(200, 'The title of the set of visuals'),
  visuals: z
    .array(
      z.object({
        title: text(160, 'The visual’s title'),
        kind: z.enum(['diagram', 'illustration', 'photo', 'chart', 'infographic']).describe('What sort of visual it is'),
        description: text(1500, 'What the visual shows, precisely enough for a designer to make it'),
        alt_text: text(300, 'Alternative text for learners who cannot see it'),
        placement: text(300, 'Where in the lesson it belongs, and what it illustrates'),
      }),
    )
    .min(2)
    .max(10)
    .describe('2–10 visuals'),
});

export const ZInteractive = z.object({
  title: text(200, 'The title of the set of activities'),
  activities: z
    .array(
      z.object({
        title: text(160, 'The activity’s title'),
        kind: z.enum(['exercise', 'reflection', 'discussion', 'scenario', 'quiz-question']).describe('What sort of activity it is'),
        instructions: text(2000, 'What the learner is asked to do'),
        expected_answer: text(2000, 'What a good answer contains, for the learner to compare with'),
      }),
    )
    .min(2)
    .max(10)
    .describe('2–10 activities'),
});

export const CONTENT_SCHEMAS = {
  lesson: ZLessonMaterial,
  'video-script': ZVideoScript,
  presentation: ZPresentation,
  'audio-narration': ZAudioNarration,
  'visual-content': ZVisualContent,
  interactive: ZInteractive,
} as const satisfies Record<LessonFormat, z.ZodType>;

export type ContentOutput = { [K in LessonFormat]: { type: K; value: z.infer<(typeof CONTENT_SCHEMAS)[K]> } }[LessonFormat];
