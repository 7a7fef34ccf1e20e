import { courseAnswer, dataOf } from './course-answers.ts';
import { answer, type FakeAnswer, type RecordedRequest } from './fake-openai.ts';

/**
 * What a model would answer to generation with a draft's features (ADR 022), per task, made from
 * each request: a video script for the module asked about, a workbook with two exercises per
 * module given, a translation that marks every segment 'EN:'; anything else as course-answers.ts.
 */

export type FeatureTask = 'video-script' | 'generate-workbook' | 'translate-course' | 'course';

export function featureTaskOf(request: RecordedRequest): FeatureTask {
  const properties = request.schema?.properties ?? {};
  if ('scenes' in properties) return 'video-script';
  if ('modules' in properties && 'introduction' in properties) return 'generate-workbook';
  if ('segments' in properties) return 'translate-course';
  return 'course';
}

const firstUser = (request: RecordedRequest) => request.messages.find((m) => m.role === 'user')?.content ?? '';
function block<T>(request: RecordedRequest, name: string): T {
  const match = new RegExp(`<kursa-data name="${name}">\\n([\\s\\S]*?)\\n</kursa-data>`).exec(firstUser(request));
  return JSON.parse(match?.[1] ?? 'null') as T;
}

export const exercisePrompt = (module: string, n: number) => `Øvelse ${n} om ${module}: beskriv en situation fra din egen vagt.`;

export function featureAnswer(request: RecordedRequest, delayMs = 10): FakeAnswer {
  switch (featureTaskOf(request)) {
    case 'video-script': {
      const module = String(dataOf(request, 'lesson')?.module_title ?? '');
      return answer.json(
        {
          title: `Video om ${module}`,
          scenes: [
            {
              heading: 'Åbning',
              visuals: 'Lageret om morgenen',
              narration: `Velkommen til ${module}. Vi ser på det vigtigste.`,
              duration_seconds: 45,
            },
            {
              heading: 'Praksis',
              visuals: 'En medarbejder følger tjeklisten',
              narration: 'Sådan gør du i praksis, trin for trin.',
              duration_seconds: 90,
            },
          ],
        },
        { delayMs },
      );
    }
    case 'generate-workbook': {
      const modules = block<{ title: string }[]>(request, 'modules') ?? [];
      return answer.json(
        {
          title: 'Arbejdshæfte',
          introduction: 'Brug hæftet sammen med kurset: skriv dine svar, mens du lærer.',
          modules: modules.map((m) => ({
            title: m.title,
            key_points: [`${m.title} kræver opmærksomhed`, 'Følg altid tjeklisten'],
            exercises: [1, 2].map((n) => ({ title: `Refleksion ${n}`, prompt: exercisePrompt(m.title, n) })),
          })),
        },
        { delayMs },
      );
    }
    case 'translate-course':
      return answer.json(
        { segments: block<{ id: string; text: string }[]>(request, 'segments').map((s) => ({ id: s.id, text: `EN:${s.text.trim()}` })) },
        { delayMs },
      );
    default:
      return courseAnswer(request, { delayMs });
  }
}
