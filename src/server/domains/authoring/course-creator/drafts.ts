import type { Updateable } from 'kysely';
import { COURSE_FEATURE_KEYS } from '../../../../shared/course-features.ts';
import type {
  TCreateDraftRequest,
  TCreatorDraft,
  TCreatorDraftSummary,
  TUpdateDraftRequest,
} from '../../../../shared/schemas/creator-drafts.ts';
import type { TUser } from '../../../../shared/schemas/users.ts';
import type { AiLanguage } from '../../../ai/task.ts';
import type { Db } from '../../../db/database.ts';
import type { CreatorDraftsTable } from '../../../db/schema.ts';
import { AppError } from '../../../http/errors.ts';
import { newId } from '../../../security/tokens.ts';
import { assertBuilder } from '../../courses/index.ts';
import { draftFor, draftNotFound, mergedContext, toDraft, toDraftSummary } from './draft-serialise.ts';
import * as repo from './drafts-repository.ts';

export const draftConflict = () => new AppError('VERSION_CONFLICT', 409, 'course.versionConflict');

/** The fields a create or a PATCH sets, as columns; the course context is merged field by field. */
function columns(input: Omit<TUpdateDraftRequest, 'version'>, currentContext: string): Updateable<CreatorDraftsTable> {
  const set: Updateable<CreatorDraftsTable> = {};
  if (input.language !== undefined) set.language = input.language;
  if (input.step !== undefined) set.step = input.step;
  if (input.mode !== undefined) set.mode = input.mode;
  if (input.course_context !== undefined) set.course_context = mergedContext(currentContext, input.course_context);
  if (input.teacher_profile !== undefined)
    set.teacher_profile = input.teacher_profile === null ? null : JSON.stringify(input.teacher_profile);
  if (input.answers !== undefined) set.answers = JSON.stringify(input.answers);
  // Stored in the catalogue's order, each once.
  if (input.features !== undefined) set.features = JSON.stringify(COURSE_FEATURE_KEYS.filter((key) => input.features!.includes(key)));
  if (input.concepts !== undefined) set.concepts = input.concepts === null ? null : JSON.stringify(input.concepts);
  if (input.content_history !== undefined)
    set.content_history = input.content_history.length === 0 ? null : JSON.stringify(input.content_history);
  return set;
}

/**
 * The creator wizard's saved state: an instructor's drafts, an admin's company's.
 * Every write carries the version it was read at and bumps it: two tabs cannot overwrite each other.
 */
export class DraftsService {
  constructor(private readonly db: Db) {}

  async list(actor: TUser): Promise<TCreatorDraftSummary[]> {
    assertBuilder(actor);
    const rows = await repo.listDrafts(this.db, actor.organisationId, actor.role === 'admin' ? undefined : actor.id);
    return rows.map(toDraftSummary);
  }

  async get(actor: TUser, id: string): Promise<TCreatorDraft> {
    return toDraft(await draftFor(this.db, actor, id));
  }

  /** The draft as stored now (after a write that has checked the rights already). */
  async current(id: string): Promise<TCreatorDraft> {
    const row = await repo.findDraft(this.db, id);
    if (!row) throw draftNotFound();
    return toDraft(row);
  }

  async create(actor: TUser, input: TCreateDraftRequest, requestLanguage: AiLanguage | undefined): Promise<TCreatorDraft> {
    assertBuilder(actor);
    const id = newId();
    const now = new Date().toISOString();
    await repo.insertDraft(this.db, {
      id,
      organisation_id: actor.organisationId,
      user_id: actor.id,
      course_id: null,
      language: requestLanguage ?? 'da',
      step: 0,
      mode: null,
      course_context: '{}',
      teacher_profile: null,
      answers: '{}',
      features: '[]',
      template: null,
      concepts: null,
      content_history: null,
      version: 1,
      created_at: now,
      updated_at: now,
      ...columns(input, '{}'),
    });
    return this.current(id);
  }

  async update(actor: TUser, id: string, input: TUpdateDraftRequest): Promise<TCreatorDraft> {
    const row = await draftFor(this.db, actor, id);
    const { version, ...fields } = input;
    if (version !== row.version) throw draftConflict();
    const set = { ...columns(fields, row.course_context), updated_at: new Date().toISOString() };
    if (!(await repo.updateDraft(this.db, id, version, set))) throw draftConflict();
    return this.current(id);
  }

  /** Deletes the wizard's state only; a course it made stays, a draft course like any other. */
  async delete(actor: TUser, id: string, version: number): Promise<void> {
    const row = await draftFor(this.db, actor, id);
    if (version !== row.version || !(await repo.deleteDraft(this.db, id, version))) throw draftConflict();
  }
}
