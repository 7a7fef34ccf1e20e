import { describe, expect, it } from 'vitest';
import type { TTeacherProfile } from '../../../src/shared/schemas/course-creator.ts';
import {
  clampStep,
  courseFromDraft,
  draftFromProfile,
  EMPTY_ANSWERS,
  EMPTY_DRAFT,
  QUESTIONNAIRE_STEPS,
  stepAnswered,
} from '../../../src/client/features/authoring/course-creator/lib/wizard.ts';

const profile = (vision: string): TTeacherProfile => ({
  experience: 'Ti år',
  subject: 'Arbejdsmiljø',
  audience: 'nye lagermedarbejdere',
  goals: 'Arbejde sikkert',
  challenges: 'Skiftehold',
  preferences: { delivery: 'Video', assessment: 'Quiz', vision, transformation: 'Sikre vaner' },
  missingFeatures: [],
  language: 'da',
  source: { provider: 'openai-compatible', model: 'm' },
});
const titleOf = (subject: string, audience: string) => `${subject} Course for ${audience}`;

describe('the creator wizard', () => {
  it('clamps Previous Step and Next Step to steps 0 to 5', () => {
    expect([-1, 0, 3, 5, 6, 99].map(clampStep)).toEqual([0, 0, 3, 5, 5, 5]);
  });

  it('asks the 9 answers over 8 steps, and a step is answered when all its fields are', () => {
    expect(QUESTIONNAIRE_STEPS).toHaveLength(8);
    expect(QUESTIONNAIRE_STEPS.flat().sort()).toEqual(Object.keys(EMPTY_ANSWERS).sort());
    const answers = { ...EMPTY_ANSWERS, delivery: 'Video' };
    expect(stepAnswered(answers, 5)).toBe(false);
    expect(stepAnswered({ ...answers, assessment: '  ' }, 5)).toBe(false);
    expect(stepAnswered({ ...answers, assessment: 'Quiz' }, 5)).toBe(true);
  });

  it('pre-fills the concept step from the profile; the title only when a vision is given', () => {
    expect(draftFromProfile({ ...EMPTY_DRAFT, title: 'Mit kursus' }, profile('Nul ulykker'), titleOf)).toEqual({
      industry: 'Arbejdsmiljø',
      target_audience: 'nye lagermedarbejdere',
      title: 'Arbejdsmiljø Course for nye lagermedarbejdere',
      description: 'Sikre vaner',
    });
    expect(draftFromProfile({ ...EMPTY_DRAFT, title: 'Mit kursus' }, profile(' '), titleOf).title).toBe('Mit kursus');
  });

  it('makes the course the builder opens from the draft or the chosen concept, and none without a title', () => {
    expect(courseFromDraft(EMPTY_DRAFT, null, 'da')).toBeNull();
    expect(courseFromDraft({ ...EMPTY_DRAFT, title: ' Sikkerhed ', target_audience: 'Nye' }, null, 'en')).toEqual({
      title: 'Sikkerhed',
      language: 'en',
      targetAudience: 'Nye',
    });
    const concept = {
      title: 'Truck',
      description: 'Om trucks',
      learning_objectives: ['Køre sikkert'],
      complexity_level: 'beginner' as const,
      duration: '3 uger',
      duration_minutes: 180,
      format: 'video' as const,
      differentiator: 'Praksis',
    };
    expect(courseFromDraft(EMPTY_DRAFT, concept, 'da')).toEqual({
      title: 'Truck',
      language: 'da',
      description: 'Om trucks',
      level: 'beginner',
      learningObjectives: ['Køre sikkert'],
      durationMinutes: 180,
    });
  });
});
