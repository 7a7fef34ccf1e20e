import { composePrompt } from '../../prompt.ts';
import type { AiLanguage, AiTask, TaskPrompt } from '../../task.ts';
import { translationSchema, type TTranslation } from './schema.ts';

export interface TranslationInput {
  from: AiLanguage;
  /** The course being translated, for context and terminology. */
  course: { title: string; audience: string };
  segments: Array<{ id: string; text: string }>;
}

/** Instructions in the language written (the target): Danish first. */
const INSTRUCTIONS: Record<AiLanguage, string[]> = {
  da: [
    'Du oversætter et online kursus fra engelsk til dansk for Kursa, en dansk platform for kurser til virksomheder.',
    'Du får kursets tekster som nummererede segmenter. Oversæt hvert segment for sig og giv det tilbage under præcis samme id. Udelad ingen segmenter, og tilføj ingen.',
    'Et segment kan være en del af en sætning (fx tekst før eller efter fed skrift); oversæt det, så det passer ind mellem nabosegmenterne, og bevar mellemrum i starten og slutningen.',
    'Brug naturligt, professionelt dansk og de danske fagudtryk, som danske arbejdspladser bruger. Bevar navne, tal, enheder, forkortelser og kode uændret. Bevar betydningen nøjagtigt, også i quizspørgsmål og svarmuligheder.',
  ],
  en: [
    'You translate an online course from Danish into English for Kursa, a Danish platform for courses for businesses.',
    'You are given the course texts as numbered segments. Translate each segment on its own and return it under exactly the same id. Leave no segment out and add none.',
    'A segment may be part of a sentence (for instance the text before or after bold text); translate it so it fits between its neighbours, and keep spaces at its start and end.',
    'Use natural, professional English and the usual workplace terminology. Keep names, numbers, units, abbreviations and code unchanged. Keep the meaning exactly, also in quiz questions and answer options.',
  ],
};

/** The prompt: `language` is the target language (what the course will be in). */
export function translationPrompt(input: TranslationInput, language: AiLanguage): TaskPrompt {
  return composePrompt(language, INSTRUCTIONS[language], {
    course: { title: input.course.title, audience: input.course.audience, from: input.from, to: language },
    segments: input.segments,
  });
}

/** The task for one batch: its schema knows the batch's ids. */
export function translateCourse(ids: readonly string[]): AiTask<TranslationInput, TTranslation> {
  return {
    name: 'translate-course',
    schema: translationSchema(ids),
    describe: { da: 'Segmenterne oversat, hvert under sit id', en: 'The segments translated, each under its id' },
    prompt: translationPrompt,
  };
}
