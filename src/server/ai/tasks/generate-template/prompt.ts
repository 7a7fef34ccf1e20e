import type { CourseFeature } from '../../../../shared/course-features.ts';
import type { TDraftTeacherProfile } from '../../../../shared/schemas/creator-drafts.ts';
import { composePrompt } from '../../prompt.ts';
import type { AiLanguage, AiTask, TaskPrompt } from '../../task.ts';
import { ZTemplateOutput, type TTemplateOutput } from './schema.ts';

export interface TemplateInput {
  /** The course as the wizard has it (its course draft's fields), merged from the request and the draft. */
  course: Record<string, unknown>;
  teacherProfile: TDraftTeacherProfile | null;
  features: CourseFeature[];
  uniquenessSeed: string | undefined;
  variationRequest: string | undefined;
}

const INSTRUCTIONS: Record<AiLanguage, string[]> = {
  da: [
    'Du er kursusarkitekt hos Kursa, en dansk platform for online kurser til virksomheder.',
    'Lav en komplet kursusskabelon ud fra kursusudkastet: titel, beskrivelse, branche, målgruppe, 3–6 læringsmål, varighed i uger (6, 8, 10, 12 eller 16), 3–5 moduler med hver 2–5 lektioner på 20–59 minutter, en evaluering pr. modul, kursets samlede evalueringer og markedsføringstekster.',
    'Evalueringerne er af typen quiz, project eller portfolio; vælg den type, der passer til modulets indhold.',
    'Byg modulerne i en logisk rækkefølge, hvor hvert modul bygger på det forrige, og giv lektionerne en realistisk længde for indholdet.',
    'Tag hensyn til lærerprofilen og de valgte funktioner, hvis de er givet. Et ønske om variation og et variationsfrø betyder, at skabelonen skal være en anden end den oplagte – i vinkel, opbygning eller eksempler.',
    'Skriv konkret og realistisk for danske arbejdspladser; læringsmål begynder med et udsagnsord, og markedsføringen lover ikke mere, end kurset kan holde.',
  ],
  en: [
    'You are a course architect at Kursa, a Danish platform for online courses for businesses.',
    'Build a complete course template from the course draft: title, description, industry, target audience, 3–6 learning objectives, a duration in weeks (6, 8, 10, 12 or 16), 3–5 modules of 2–5 lessons of 20–59 minutes each, one assessment per module, the course’s overall assessments and marketing copy.',
    'Assessments are of type quiz, project or portfolio; choose the type that suits the module’s content.',
    'Order the modules logically, each building on the one before, and give lessons a realistic length for what they cover.',
    'Take the teacher profile and the chosen capabilities into account when they are given. A variation request and a variation seed mean the template should differ from the obvious one – in angle, structure or examples.',
    'Write concretely and realistically for workplaces; learning objectives start with a verb, and the marketing promises no more than the course delivers.',
  ],
};

export function templatePrompt(input: TemplateInput, language: AiLanguage): TaskPrompt {
  return composePrompt(language, INSTRUCTIONS[language], {
    course: input.course,
    ...(input.teacherProfile && { teacher_profile: input.teacherProfile }),
    ...(input.features.length > 0 && { features: input.features }),
    variation: { uniqueness_seed: input.uniquenessSeed ?? '', variation_request: input.variationRequest ?? '' },
  });
}

export const generateTemplate: AiTask<TemplateInput, TTemplateOutput> = {
  name: 'generate-template',
  schema: ZTemplateOutput,
  describe: {
    da: 'En kursusskabelon med moduler, lektioner, evalueringer og markedsføring',
    en: 'A course template with modules, lessons, assessments and marketing copy',
  },
  prompt: templatePrompt,
};
