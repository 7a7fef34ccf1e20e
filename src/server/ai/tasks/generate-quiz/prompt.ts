import { composePrompt } from '../../prompt.ts';
import type { AiLanguage, AiTask, TaskPrompt } from '../../task.ts';
import { ZQuizOutput, type TQuizOutput } from './schema.ts';

/** What a quiz is made from: the module's lessons as plain text; `avoid` are questions it already has. */
export interface QuizInput {
  course: { title: string; level: string; targetAudience: string };
  module: { title: string; lessons: { title: string; text: string }[] };
  questionCount: number;
  avoid?: string[] | undefined;
}

const INSTRUCTIONS: Record<AiLanguage, string[]> = {
  da: [
    'Du er kursusudvikler hos Kursa, en dansk platform for online kurser til virksomheder.',
    'Lav en quiz, der tester forståelsen af modulets lektioner. Hvert spørgsmål har fire svarmuligheder, hvoraf præcis én er rigtig, en kort begrundelse til hver svarmulighed, et tip, der hjælper uden at afsløre svaret, og en forklaring.',
    'Spørg til det vigtigste i lektionerne, ikke til detaljer. De forkerte svarmuligheder skal være troværdige, og ingen svarmulighed må være "alle ovenstående" eller "ingen af ovenstående".',
  ],
  en: [
    'You are a course developer at Kursa, a Danish platform for online courses for businesses.',
    "Write a quiz that tests understanding of the module's lessons. Each question has four options of which exactly one is right, a short reason for each option, a hint that helps without giving the answer away, and an explanation.",
    'Ask about what matters most in the lessons, not details. The wrong options must be plausible, and no option may be "all of the above" or "none of the above".',
  ],
};

function count(input: QuizInput, language: AiLanguage): string[] {
  const lines = [language === 'da' ? `Lav præcis ${input.questionCount} spørgsmål.` : `Write exactly ${input.questionCount} questions.`];
  if (input.avoid?.length)
    lines.push(
      language === 'da'
        ? 'Gentag ikke de spørgsmål, quizzen allerede har (de står som data).'
        : 'Do not repeat the questions the quiz already has (given as data).',
    );
  return lines;
}

export function quizPrompt(input: QuizInput, language: AiLanguage): TaskPrompt {
  return composePrompt(language, [...INSTRUCTIONS[language], ...count(input, language)], {
    course: input.course,
    module: input.module,
    ...(input.avoid?.length && { existing_questions: input.avoid }),
  });
}

export const generateQuiz: AiTask<QuizInput, TQuizOutput> = {
  name: 'generate-quiz',
  schema: ZQuizOutput,
  describe: { da: 'En quiz med fire svarmuligheder pr. spørgsmål', en: 'A quiz with four options per question' },
  prompt: quizPrompt,
};
