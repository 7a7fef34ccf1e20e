import type { Entry } from '../entry.ts';

/** Enrolment, the player and quizzes. Written in Danish first, so Danish is their default. */
export const learningMessages = {
  'learning.courseNotFound': { spec: 'da', da: 'Kurset blev ikke fundet.', en: 'Course not found.' },
  'learning.paidNotYet': {
    spec: 'da',
    da: 'Kurset er betalt: køb det til dig selv, eller bed en administrator købe pladser til virksomheden.',
    en: 'This is a paid course: buy it for yourself, or ask an admin to buy seats for your company.',
  },
  'learning.notEnrolled': { spec: 'da', da: 'Du er ikke tilmeldt kurset.', en: 'You are not enrolled in this course.' },
  'learning.lessonNotFound': { spec: 'da', da: 'Lektionen blev ikke fundet.', en: 'Lesson not found.' },
  'learning.scormCompletes': {
    spec: 'da',
    da: 'En SCORM-lektion gennemføres i selve lektionen.',
    en: 'A SCORM lesson is completed in the lesson itself.',
  },
  'learning.quizCompletes': { spec: 'da', da: 'En quiz gennemføres ved at bestå den.', en: 'A quiz is completed by passing it.' },
  'learning.beyondDuration': { spec: 'da', da: 'Tiden ligger efter videoens slutning.', en: 'The time is past the end of the video.' },
  'learning.durationMissing': { spec: 'da', da: 'Videoens længde mangler.', en: "The video's length is missing." },
  'learning.watchedBackwards': {
    spec: 'da',
    da: 'Et afspillet stykke skal slutte efter, det begynder.',
    en: 'A played part must end after it begins.',
  },
  'learning.watchedTooMany': { spec: 'da', da: 'For mange afspillede stykker i én besked.', en: 'Too many played parts in one report.' },
  'learning.notAQuiz': { spec: 'da', da: 'Lektionen er ikke en quiz.', en: 'The lesson is not a quiz.' },
  'learning.noAttemptsLeft': { spec: 'da', da: 'Du har brugt alle forsøg på denne quiz.', en: 'You have used every attempt at this quiz.' },
  'learning.alreadyPassed': { spec: 'da', da: 'Du har allerede bestået denne quiz.', en: 'You have already passed this quiz.' },
  'learning.assignRights': {
    spec: 'da',
    da: 'Kun en administrator eller kursets instruktør kan tildele kurset.',
    en: "Only an admin or the course's instructor can assign the course.",
  },
  'learning.assignNobody': { spec: 'da', da: 'Vælg mindst én person.', en: 'Choose at least one person.' },
  'learning.assignUnknown': {
    spec: 'da',
    da: 'Nogle af personerne er ikke aktive medlemmer af virksomheden.',
    en: 'Some of the people are not active members of the company.',
  },
  'learning.notPublished': {
    spec: 'da',
    da: 'Kurset skal være udgivet, før det kan tildeles.',
    en: 'The course must be published before it can be assigned.',
  },
  'learning.dueAt': { spec: 'da', da: 'Angiv en gyldig frist.', en: 'Give a valid due date.' },
  'review.replyEmpty': {
    spec: 'da',
    da: 'Skriv et svar.',
    en: 'Write an answer.',
  },
  'review.replyTooLong': {
    spec: 'da',
    da: 'Svaret må højst være 1000 tegn.',
    en: 'The answer can be at most 1000 characters.',
  },
  'review.replyNotYours': {
    spec: 'da',
    da: 'Kun kursets instruktør eller en administrator kan svare på anmeldelsen.',
    en: "Only the course's instructor or an admin can answer the review.",
  },
  'review.notFound': {
    spec: 'da',
    da: 'Anmeldelsen findes ikke.',
    en: 'The review does not exist.',
  },
  'question.tooShort': {
    spec: 'da',
    da: 'Skriv et spørgsmål på mindst 3 tegn.',
    en: 'Write a question of at least 3 characters.',
  },
  'question.tooLong': {
    spec: 'da',
    da: 'Spørgsmålet må højst være 2000 tegn.',
    en: 'The question can be at most 2000 characters.',
  },
  'question.answerEmpty': { spec: 'da', da: 'Skriv et svar.', en: 'Write an answer.' },
  'question.answerTooLong': {
    spec: 'da',
    da: 'Svaret må højst være 4000 tegn.',
    en: 'The answer can be at most 4000 characters.',
  },
  'question.notEnrolled': {
    spec: 'da',
    da: 'Du kan stille spørgsmål til kurset, når du er tilmeldt det.',
    en: 'You can ask about the course once you are enrolled in it.',
  },
  'question.lessonNotInCourse': {
    spec: 'da',
    da: 'Lektionen hører ikke til kurset.',
    en: 'The lesson is not part of the course.',
  },
  'question.answerNotYours': {
    spec: 'da',
    da: 'Kun kursets instruktør eller en administrator kan svare på spørgsmålet.',
    en: "Only the course's instructor or an admin can answer the question.",
  },
  'question.notFound': { spec: 'da', da: 'Spørgsmålet findes ikke.', en: 'The question does not exist.' },
  'question.reasonRequired': {
    spec: 'da',
    da: 'Skriv en begrundelse på mindst 3 tegn.',
    en: 'Write a reason of at least 3 characters.',
  },
  'question.reasonTooLong': { spec: 'da', da: 'Begrundelsen må højst være 500 tegn.', en: 'The reason may be at most 500 characters.' },
  'question.publicNotAllowed': {
    spec: 'da',
    da: 'Kurset tillader ikke offentlige spørgsmål.',
    en: 'The course does not allow public questions.',
  },
  'question.notYours': {
    spec: 'da',
    da: 'Kun den, der stillede spørgsmålet, kan gøre det.',
    en: 'Only the person who asked the question can do that.',
  },
  'question.answeredNoEdit': {
    spec: 'da',
    da: 'Et besvaret spørgsmål kan ikke redigeres. Skriv en opfølgning i stedet.',
    en: 'An answered question cannot be edited. Write a follow-up instead.',
  },
  'question.notAnswered': { spec: 'da', da: 'Spørgsmålet er ikke besvaret endnu.', en: 'The question has not been answered yet.' },
  'question.pinNeedsLesson': {
    spec: 'da',
    da: 'Kun et besvaret, synligt spørgsmål fra en lektion kan fastgøres til lektionen.',
    en: 'Only an answered, visible question from a lesson can be pinned to the lesson.',
  },
} as const satisfies Record<string, Entry>;
