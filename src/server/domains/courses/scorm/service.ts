import { Readable } from 'node:stream';
import type { TCourse } from '../../../../shared/schemas/courses.ts';
import type { TScormContent } from '../../../../shared/schemas/lesson-content.ts';
import type { TUser } from '../../../../shared/schemas/users.ts';
import type { Db } from '../../../db/database.ts';
import { AppError } from '../../../http/errors.ts';
import { newId } from '../../../security/tokens.ts';
import { newStorageKey, StorageNotFoundError, type ByteRange, type Storage } from '../../../storage/index.ts';
import { assertBuilder, assertEditable, conflict, moduleFor } from '../courses/access.ts';
import { isStaffOf } from '../courses/policy.ts';
import * as courses from '../courses/repository.ts';
import { loadCourse } from '../courses/serialise.ts';
import type { CoursesService } from '../courses/service.ts';
import { mimeOf } from './files.ts';
import { readScormPackage, type ScormPackage } from './package.ts';
import * as repo from './repository.ts';

/** How many of a package's files are stored at once. */
const PARALLEL_PUTS = 8;

const fileNotFound = () => new AppError('NOT_FOUND', 404, 'upload.notFound');

/**
 * SCORM packages as lessons (docs/decisions/065-scorm-player.md): a package is read whole and
 * checked first (package.ts), then its files are stored, then its row, its files' rows and one
 * lesson per SCO are written in one transaction; if that fails the stored files are removed, so a
 * refused or failed import leaves nothing behind.
 */
export class ScormService {
  constructor(
    private readonly db: Db,
    private readonly storage: Storage,
    private readonly courses: CoursesService,
    private readonly publicUrl: string,
  ) {}

  /** A new draft course from a package: titled as the package, one module, one lesson per SCO. */
  async importCourse(actor: TUser, bytes: Uint8Array): Promise<TCourse> {
    assertBuilder(actor);
    const pkg = await readScormPackage(bytes);
    const files = await this.store(pkg);
    let courseId: string | undefined;
    try {
      courseId = (await this.courses.create(actor, { title: pkg.title })).id;
      const id = courseId;
      await this.db.transaction().execute(async (trx) => {
        const moduleId = newId();
        const now = new Date().toISOString();
        await courses.insertModule(trx, { id: moduleId, courseId: id, position: 0, title: pkg.title, description: '', now });
        await this.insert(trx, actor, id, moduleId, pkg, files, now);
      });
    } catch (error) {
      if (courseId) await this.db.deleteFrom('courses').where('id', '=', courseId).execute();
      await this.remove(files);
      throw error;
    }
    return loadCourse(this.db, courseId, this.publicUrl);
  }

  /** A package's SCOs as lessons at the end of a module, at the course version the builder read. */
  async importIntoModule(actor: TUser, moduleId: string, version: number, bytes: Uint8Array): Promise<TCourse> {
    const { course } = await moduleFor(this.db, actor, moduleId);
    assertEditable(course);
    const pkg = await readScormPackage(bytes);
    const files = await this.store(pkg);
    try {
      await this.db.transaction().execute(async (trx) => {
        const now = new Date().toISOString();
        if (!(await courses.updateCourse(trx, course.id, version, { updated_at: now }))) throw conflict();
        await this.insert(trx, actor, course.id, moduleId, pkg, files, now);
      });
    } catch (error) {
      await this.remove(files);
      throw error;
    }
    return loadCourse(this.db, course.id, this.publicUrl);
  }

  private async insert(
    trx: courses.Executor,
    actor: TUser,
    courseId: string,
    moduleId: string,
    pkg: ScormPackage,
    files: repo.StoredFile[],
    now: string,
  ): Promise<void> {
    const packageId = newId();
    await repo.insertPackage(trx, {
      id: packageId,
      organisationId: actor.organisationId,
      courseId,
      version: pkg.version,
      schemaVersion: pkg.schemaVersion,
      title: pkg.title,
      files,
      uploadedBy: actor.id,
      now,
    });
    let position = await courses.nextLessonPosition(trx, moduleId);
    for (const sco of pkg.scos) {
      const content: TScormContent = {
        packageId,
        sco: sco.identifier,
        launch: sco.launch,
        version: pkg.version,
        masteryScore: sco.masteryScore,
      };
      await courses.insertLesson(trx, {
        id: newId(),
        course_id: courseId,
        module_id: moduleId,
        position: position++,
        title: sco.title,
        kind: 'scorm',
        content: JSON.stringify(content),
        format: null,
        source: 'manual',
        source_model: null,
        duration_minutes: null,
        version: 1,
        created_at: now,
        updated_at: now,
      });
    }
  }

  /** Every file of the package into storage under keys of its own; on a failure none is kept. */
  private async store(pkg: ScormPackage): Promise<repo.StoredFile[]> {
    const entries = [...pkg.files.entries()];
    const stored: repo.StoredFile[] = [];
    let next = 0;
    const worker = async () => {
      while (next < entries.length) {
        const [path, bytes] = entries[next++]!;
        const file = { path, storageKey: newStorageKey(), mime: mimeOf(path), size: bytes.length };
        stored.push(file);
        await this.storage.put(file.storageKey, Readable.from([Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length)]), file.mime);
      }
    };
    const workers = Array.from({ length: Math.min(PARALLEL_PUTS, entries.length) }, worker);
    const results = await Promise.allSettled(workers);
    const failed = results.find((r) => r.status === 'rejected');
    if (failed) {
      await this.remove(stored);
      throw failed.reason;
    }
    return stored;
  }

  private async remove(files: repo.StoredFile[]): Promise<void> {
    await Promise.all(files.map((f) => this.storage.delete(f.storageKey).catch(() => undefined)));
  }

  /**
   * A package's file, to the company's staff (admins and instructors, who build and preview the
   * course) and to the learners enrolled in the course once it is out of draft. Everyone else is
   * answered 404, as for a file that is not there.
   */
  async file(viewer: TUser, packageId: string, path: string): Promise<repo.StoredFile> {
    const found = await repo.findFile(this.db, packageId, path, viewer.id);
    if (!found) throw fileNotFound();
    const staff = isStaffOf(viewer, found.organisation_id);
    const learner = found.enrolment_id !== null && found.status !== 'draft';
    if (!staff && !learner) throw fileNotFound();
    return { path, storageKey: found.storage_key, mime: found.mime, size: found.size };
  }

  async read(file: repo.StoredFile, range: ByteRange | null): Promise<Readable> {
    try {
      return await this.storage.get(file.storageKey, range ?? undefined);
    } catch (error) {
      if (error instanceof StorageNotFoundError) throw fileNotFound();
      throw error;
    }
  }
}
