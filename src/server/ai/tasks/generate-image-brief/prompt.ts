import { composePrompt } from '../../prompt.ts';
import type { AiLanguage, AiTask, TaskPrompt } from '../../task.ts';
import { ZImageBriefOutput, type TImageBrief } from './schema.ts';

/** A picture for a course: its cover, or an illustration of one lesson. */
export interface ImageBriefInput {
  target: 'cover' | 'lesson';
  course: { title: string; subtitle: string; description: string; targetAudience: string; learningObjectives: string[]; level: string };
  /** The lesson a lesson illustration is for: its module, its title and the start of its text. */
  lesson?: { module: string; title: string; excerpt: string };
  /** The teacher's own wishes for the picture, if any. */
  wishes?: string;
}

const INSTRUCTIONS: Record<AiLanguage, string[]> = {
  da: [
    'Du er billedredaktør hos Kursa, en dansk platform for online kurser til virksomheder.',
    'Beskriv ét billede, som en billedmodel skal tegne: til et kursusbillede et billede, der viser, hvad kurset handler om, og hvem det er til; til en lektion en illustration af lektionens emne, der hjælper kursisten med at forstå det.',
    'Skriv billedmodellens prompt på engelsk: motiv, omgivelser, stil, stemning og farver. Billedet må ikke indeholde tekst, bogstaver, tal, logoer, varemærker eller genkendelige virkelige personer.',
    'Skriv derefter en alternativ tekst på dansk (en til to sætninger), der beskriver, hvad billedet viser, til en skærmlæser – ikke hvad det skal få folk til at føle.',
    'Følg lærerens ønsker til billedet, hvis der er nogen, så længe de ikke strider mod reglerne her.',
  ],
  en: [
    'You are a picture editor at Kursa, a Danish platform for online courses for businesses.',
    "Describe one picture for an image model to draw: for a course cover, a picture showing what the course is about and who it is for; for a lesson, an illustration of the lesson's subject that helps the learner understand it.",
    "Write the image model's prompt in English: subject, setting, style, mood and colours. The picture must contain no text, letters, numbers, logos, trademarks or recognisable real people.",
    'Then write an alt text in English (one or two sentences) describing what the picture shows, for a screen reader – not what it should make people feel.',
    "Follow the teacher's wishes for the picture, if any, as long as they do not break the rules here.",
  ],
};

export function imageBriefPrompt(input: ImageBriefInput, language: AiLanguage): TaskPrompt {
  return composePrompt(language, INSTRUCTIONS[language], {
    picture: { for: input.target === 'cover' ? 'course cover' : 'lesson illustration', ...(input.wishes && { wishes: input.wishes }) },
    course: input.course,
    ...(input.lesson && { lesson: input.lesson }),
  });
}

export const generateImageBrief: AiTask<ImageBriefInput, TImageBrief> = {
  name: 'generate-image-brief',
  schema: ZImageBriefOutput,
  describe: {
    da: 'Et billede beskrevet til billedmodellen, med alternativ tekst',
    en: 'A picture described for the image model, with alt text',
  },
  prompt: imageBriefPrompt,
};
