import { TRIAL_DAYS } from '../../shared/constants.ts';
import { DEMO_ACCOUNT } from '../../shared/demo.ts';
import { hashPassword } from '../security/passwords.ts';
import { newId } from '../security/tokens.ts';
import { Readable } from 'node:stream';
import { countOrganisations, insertOrganisationWithUser, recordLogin } from '../domains/identity/index.ts';
import { insertUpload } from '../domains/courses/index.ts';
import { newStorageKey, type Storage } from '../storage/storage.ts';
import type { Db } from '../db/database.ts';
import { seedDemoCourses, type StoreDemoFile } from './seed-courses.ts';

/** The seeded demo company and its admin, who owns the sample courses. */
export interface DemoOwner {
  organisationId: string;
  userId: string;
}

/**
 * Seeds the demo company, its admin, its subdomain and three published sample courses
 * into an EMPTY database only, so a real installation's data is never touched. The company is
 * sample data and is stored as not verified. The courses' handouts go to `storage`. Answers the
 * company and admin it seeded, or null when the database was not empty. (The demo learner is
 * seeded afterwards through the product's services: seedDemoLearner.)
 */
export async function seedDemo(db: Db, storage: Storage): Promise<DemoOwner | null> {
  if ((await countOrganisations(db)) > 0) return null;
  const organisationId = newId();
  const userId = newId();
  await insertOrganisationWithUser(
    db,
    {
      id: organisationId,
      cvr: DEMO_ACCOUNT.cvrNumber,
      name: DEMO_ACCOUNT.companyName,
      address: 'Vesterbrogade 1',
      city: 'København V',
      postalCode: '1620',
      phone: '+45 70 10 20 30',
      email: DEMO_ACCOUNT.email,
      verified: false,
      // Every visitor may try the demo at any time, so it never turns read-only: Professional (what
      // the trial behaves as) granted without an end, rather than a trial that ends 14 days after seeding.
      plan: 'professional',
      trialEndsAt: new Date(Date.now() + TRIAL_DAYS * 24 * 60 * 60 * 1000).toISOString(),
    },
    {
      id: userId,
      organisationId,
      email: DEMO_ACCOUNT.email,
      passwordHash: await hashPassword(DEMO_ACCOUNT.password),
      contactName: DEMO_ACCOUNT.contactName,
      phone: '+45 70 10 20 30',
      role: 'admin',
    },
  );
  // The demo admin comes with a history (courses, learners): they are welcomed back, not as new.
  await recordLogin(db, userId, new Date());
  await seedDemoCourses(db, { organisationId, userId }, storeIn(db, storage));
  return { organisationId, userId };
}

/** Stores a seed-made file as an upload of its course, as POST /api/uploads would. */
function storeIn(db: Db, storage: Storage): StoreDemoFile {
  return async (file) => {
    const key = newStorageKey();
    const { size } = await storage.put(key, Readable.from([Buffer.from(file.bytes)]), file.mime);
    const id = newId();
    await insertUpload(db, {
      id,
      organisationId: file.organisationId,
      courseId: file.courseId,
      uploadedBy: file.uploadedBy,
      kind: file.kind,
      mime: file.mime,
      size,
      originalName: file.fileName,
      storageKey: key,
      createdAt: new Date().toISOString(),
    });
    return id;
  };
}
