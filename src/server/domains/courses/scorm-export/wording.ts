/**
 * The words of an exported package, in the course's language: the package is a document that
 * plays in another LMS, so it keeps the course's language whoever opens it. `{name}` marks are
 * filled in by the package's script (assets/sco.js).
 */
export type PackageLanguage = 'da' | 'en';

export const PACKAGE_WORDING = {
  da: {
    lessons: 'Lektioner',
    previous: 'Forrige lektion',
    next: 'Næste lektion',
    progress: '{done} af {total} lektioner gennemført',
    courseCompleted: 'Du har gennemført kurset.',
    courseFailed: 'Kurset er ikke bestået: en quiz har ikke flere forsøg.',
    checkAnswers: 'Tjek svar',
    tryAgain: 'Prøv igen',
    yourAnswer: 'Dit svar',
    correct: 'Rigtigt',
    incorrect: 'Forkert',
    correctAnswer: 'Rigtigt svar: {answer}',
    score: 'Du fik {score} %. Der skal {passMark} % til at bestå.',
    passed: 'Bestået',
    notPassed: 'Ikke bestået',
    attemptsLeft: 'Forsøg tilbage: {left}',
    noAttemptsLeft: 'Du har ikke flere forsøg.',
    answerAll: 'Svar på alle spørgsmål.',
    hint: 'Tip',
    watchVideo: 'Se videoen',
    download: 'Hent',
    notes: 'Noter',
    notExported: 'Denne lektion er en SCORM-pakke i Kursa og er ikke med i eksporten.',
    noVideo: 'Lektionen har ingen video.',
    noTracking: 'Kurset er åbnet uden for et LMS: dine fremskridt gemmes ikke.',
  },
  en: {
    lessons: 'Lessons',
    previous: 'Previous lesson',
    next: 'Next lesson',
    progress: '{done} of {total} lessons completed',
    courseCompleted: 'You have completed the course.',
    courseFailed: 'The course is not passed: a quiz has no attempts left.',
    checkAnswers: 'Check answers',
    tryAgain: 'Try again',
    yourAnswer: 'Your answer',
    correct: 'Correct',
    incorrect: 'Incorrect',
    correctAnswer: 'Correct answer: {answer}',
    score: 'You scored {score}%. {passMark}% is needed to pass.',
    passed: 'Passed',
    notPassed: 'Not passed',
    attemptsLeft: 'Attempts left: {left}',
    noAttemptsLeft: 'You have no attempts left.',
    answerAll: 'Answer every question.',
    hint: 'Hint',
    watchVideo: 'Watch the video',
    download: 'Download',
    notes: 'Notes',
    notExported: 'This lesson is a SCORM package in Kursa and is not part of the export.',
    noVideo: 'The lesson has no video.',
    noTracking: 'The course is open outside an LMS: your progress is not saved.',
  },
} as const satisfies Record<PackageLanguage, Record<string, string>>;

export type PackageWords = (typeof PACKAGE_WORDING)[PackageLanguage];
