import { composePrompt } from '../../prompt.ts';
import type { AiLanguage, AiTask, TaskPrompt } from '../../task.ts';
import { ZWorkbookOutput, type TWorkbookOutput } from './schema.ts';

/** What a workbook is made from: the course and each module's lessons as plain text. */
export interface WorkbookInput {
  course: { title: string; level: string; targetAudience: string };
  modules: { title: string; lessons: { title: string; text: string }[] }[];
}

const INSTRUCTIONS: Record<AiLanguage, string[]> = {
  da: [
    'Du er kursusudvikler hos Kursa, en dansk platform for online kurser til virksomheder.',
    'Skriv et arbejdshæfte, deltagerne printer eller udfylder ved siden af kurset: en kort indledning og for hvert modul, i den givne rækkefølge og med modulets titel, dets vigtigste pointer og 2–4 refleksionsøvelser, som deltageren besvarer skriftligt ud fra sin egen hverdag.',
    'Byg kun på lektionernes indhold; opfind ikke tal, love eller kilder.',
  ],
  en: [
    'You are a course developer at Kursa, a Danish platform for online courses for businesses.',
    'Write a workbook the learners print or fill in alongside the course: a short introduction and, for each module in the order given and with its title, its key points and 2–4 reflection exercises the learner answers in writing from their own daily work.',
    'Build only on the lessons’ content; do not invent figures, laws or sources.',
  ],
};

export function workbookPrompt(input: WorkbookInput, language: AiLanguage): TaskPrompt {
  const count = language === 'da' ? `Kurset har ${input.modules.length} moduler.` : `The course has ${input.modules.length} modules.`;
  return composePrompt(language, [...INSTRUCTIONS[language], count], { course: input.course, modules: input.modules });
}

export const generateWorkbook: AiTask<WorkbookInput, TWorkbookOutput> = {
  name: 'generate-workbook',
  schema: ZWorkbookOutput,
  describe: {
    da: 'Et arbejdshæfte med pointer og refleksionsøvelser pr. modul',
    en: 'A workbook with key points and reflection exercises per module',
  },
  prompt: workbookPrompt,
};
