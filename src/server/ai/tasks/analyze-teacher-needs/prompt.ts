import { COURSE_FEATURES, COURSE_FEATURE_KEYS, type CourseFeature } from '../../../../shared/course-features.ts';
import type { TCourseContext, TTeacherAnswers } from '../../../../shared/schemas/course-creator.ts';
import { composePrompt } from '../../prompt.ts';
import type { AiLanguage, AiTask, TaskPrompt } from '../../task.ts';
import { ZTeacherNeedsOutput, type TTeacherNeedsOutput } from './schema.ts';

export interface TeacherNeedsInput {
  answers: TTeacherAnswers;
  courseContext: TCourseContext;
}

/** The capabilities, each as "key: label", for the model to choose from. */
const featureList = (language: AiLanguage, used: CourseFeature[]) =>
  COURSE_FEATURE_KEYS.filter((key) => !used.includes(key))
    .map((key) => `- ${key}: ${COURSE_FEATURES[key][language]}`)
    .join('\n');

const INSTRUCTIONS: Record<AiLanguage, (features: string) => string[]> = {
  da: (features) => [
    'Du er en erfaren didaktisk konsulent hos Kursa, en dansk platform for online kurser til virksomheder.',
    'En underviser har besvaret et spørgeskema om sit kommende kursus. Skriv en lærerprofil ud fra svarene og kursusudkastet: erfaring, fagområde, målgruppe, mål, udfordringer og præferencer for formidling, evaluering, vision og den forandring, kurset skal skabe.',
    'Hold dig til det, underviseren har skrevet; hvor et svar mangler, så udled det forsigtigt af de øvrige oplysninger, og opfind ikke fakta.',
    `Foreslå under missingFeatures de af Kursas funktioner, som underviserens behov kalder på, og som udkastet ikke bruger endnu – kun fra denne liste (nøgle: betydning):\n${features}`,
    'Foreslå kun en funktion, når svarene giver en konkret grund, og skriv grunden kort.',
  ],
  en: (features) => [
    'You are an experienced instructional design consultant at Kursa, a Danish platform for online courses for businesses.',
    'A teacher has answered a questionnaire about their upcoming course. Write a teacher profile from the answers and the course draft: experience, subject, audience, goals, challenges and preferences for delivery, assessment, vision and the transformation the course should bring about.',
    'Stay with what the teacher wrote; where an answer is missing, infer it cautiously from the rest, and do not invent facts.',
    `Under missingFeatures, suggest those of Kursa's capabilities that the teacher's needs call for and the draft does not use yet – only from this list (key: meaning):\n${features}`,
    'Suggest a capability only when the answers give a concrete reason, and state the reason briefly.',
  ],
};

export function teacherNeedsPrompt(input: TeacherNeedsInput, language: AiLanguage): TaskPrompt {
  const used = input.courseContext.features ?? [];
  const { language: _language, features: _features, ...draft } = input.courseContext;
  return composePrompt(language, INSTRUCTIONS[language](featureList(language, used)), {
    answers: input.answers,
    course_draft: { ...draft, features_in_use: used },
  });
}

export const analyzeTeacherNeeds: AiTask<TeacherNeedsInput, TTeacherNeedsOutput> = {
  name: 'analyze-teacher-needs',
  schema: ZTeacherNeedsOutput,
  describe: {
    da: 'En lærerprofil og de Kursa-funktioner, kurset mangler',
    en: 'A teacher profile and the Kursa capabilities the course lacks',
  },
  prompt: teacherNeedsPrompt,
};
