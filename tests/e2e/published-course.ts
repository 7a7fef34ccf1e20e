import { expect, type Page } from '@playwright/test';
import type { TCourse } from '../../src/shared/schemas/courses.ts';

/** For the learning browser tests: a company's published course with a text lesson and a quiz, made through the API. */

export const QUIZ = {
  passMark: 100,
  maxAttempts: 3,
  questions: [
    {
      id: 'q1',
      type: 'single',
      prompt: 'Hvor mange minutter varer et godt standup-møde?',
      hint: 'Det er kort.',
      explanation: 'Et standup holdes under et kvarter.',
      options: [
        { id: 'a', text: '15', correct: true, feedback: '' },
        { id: 'b', text: '60', correct: false, feedback: 'En time er et helt møde, ikke et standup.' },
      ],
      acceptedAnswers: [],
    },
    {
      id: 'q2',
      type: 'short_answer',
      prompt: 'Hvad kaldes listen over punkter til et møde?',
      hint: '',
      explanation: '',
      options: [],
      acceptedAnswers: ['dagsorden'],
    },
  ],
};

/** Sends JSON to the API as the page's signed-in user and answers the parsed body; a status of 300 or more fails the spec. */
export function apiSender(page: Page) {
  return async <T>(method: 'post' | 'patch', url: string, data: unknown): Promise<T> => {
    const response = await page.request[method](url, { data });
    expect(response.status(), `${method} ${url}: ${await response.text()}`).toBeLessThan(300);
    return (await response.json()) as T;
  };
}

export async function publishCourse(page: Page, title: string): Promise<TCourse> {
  const post = async <T>(url: string, data: unknown, method: 'post' | 'patch' = 'post') => {
    const response = await page.request[method](url, { data });
    expect(response.status(), await response.text()).toBeLessThan(300);
    return (await response.json()) as T;
  };
  let course = await post<TCourse>('/api/courses', { title, description: 'Korte møder, der ender med beslutninger.' });
  course = await post<TCourse>(`/api/courses/${course.id}/modules`, { title: 'Mødet', version: course.version });
  const moduleId = course.modules[0]!.id;
  course = await post<TCourse>(`/api/modules/${moduleId}/lessons`, { title: 'Før mødet', kind: 'text', version: course.version });
  course = await post<TCourse>(`/api/modules/${moduleId}/lessons`, { title: 'Tjek dig selv', kind: 'quiz', version: course.version });
  const [text, quiz] = course.modules[0]!.lessons;
  await post(
    `/api/lessons/${text!.id}`,
    {
      version: 1,
      content: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Send dagsordenen dagen før.' }] }] },
    },
    'patch',
  );
  await post(`/api/lessons/${quiz!.id}`, { version: 1, content: QUIZ }, 'patch');
  course = (await (await page.request.get(`/api/courses/${course.id}`)).json()) as TCourse;
  return post<TCourse>(`/api/courses/${course.id}/status`, { action: 'publish', version: course.version });
}
