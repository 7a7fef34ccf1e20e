import type { Entry } from '../entry.ts';

/** Durable generation jobs. Written in Danish first, so Danish is their default. */
export const jobMessages = {
  'jobs.notFound': { spec: 'da', da: 'Jobbet blev ikke fundet.', en: 'Job not found.' },
  'jobs.stepNotFound': { spec: 'da', da: 'Trinnet blev ikke fundet i jobbet.', en: 'Step not found in the job.' },
  'jobs.alreadyFinished': { spec: 'da', da: 'Jobbet er allerede afsluttet.', en: 'The job has already finished.' },
  'jobs.stepNotFailed': { spec: 'da', da: 'Kun et trin, der er fejlet, kan prøves igen.', en: 'Only a step that failed can be retried.' },
  'jobs.jobCancelled': {
    spec: 'da',
    da: 'Jobbet er annulleret; dets trin kan ikke prøves igen.',
    en: 'The job was cancelled; its steps cannot be retried.',
  },
  'jobs.badLastEventId': { spec: 'da', da: 'Last-Event-ID skal være et helt tal.', en: 'Last-Event-ID must be a whole number.' },
  'jobs.unknownKind': {
    spec: 'da',
    da: 'Jobtypen "{{kind}}" findes ikke længere på serveren.',
    en: 'The job kind "{{kind}}" no longer exists on the server.',
  },
  'jobs.stepsFailed': {
    spec: 'da',
    da: '{{count}} trin fejlede; de kan prøves igen hver for sig.',
    en: '{{count}} steps failed; each can be retried on its own.',
  },
  'jobs.workerLost': {
    spec: 'da',
    da: 'Jobbet blev stoppet: serveren, der kørte det, forsvandt {{count}} gange.',
    en: 'The job was stopped: the server running it was lost {{count}} times.',
  },
  'jobs.tooLong': {
    spec: 'da',
    da: 'Jobbet blev stoppet: det kørte længere end {{minutes}} minutter.',
    en: 'The job was stopped: it ran longer than {{minutes}} minutes.',
  },
  'jobs.stepInterrupted': {
    spec: 'da',
    da: 'Trinnet blev afbrudt, da jobbet blev stoppet.',
    en: 'The step was interrupted when the job was stopped.',
  },
  'jobs.stepError': { spec: 'da', da: 'Trinnet fejlede: {{message}}', en: 'The step failed: {{message}}' },
} as const satisfies Record<string, Entry>;
