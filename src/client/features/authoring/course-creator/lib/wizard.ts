import type { TCourseConcept, TTeacherAnswers, TTeacherProfile } from '@shared/schemas/course-creator.ts';
import type { TCreateCourseRequest } from '@shared/schemas/courses.ts';

export { clampStep, WIZARD_STEPS, type WizardMode } from './steps';

/** The course draft, as the wizard holds it (snake_case, as the creator's API names it). */
export interface CourseDraft {
  industry: string;
  target_audience: string;
  title: string;
  description: string;
}

export const EMPTY_DRAFT: CourseDraft = { industry: '', target_audience: '', title: '', description: '' };

/**
 * The questionnaire's 8 steps over the profile's 9 answers: delivery and
 * assessment, both about how the course is run, share a step.
 */
export const QUESTIONNAIRE_STEPS: readonly (readonly (keyof TTeacherAnswers)[])[] = [
  ['experience'],
  ['subject'],
  ['audience'],
  ['goals'],
  ['challenges'],
  ['delivery', 'assessment'],
  ['vision'],
  ['transformation'],
];

export type Answers = Record<keyof TTeacherAnswers, string>;
export const EMPTY_ANSWERS: Answers = {
  experience: '',
  subject: '',
  audience: '',
  goals: '',
  challenges: '',
  delivery: '',
  assessment: '',
  vision: '',
  transformation: '',
};

/** Next is disabled until the current question is answered (every field of the step). */
export const stepAnswered = (answers: Answers, step: number): boolean =>
  (QUESTIONNAIRE_STEPS[step] ?? []).every((field) => answers[field].trim() !== '');

/** The first question not answered yet (the last when all are): where restored answers continue. */
export function firstOpenStep(answers: Answers): number {
  const open = QUESTIONNAIRE_STEPS.findIndex((_, step) => !stepAnswered(answers, step));
  return open === -1 ? QUESTIONNAIRE_STEPS.length - 1 : open;
}

/**
 * Completing the profile pre-fills the concept step: industry ← subject, target_audience ←
 * audience, the title '{subject} Course for {audience}' only if a vision is given, and the
 * description ← transformation. `titleOf` words the title in the interface's language.
 */
export function draftFromProfile(
  draft: CourseDraft,
  profile: Pick<TTeacherProfile, 'subject' | 'audience' | 'preferences'>,
  titleOf: (subject: string, audience: string) => string,
): CourseDraft {
  const { subject, audience } = profile;
  return {
    industry: subject,
    target_audience: audience,
    title: profile.preferences.vision.trim() ? titleOf(subject, audience) : draft.title,
    description: profile.preferences.transformation,
  };
}

/** The course the builder opens when the user switches to manual: the draft as far as it got. */
export function courseFromDraft(draft: CourseDraft, concept: TCourseConcept | null, language: 'da' | 'en'): TCreateCourseRequest | null {
  const title = (concept?.title ?? draft.title).trim();
  if (!title) return null;
  const description = (concept?.description ?? draft.description).trim();
  const audience = draft.target_audience.trim();
  return {
    title: title.slice(0, 200),
    language,
    ...(description && { description }),
    ...(audience && { targetAudience: audience.slice(0, 1000) }),
    ...(concept && {
      level: concept.complexity_level,
      learningObjectives: concept.learning_objectives.slice(0, 20).map((o) => o.slice(0, 300)),
      ...(concept.duration_minutes > 0 && { durationMinutes: Math.min(100_000, concept.duration_minutes) }),
    }),
  };
}
