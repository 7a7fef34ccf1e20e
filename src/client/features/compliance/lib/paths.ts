import { complianceCoursePath, compliancePersonPath } from '@shared/routes.ts';

/** A person's training record and a course's completion report, with a past view's query ('' for now). */
export const personPath = (userId: string, query = '') => `${compliancePersonPath(userId)}${query}`;
export const coursePath = (courseId: string, query = '') => `${complianceCoursePath(courseId)}${query}`;
