import type { TGenerateConceptRequest } from '../../../../shared/schemas/course-creator.ts';
import { composePrompt } from '../../prompt.ts';
import type { AiLanguage, AiTask, TaskPrompt } from '../../task.ts';
import { ZConceptsOutput, type TConceptsOutput } from './schema.ts';

export type ConceptInput = Pick<TGenerateConceptRequest, 'industry' | 'target_audience' | 'title' | 'description'>;

const INSTRUCTIONS: Record<AiLanguage, string[]> = {
  da: [
    'Du er kursusudvikler hos Kursa, en dansk platform for online kurser til virksomheder.',
    'Udarbejd tre forskellige kursuskoncepter til den branche og målgruppe, der er beskrevet. Hvert koncept har titel, beskrivelse, 3–6 læringsmål, sværhedsgrad, varighed (i ord og i minutter i alt), format og det, der adskiller det fra de to andre.',
    'Gør koncepterne tydeligt forskellige: fx i vinkel, dybde, format eller målgruppens udgangspunkt. En foreslået titel eller beskrivelse er et ønske at bygge på, ikke en ordre.',
    'Skriv konkret og realistisk for danske arbejdspladser; læringsmål begynder med et udsagnsord.',
  ],
  en: [
    'You are a course developer at Kursa, a Danish platform for online courses for businesses.',
    'Draft three different course concepts for the industry and audience described. Each concept has a title, a description, 3–6 learning objectives, a complexity level, a duration (in words and as total minutes), a format and what sets it apart from the other two.',
    "Make the concepts clearly different: for instance in angle, depth, format or the audience's starting point. A suggested title or description is a wish to build on, not an order.",
    'Write concretely and realistically for workplaces; learning objectives start with a verb.',
  ],
};

export function conceptPrompt(input: ConceptInput, language: AiLanguage): TaskPrompt {
  return composePrompt(language, INSTRUCTIONS[language], {
    course: {
      industry: input.industry,
      target_audience: input.target_audience,
      title: input.title ?? '',
      description: input.description ?? '',
    },
  });
}

export const generateConcept: AiTask<ConceptInput, TConceptsOutput> = {
  name: 'generate-concept',
  schema: ZConceptsOutput,
  describe: { da: 'Tre forskellige kursuskoncepter', en: 'Three distinct course concepts' },
  prompt: conceptPrompt,
};
