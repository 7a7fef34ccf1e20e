import { answer, type FakeAnswer, type RecordedRequest } from './fake-openai.ts';

/**
 * What a model would answer to course generation's three tasks, made from each request (its
 * schema says which task, its data blocks what about): a Danish outline of `modules` × `lessons`,
 * a lesson written about the lesson asked for, a quiz of the number of questions asked for with
 * every correct answer first (as models tend to), so the even spread is the code's doing.
 */

const TOPICS = ['Sikkerhed på lageret', 'Risikovurdering', 'Personlige værnemidler', 'Nødsituationer', 'Truckkørsel', 'Ergonomi'];

/** The JSON of a <kursa-data name="…"> block of the request's user message. */
export function dataOf(request: RecordedRequest, name: string): Record<string, unknown> | undefined {
  const user = request.messages.filter((m) => m.role === 'user')[0]?.content ?? '';
  const match = new RegExp(`<kursa-data name="${name}">\\n([\\s\\S]*?)\\n</kursa-data>`).exec(user);
  return match ? (JSON.parse(match[1]!) as Record<string, unknown>) : undefined;
}

export type TaskName = 'generate-outline' | 'generate-lesson' | 'generate-quiz' | 'other';

export function taskOf(request: RecordedRequest): TaskName {
  const properties = request.schema?.properties ?? {};
  if ('modules' in properties) return 'generate-outline';
  if ('sections' in properties) return 'generate-lesson';
  if ('questions' in properties) return 'generate-quiz';
  return 'other';
}

/** The lesson a generate-lesson request is about, or the module a quiz is for. */
export function subjectOf(request: RecordedRequest): string {
  const task = taskOf(request);
  if (task === 'generate-lesson') return String(dataOf(request, 'lesson')?.title ?? '');
  if (task === 'generate-quiz') return String(dataOf(request, 'module')?.title ?? '');
  return task;
}

const system = (request: RecordedRequest) => request.messages.find((m) => m.role === 'system')?.content ?? '';
const wanted = (request: RecordedRequest, pattern: RegExp, fallback: number) => {
  const match = pattern.exec(system(request));
  return Number(match?.[1] ?? match?.[2] ?? fallback);
};

export function outlineAnswer(modules: number, lessons: number) {
  return {
    modules: Array.from({ length: modules }, (_, m) => ({
      title: TOPICS[m % TOPICS.length]!,
      description: `Modulet gennemgår ${TOPICS[m % TOPICS.length]!.toLowerCase()} i praksis.`,
      lessons: Array.from({ length: lessons }, (_, l) => ({
        title: `${TOPICS[m % TOPICS.length]}: del ${l + 1}`,
        summary: `Deltagerne lærer del ${l + 1} af ${TOPICS[m % TOPICS.length]!.toLowerCase()}.`,
        duration_minutes: 10 + l,
      })),
    })),
  };
}

export function lessonAnswer(title: string) {
  return {
    introduction: `Denne lektion handler om ${title}. Du lærer, hvad der er vigtigst, og hvordan du bruger det i hverdagen.`,
    sections: [
      {
        heading: `Hvad er ${title}?`,
        paragraphs: [`${title} betyder, at alle kender reglerne.`, 'Reglerne gælder på alle vagter.'],
        bullets: ['Kend reglerne', 'Spørg, når du er i tvivl'],
      },
      { heading: 'Sådan gør du', paragraphs: ['Følg tjeklisten, før arbejdet begynder.'], bullets: [] },
    ],
    example: { title: 'Morgenvagten', text: `Lise starter dagen med at gennemgå ${title} med sit hold.` },
    key_points: ['Kend reglerne', 'Brug tjeklisten', 'Sig fra ved fare'],
  };
}

export function quizAnswer(questions: number, moduleTitle: string) {
  return {
    questions: Array.from({ length: questions }, (_, q) => ({
      prompt: `Spørgsmål ${q + 1} om ${moduleTitle}?`,
      options: ['Det rigtige svar', 'Et forkert svar', 'Et andet forkert svar', 'Et tredje forkert svar'].map((text, o) => ({
        text: `${text} (${q + 1})`,
        feedback: o === 0 ? 'Rigtigt.' : 'Forkert.',
      })),
      correct_option: 0,
      hint: 'Tænk på tjeklisten.',
      explanation: 'Tjeklisten siger det.',
    })),
  };
}

/** The answer for any course-generation request, after `delayMs`. */
export function courseAnswer(request: RecordedRequest, options: { modules?: number; lessons?: number; delayMs?: number } = {}): FakeAnswer {
  const extra = options.delayMs ? { delayMs: options.delayMs } : {};
  switch (taskOf(request)) {
    case 'generate-outline':
      return answer.json(
        outlineAnswer(
          wanted(request, /præcis (\d+) moduler|exactly (\d+) modules/, options.modules ?? 4),
          wanted(request, /præcis (\d+) lektioner|exactly (\d+) lessons/, options.lessons ?? 3),
        ),
        extra,
      );
    case 'generate-lesson':
      return answer.json(lessonAnswer(subjectOf(request)), extra);
    case 'generate-quiz':
      return answer.json(quizAnswer(wanted(request, /præcis (\d+) spørgsmål|exactly (\d+) questions/, 4), subjectOf(request)), extra);
    default:
      return answer.fromSchema(extra);
  }
}
