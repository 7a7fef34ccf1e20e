import type { z } from 'zod';
import type { TCourseContext } from '../../../../shared/schemas/course-creator.ts';
import type { CourseLevel } from '../../../../shared/schemas/courses.ts';
import type { LessonFormat } from '../../../../shared/schemas/lesson-content.ts';
import { composePrompt } from '../../prompt.ts';
import type { AiLanguage, AiTask, TaskPrompt } from '../../task.ts';
import { CONTENT_SCHEMAS } from './schema.ts';

export interface ContentInput {
  type: LessonFormat;
  lesson: { module_title: string; lesson_title: string; learning_objective: string; duration_minutes: number; difficulty: CourseLevel };
  courseContext: TCourseContext;
}

/** What each type asks for, in each language. */
const WHAT: Record<LessonFormat, Record<AiLanguage, string>> = {
  lesson: {
    da: 'Skriv lektionens tekst: en indledning, 2–8 afsnit med overskrift, brødtekst og eventuelt punktopstilling, 3–7 nøglepunkter og en opsummering.',
    en: 'Write the lesson’s text: an introduction, 2–8 sections with a heading, body text and a bullet list where useful, 3–7 key points and a summary.',
  },
  'video-script': {
    da: 'Skriv et videomanuskript i scener: for hver scene det, der vises på skærmen, speakerens ord ordret og scenens længde i sekunder, så scenerne tilsammen passer til lektionens varighed.',
    en: 'Write a video script in scenes: for each scene what is shown on screen, the narrator’s words verbatim and the scene’s length in seconds, so the scenes together fit the lesson’s duration.',
  },
  presentation: {
    da: 'Lav en præsentation: dias med titel, korte punkter og talenoter til den, der præsenterer.',
    en: 'Build a presentation: slides with a title, short bullet points and speaker notes for the presenter.',
  },
  'audio-narration': {
    da: 'Skriv et lydmanuskript i afsnit: teksten, der læses op, tempoet og pausen efter hvert afsnit. Skriv til øret: korte sætninger, ingen tabeller eller opremsninger, der kræver at kunne se dem.',
    en: 'Write an audio narration in segments: the words read aloud, the pacing and the pause after each segment. Write for the ear: short sentences, nothing that needs to be seen.',
  },
  'visual-content': {
    da: 'Beskriv de billeder og figurer, lektionen har brug for: hvad hver viser, præcist nok til at en grafiker kan lave den, en alternativ tekst og hvor i lektionen den hører til.',
    en: 'Describe the images and figures the lesson needs: what each shows, precisely enough for a designer to make it, its alternative text and where in the lesson it belongs.',
  },
  interactive: {
    da: 'Lav aktiviteter, deltagerne selv arbejder med: øvelser, refleksioner, cases eller spørgsmål, hver med en instruktion og det, et godt svar indeholder.',
    en: 'Create activities the learners work on themselves: exercises, reflections, scenarios or questions, each with instructions and what a good answer contains.',
  },
};

const INSTRUCTIONS: Record<AiLanguage, (type: LessonFormat) => string[]> = {
  da: (type) => [
    'Du er underviser og indholdsforfatter hos Kursa, en dansk platform for online kurser til virksomheder.',
    `Du skriver materiale til én lektion i et kursus. ${WHAT[type].da}`,
    'Hold dig til lektionens titel, læringsmål, varighed og sværhedsgrad, og pas mængden af indhold til varigheden. Brug kursets målgruppe og branche til eksempler fra deltagernes hverdag.',
    'Skriv fagligt korrekt; opfind ikke tal, love eller kilder. Hvor noget afhænger af den enkelte virksomhed, så sig det.',
  ],
  en: (type) => [
    'You are a teacher and content writer at Kursa, a Danish platform for online courses for businesses.',
    `You are writing material for one lesson of a course. ${WHAT[type].en}`,
    'Keep to the lesson’s title, learning objective, duration and difficulty, and fit the amount of material to the duration. Use the course’s audience and industry for examples from the learners’ daily work.',
    'Be factually correct; do not invent figures, laws or sources. Where something depends on the particular company, say so.',
  ],
};

export function contentPrompt(input: ContentInput, language: AiLanguage): TaskPrompt {
  const { language: _language, features: _features, ...course } = input.courseContext;
  return composePrompt(language, INSTRUCTIONS[language](input.type), { lesson: input.lesson, course });
}

const DESCRIBE: Record<AiLanguage, string> = { da: 'Materiale til en lektion', en: 'Material for a lesson' };

/** The generate-content task for one content type: one task name (one model setting), a schema per type. */
export function generateContent<T extends LessonFormat>(type: T): AiTask<ContentInput, z.infer<(typeof CONTENT_SCHEMAS)[T]>> {
  return {
    name: 'generate-content',
    schema: CONTENT_SCHEMAS[type] as unknown as z.ZodType<z.infer<(typeof CONTENT_SCHEMAS)[T]>>,
    describe: DESCRIBE,
    prompt: contentPrompt,
  };
}
