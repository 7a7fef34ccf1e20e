import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/** Another company publishes a paid course (499.99 kr. without moms) through the API. */
export async function publishPaidCourse(page: Page, title: string): Promise<string> {
  const post = async <T>(url: string, data: unknown) => {
    const response = await page.request.post(url, { data });
    expect(response.status(), await response.text()).toBeLessThan(300);
    return (await response.json()) as T;
  };
  type Course = { id: string; slug: string; version: number; modules: { id: string }[] };
  let course = await post<Course>('/api/courses', {
    title,
    description: 'Et betalt kursus fra betalingstesten.',
    pricing: 'paid',
    price: 49_999,
    currency: 'DKK',
    visibility: 'public',
  });
  course = await post<Course>(`/api/courses/${course.id}/modules`, { title: 'Modul', version: course.version });
  course = await post<Course>(`/api/modules/${course.modules[0]!.id}/lessons`, { title: 'Lektion', kind: 'text', version: course.version });
  await post(`/api/courses/${course.id}/status`, { action: 'publish', version: course.version, confirmEmptyLessons: true });
  return course.slug;
}
