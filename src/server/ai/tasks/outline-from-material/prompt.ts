import { composePrompt } from '../../prompt.ts';
import type { AiLanguage, AiTask, TaskPrompt } from '../../task.ts';
import type { OutlineInput } from '../generate-outline/prompt.ts';
import { groundedOutlineSchema, type TGroundedOutline } from './schema.ts';

export interface MaterialOutline {
  title: string;
  /** Each section's number, heading, place in the file and its opening text. */
  sections: Array<{ number: number; heading: string; locator: string; excerpt: string }>;
}

export type GroundedOutlineInput = OutlineInput & { material: MaterialOutline };

const INSTRUCTIONS: Record<AiLanguage, string[]> = {
  da: [
    'Du er kursusudvikler hos Kursa, en dansk platform for online kurser til virksomheder.',
    'Lav en disposition for kurset, bygget på underviserens eget materiale, som står som nummererede afsnit: moduler i en logisk rækkefølge, hvert med titel, kort beskrivelse og lektioner. Hver lektion har titel, et resumé på en til to sætninger, en varighed i minutter og numrene på de afsnit af materialet, den bygger på.',
    'Kurset skal dække materialets indhold og holde sig til det; opfind ikke emner, materialet ikke handler om. Brug kun afsnitsnumre, der findes i materialet. Titler nummereres ikke.',
  ],
  en: [
    'You are a course developer at Kursa, a Danish platform for online courses for businesses.',
    "Draft an outline for the course, built on the teacher's own material, which is given as numbered sections: modules in a logical order, each with a title, a short description and lessons. Each lesson has a title, a summary of one or two sentences, a duration in minutes and the numbers of the material's sections it draws on.",
    'The course must cover what the material covers and keep to it; do not invent topics the material is not about. Use only section numbers that exist in the material. Titles are not numbered.',
  ],
};

export function groundedOutlinePrompt(input: GroundedOutlineInput, language: AiLanguage): TaskPrompt {
  const counts: string[] = [];
  if (input.moduleCount)
    counts.push(language === 'da' ? `Lav præcis ${input.moduleCount} moduler.` : `Make exactly ${input.moduleCount} modules.`);
  if (input.lessonsPerModule)
    counts.push(
      language === 'da'
        ? `Giv hvert modul præcis ${input.lessonsPerModule} lektioner.`
        : `Give each module exactly ${input.lessonsPerModule} lessons.`,
    );
  return composePrompt(language, [...INSTRUCTIONS[language], ...counts], { course: input.course, material: input.material });
}

/** The task for one material: its schema knows the material's section numbers. */
export function outlineFromMaterial(sectionNumbers: readonly number[]): AiTask<GroundedOutlineInput, TGroundedOutline> {
  return {
    name: 'outline-from-material',
    schema: groundedOutlineSchema(sectionNumbers),
    describe: { da: 'En kursusdisposition bygget på materialet', en: 'A course outline built on the material' },
    prompt: groundedOutlinePrompt,
  };
}
