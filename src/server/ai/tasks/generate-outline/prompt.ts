import { composePrompt } from '../../prompt.ts';
import type { AiLanguage, AiTask, TaskPrompt } from '../../task.ts';
import { ZOutlineOutput, type TOutlineOutput } from './schema.ts';

/** What the outline is made from: the course's own settings, as the builder stores them. */
export interface OutlineInput {
  course: {
    title: string;
    subtitle: string;
    description: string;
    learningObjectives: string[];
    level: string;
    targetAudience: string;
    durationMinutes: number | null;
  };
  /** Wishes of the code (not of the user): how many modules and lessons per module. */
  moduleCount?: number | undefined;
  lessonsPerModule?: number | undefined;
}

const INSTRUCTIONS: Record<AiLanguage, string[]> = {
  da: [
    'Du er kursusudvikler hos Kursa, en dansk platform for online kurser til virksomheder.',
    'Lav en disposition for kurset ud fra dets titel, beskrivelse, læringsmål, niveau og målgruppe: moduler i en logisk rækkefølge, hvert med titel, kort beskrivelse og lektioner. Hver lektion har titel, et resumé på en til to sætninger og en varighed i minutter.',
    'Sørg for, at modulerne tilsammen dækker alle læringsmålene, at de bygger oven på hinanden, og at niveauet passer til målgruppen. Titler nummereres ikke.',
  ],
  en: [
    'You are a course developer at Kursa, a Danish platform for online courses for businesses.',
    'Draft an outline for the course from its title, description, learning objectives, level and audience: modules in a logical order, each with a title, a short description and lessons. Each lesson has a title, a summary of one or two sentences and a duration in minutes.',
    'Make the modules together cover every learning objective, build on one another, and suit the level of the audience. Titles are not numbered.',
  ],
};

function counts(input: OutlineInput, language: AiLanguage): string[] {
  const lines: string[] = [];
  if (input.moduleCount)
    lines.push(language === 'da' ? `Lav præcis ${input.moduleCount} moduler.` : `Make exactly ${input.moduleCount} modules.`);
  if (input.lessonsPerModule)
    lines.push(
      language === 'da'
        ? `Giv hvert modul præcis ${input.lessonsPerModule} lektioner.`
        : `Give each module exactly ${input.lessonsPerModule} lessons.`,
    );
  return lines;
}

export function outlinePrompt(input: OutlineInput, language: AiLanguage): TaskPrompt {
  return composePrompt(language, [...INSTRUCTIONS[language], ...counts(input, language)], { course: input.course });
}

export const generateOutline: AiTask<OutlineInput, TOutlineOutput> = {
  name: 'generate-outline',
  schema: ZOutlineOutput,
  describe: { da: 'En kursusdisposition med moduler og lektioner', en: 'A course outline with modules and lessons' },
  prompt: outlinePrompt,
};
