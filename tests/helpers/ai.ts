import type { Db } from '../../src/server/db/database.ts';
import type { RetryPolicy } from '../../src/server/ai/retry.ts';
import type { RecordedRequest } from './fake-openai.ts';

/** Short backoff, so a provider that stays down fails within a test's time. */
export const FAST_RETRY: RetryPolicy = { retries: 2, baseDelayMs: 20, maxDelayMs: 5000 };

/** The env that points the app at a fake OpenAI-compatible server. */
export const fakeAiEnv = (url: string, extra: Record<string, string> = {}) => ({
  OPENAI_BASE_URL: url,
  AI_MODEL: 'test-model',
  AI_TIMEOUT_MS: '400',
  ...extra,
});

export const usageRows = (db: Db, organisationId: string) =>
  db.selectFrom('ai_usage').selectAll().where('organisation_id', '=', organisationId).orderBy('created_at').execute();

export const systemOf = (request: RecordedRequest) =>
  request.messages
    .filter((m) => m.role === 'system')
    .map((m) => m.content)
    .join('\n');
export const lastUserOf = (request: RecordedRequest) => request.messages.filter((m) => m.role === 'user').at(-1)?.content ?? '';

/** Three concepts as a model would write them for a Danish course. */
export function danishConcepts() {
  const concept = (title: string, format: string, differentiator: string) => ({
    title,
    description: `Et praktisk kursus for lagermedarbejdere om ${title.toLowerCase()}.`,
    learning_objectives: ['Forklare de vigtigste regler', 'Anvende tjeklisten i hverdagen', 'Genkende farlige situationer'],
    complexity_level: 'beginner',
    duration: '3 uger, ca. 1 time om ugen',
    duration_minutes: 180,
    format,
    differentiator,
  });
  return {
    concepts: [
      concept('Sikkerhed på lageret', 'video', 'Korte videoer fra et rigtigt lager'),
      concept('Truckkørsel uden uheld', 'blended', 'Kombinerer online teori med øvelser på stedet'),
      concept('Ergonomi i hverdagen', 'text', 'Fokus på løfteteknik og pauser'),
    ],
  };
}

export function danishProfile(missing: { key: string; reason: string }[] = []) {
  return {
    experience: 'Ti års erfaring som sikkerhedsleder',
    subject: 'Arbejdsmiljø på lageret',
    audience: 'Nye lagermedarbejdere uden erfaring',
    goals: 'Deltagerne arbejder sikkert fra første dag',
    challenges: 'Skiftehold gør det svært at samle alle',
    preferences: {
      delivery: 'Korte videoer',
      assessment: 'Quiz efter hvert afsnit',
      vision: 'Nul arbejdsulykker',
      transformation: 'Sikre vaner i hverdagen',
    },
    missingFeatures: missing,
  };
}
