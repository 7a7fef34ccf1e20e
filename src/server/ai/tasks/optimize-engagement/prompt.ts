import { composePrompt } from '../../prompt.ts';
import type { AiLanguage, AiTask, TaskPrompt } from '../../task.ts';
import { figuresOf, type CoursePerformance } from '../course-brief.ts';
import { suggestionsSchema, type CourseIds, type TSuggestions } from './schema.ts';

const INSTRUCTIONS: Record<AiLanguage, { common: string[]; learners: string; none: string }> = {
  da: {
    common: [
      'Du er kursusudvikler hos Kursa, en dansk platform for online kurser til virksomheder, og skal gøre kurset mere engagerende.',
      'Foreslå 1–8 konkrete ændringer, som underviseren kan anvende én ad gangen. Hver ændring er én af disse handlinger: rename-lesson (ny titel til en lektion), rewrite-lesson-intro (nyt første afsnit i en tekstlektion), add-key-points (nøglepunkter sidst i en tekstlektion), add-learning-objective (et nyt læringsmål), update-description (ny kursusbeskrivelse), add-module-quiz (en quiz med spørgsmål sidst i et modul).',
      'Brug kun id’er på moduler og lektioner fra data. Skriv den færdige tekst i ændringen – titlen, afsnittet, punkterne, spørgsmålene – klar til at blive sat ind, ikke en beskrivelse af den.',
      'Begrund hver ændring med tallene eller strukturen (fx et modul uden quiz, en tom lektion, et lavt engagement). Foreslå ikke noget, kurset allerede har, og opfind aldrig fakta om faget.',
      'Quizspørgsmål har 2–5 svarmuligheder med præcis ét rigtigt svar og en kort forklaring.',
    ],
    learners: 'Kurset har deltagere: prioritér ændringer, der rammer de svageste tal.',
    none: 'Kurset har endnu ingen deltagere og derfor ingen tal: byg forslagene på strukturen og indholdet alene.',
  },
  en: {
    common: [
      'You are a course developer at Kursa, a Danish platform for online courses for businesses, and your job is to make the course more engaging.',
      'Suggest 1–8 concrete changes the instructor can apply one at a time. Each change is one of these operations: rename-lesson (a new lesson title), rewrite-lesson-intro (a new first paragraph of a text lesson), add-key-points (key points at the end of a text lesson), add-learning-objective (a new learning objective), update-description (a new course description), add-module-quiz (a quiz with questions at the end of a module).',
      'Use only module and lesson ids from the data. Write the finished text in the change – the title, paragraph, points, questions – ready to be inserted, not a description of it.',
      'Justify each change with the figures or the structure (e.g. a module without a quiz, an empty lesson, low engagement). Do not suggest what the course already has, and never invent facts about the subject.',
      'Quiz questions have 2–5 options with exactly one right answer and a short explanation.',
    ],
    learners: 'The course has learners: put first the changes that address the weakest figures.',
    none: 'The course has no learners yet and so no figures: base the suggestions on the structure and content alone.',
  },
};

export function engagementPrompt(input: CoursePerformance, language: AiLanguage): TaskPrompt {
  const words = INSTRUCTIONS[language];
  return composePrompt(language, [...words.common, input.hasLearners ? words.learners : words.none], {
    course: input.course,
    structure: input.structure,
    ...figuresOf(input),
  });
}

/** The course's ids, for the schema: which lessons and modules a change may name. */
export function courseIds(input: CoursePerformance): CourseIds {
  const lessons = input.course.modules.flatMap((m) => m.lessons);
  return {
    lessons: lessons.map((l) => l.id),
    textLessons: lessons.filter((l) => l.kind === 'text').map((l) => l.id),
    modules: input.course.modules.map((m) => m.id),
  };
}

/** The task for one course: its schema allows that course's ids only. */
export function optimizeEngagement(ids: CourseIds): AiTask<CoursePerformance, TSuggestions> {
  return {
    name: 'optimize-engagement',
    schema: suggestionsSchema(ids),
    describe: { da: 'Konkrete ændringer, der gør kurset mere engagerende', en: 'Concrete changes that make the course more engaging' },
    prompt: engagementPrompt,
  };
}
