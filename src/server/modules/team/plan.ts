import { PLAN_LIMITS } from '../../../shared/schemas/team.ts';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import type { Transaction } from 'kysely';
import { AppError } from '../../http/errors.ts';
import * as repo from './repository.ts';

/**
 * SPEC §9: Starter allows 5 active (published) courses. Called when a course is published, inside
 * the publishing transaction; a course already published keeps its place.
 */
export async function assertCourseSlot(db: Db | Transaction<Database>, organisationId: string, courseId: string): Promise<void> {
  const org = await repo.findOrganisation(db, organisationId);
  const plan = (org.plan in PLAN_LIMITS ? org.plan : 'trial') as keyof typeof PLAN_LIMITS;
  const limit = PLAN_LIMITS[plan].activeCourses;
  if (limit === null) return;
  if ((await repo.countPublishedCourses(db, organisationId, courseId)) >= limit) {
    throw new AppError('PLAN_LIMIT', 403, 'plan.courseLimit', undefined, { plan, limit });
  }
}
