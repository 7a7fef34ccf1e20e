import type { Entry } from '../entry.ts';

/** Generating courses, quizzes, lessons and questions with AI. Written in Danish first, so Danish is their default. */
export const courseGenerationMessages = {
  'courseGeneration.alreadyRunning': {
    spec: 'da',
    da: 'Kurset er allerede ved at blive genereret. Vent, til jobbet er færdigt, eller annuller det.',
    en: 'The course is already being generated. Wait for the job to finish, or cancel it.',
  },
  'courseGeneration.editedByUser': {
    spec: 'da',
    da: 'Sprunget over: lektionen blev redigeret, mens jobbet kørte.',
    en: 'Skipped: the lesson was edited while the job ran.',
  },
  'courseGeneration.lessonGone': { spec: 'da', da: 'Sprunget over: lektionen er slettet.', en: 'Skipped: the lesson was deleted.' },
  'courseGeneration.outlineExisted': {
    spec: 'da',
    da: 'Kurset havde allerede en indholdsoversigt; lektionerne skrives ud fra den.',
    en: 'The course already had an outline; the lessons are written from it.',
  },
  'courseGeneration.notText': {
    spec: 'da',
    da: 'Kun tekst- og quizlektioner og en videolektions manuskript kan genereres med AI.',
    en: "Only text and quiz lessons, and a video lesson's script, can be generated with AI.",
  },
  'courseGeneration.formatNotForKind': {
    spec: 'da',
    da: 'Den lektion kan ikke skrives i det format: en quiz har ingen formater, og en videolektions noter er et videomanuskript.',
    en: "That lesson cannot be written in that format: a quiz has no formats, and a video lesson's notes are a video script.",
  },
  'courseGeneration.notQuiz': { spec: 'da', da: 'Lektionen er ikke en quiz.', en: 'The lesson is not a quiz.' },
  'courseGeneration.noQuestion': {
    spec: 'da',
    da: 'Quizzen har intet spørgsmål med det nummer.',
    en: 'The quiz has no question with that number.',
  },
  'courseGeneration.noLessons': {
    spec: 'da',
    da: 'Modulet har ingen lektioner, som en quiz kan bygge på.',
    en: 'The module has no lessons a quiz can be built on.',
  },
  'courseGeneration.quizTitle': { spec: 'da', da: 'Quiz: {{module}}', en: 'Quiz: {{module}}' },
  'courseGeneration.videoTitle': { spec: 'da', da: 'Video: {{module}}', en: 'Video: {{module}}' },
  'courseGeneration.workbookTitle': { spec: 'da', da: 'Arbejdshæfte', en: 'Workbook' },
  'courseGeneration.featureExisted': {
    spec: 'da',
    da: 'Findes allerede i kurset; intet blev ændret.',
    en: 'Already in the course; nothing was changed.',
  },
} as const satisfies Record<string, Entry>;
