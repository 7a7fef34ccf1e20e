import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database.ts';
import type { Storage } from '../../storage/index.ts';
import type { CoursesService } from './courses/service.ts';
import { scormExportRoutes } from './scorm-export/routes.ts';
import { ScormExportService } from './scorm-export/service.ts';
import { scormRoutes } from './scorm/routes.ts';
import { ScormService } from './scorm/service.ts';

/** SCORM both ways: packages imported and played as lessons (docs/decisions/065-scorm-player.md), courses exported as packages (066). */
export const scormPlugin: FastifyPluginAsyncZod<{ db: Db; storage: Storage; courses: CoursesService; publicUrl: string }> = async (
  app,
  { db, storage, courses, publicUrl },
) => {
  await app.register(scormRoutes, { scorm: new ScormService(db, storage, courses, publicUrl) });
  await app.register(scormExportRoutes, { exporter: new ScormExportService(db, storage, publicUrl) });
};
