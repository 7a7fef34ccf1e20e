import {
  EVERYONE,
  type TComplianceCell,
  type TComplianceMatrix,
  type TComplianceQuery,
  type TPersonReport,
} from '../../../shared/schemas/compliance.ts';
import type { TUser } from '../../../shared/schemas/users.ts';
import type { Db } from '../../db/database.ts';
import { translate } from '../../../shared/i18n/messages.ts';
import { AppError } from '../../http/errors.ts';
import { type Access, accessOf, assertAdminOrManager, notFound, seesGroup, seesPerson } from './access.ts';
import { type CellFilter, cellsOf, countCells, countPeople, emptyCounts, pageOfPeople } from './matrix.ts';
import type { ReportLine } from './export/index.ts';
import * as repo from './repository.ts';

const PAGE_SIZE = 50;
/** People read at a time when a report is exported whole. */
const EXPORT_BATCH = 250;

/** A cell as the answers give it. */
function toCell(c: Awaited<ReturnType<typeof cellsOf>>[number]): TComplianceCell {
  return {
    requirementId: c.requirement_id,
    status: c.status,
    dueAt: c.due_at,
    completedAt: c.completed_at,
    validUntil: c.valid_until,
    score: c.score,
    exemptReason: c.exempt_reason,
  };
}

/**
 * The compliance reports: the matrix of people × required courses (filtered by group, course and
 * status, now or at a past moment), a person's training record, and the lines they are exported as.
 * An admin reads the whole company; a manager the people in their groups.
 */
export class ReportsService {
  constructor(
    private readonly db: Db,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  /** What the caller's matrix selects, or 404 for a group or course they cannot see. */
  async filterFor(
    actor: TUser,
    query: Pick<TComplianceQuery, 'group' | 'course' | 'status' | 'at'>,
  ): Promise<{ access: Access; filter: CellFilter }> {
    const access = await accessOf(this.db, actor);
    assertAdminOrManager(access);
    if (query.group && (!seesGroup(access, query.group) || !(await repo.findGroup(this.db, actor.organisationId, query.group))))
      throw notFound('compliance.groupNotFound');
    if (query.course && !(await repo.findCompanyCourse(this.db, actor.organisationId, query.course)))
      throw new AppError('NOT_FOUND', 404, 'learning.courseNotFound');
    const now = this.clock();
    const at = query.at ? new Date(query.at) : now;
    return {
      access,
      filter: {
        organisationId: actor.organisationId,
        at: at.toISOString(),
        past: at.getTime() < now.getTime(),
        withinGroups: access.admin ? undefined : [...access.managed],
        group: query.group,
        course: query.course,
        status: query.status,
      },
    };
  }

  async matrix(actor: TUser, query: TComplianceQuery): Promise<TComplianceMatrix> {
    const { filter } = await this.filterFor(actor, query);
    const pageSize = query.pageSize ?? PAGE_SIZE;
    const page = query.page ?? 1;
    const [counted, people, pagePeople] = await Promise.all([
      countCells(this.db, filter),
      countPeople(this.db, filter),
      pageOfPeople(this.db, filter, { offset: (page - 1) * pageSize, limit: pageSize }),
    ]);
    const ids = pagePeople.map((p) => p.id);
    const cells = ids.length > 0 ? await cellsOf(this.db, { ...filter, people: ids }) : [];
    const requirementIds = new Set(counted.map((c) => c.requirementId));
    const requirements = (await this.requirementsOf(actor.organisationId, [...requirementIds])).sort(
      (a, b) => a.course_title.localeCompare(b.course_title, 'da') || a.created_at.localeCompare(b.created_at),
    );
    const counts = emptyCounts();
    for (const c of counted) counts[c.status] += c.n;
    return {
      at: filter.at,
      columns: requirements.map((q) => {
        const columnCounts = emptyCounts();
        for (const c of counted) if (c.requirementId === q.id) columnCounts[c.status] += c.n;
        return {
          requirementId: q.id,
          courseId: q.course_id,
          courseTitle: q.course_title,
          groupId: q.scope,
          groupName: q.group_name ?? null,
          recurMonths: q.recur_months,
          counts: columnCounts,
        };
      }),
      rows: pagePeople.map((p) => ({
        id: p.id,
        name: p.contact_name,
        email: p.email,
        cells: cells.filter((c) => c.user_id === p.id).map(toCell),
      })),
      counts,
      people,
      page,
      pageSize,
    };
  }

  now(): Date {
    return this.clock();
  }

  /** The names of the group and course a query filters by, as a report states them. */
  async filterNames(organisationId: string, query: { group?: string | undefined; course?: string | undefined }) {
    const group = query.group ? await repo.findGroup(this.db, organisationId, query.group) : undefined;
    const course = query.course ? await repo.findCompanyCourse(this.db, organisationId, query.course) : undefined;
    return { group: group?.name ?? null, course: course?.title ?? null };
  }

  /** Every line the filter selects, a batch of people at a time, in the reader's words: what an export writes. */
  async *exportLines(filter: CellFilter, language: 'da' | 'en'): AsyncGenerator<ReportLine> {
    const groupNames = new Map((await repo.listGroups(this.db, filter.organisationId)).map((g) => [g.id, g.name]));
    const everyone = translate('compliance.everyone', language);
    for (let offset = 0; ; offset += EXPORT_BATCH) {
      const people = await pageOfPeople(this.db, filter, { offset, limit: EXPORT_BATCH });
      if (people.length === 0) return;
      const ids = people.map((p) => p.id);
      const [cells, memberships] = await Promise.all([cellsOf(this.db, { ...filter, people: ids }), repo.groupsOfPeople(this.db, ids)]);
      cells.sort((a, b) => a.course_title.localeCompare(b.course_title, 'da'));
      for (const person of people) {
        const groups = memberships.filter((m) => m.user_id === person.id).map((m) => m.name);
        for (const c of cells) {
          if (c.user_id !== person.id) continue;
          yield {
            person: person.contact_name,
            email: person.email,
            groups,
            course: c.course_title,
            requiredOf: c.scope === EVERYONE ? everyone : (groupNames.get(c.scope) ?? ''),
            status: c.status,
            dueAt: c.due_at,
            completedAt: c.completed_at,
            validUntil: c.valid_until,
            score: c.score,
            exemptReason: c.exempt_reason,
          };
        }
      }
      if (people.length < EXPORT_BATCH) return;
    }
  }

  /** How many lines the filter selects. */
  async countLines(filter: CellFilter): Promise<number> {
    return (await countCells(this.db, filter)).reduce((n, c) => n + c.n, 0);
  }

  /** The person a training record is of, or 404 when the caller may not see them. */
  async personFilter(
    actor: TUser,
    userId: string,
    atIso?: string,
  ): Promise<{ filter: CellFilter; person: NonNullable<Awaited<ReturnType<typeof repo.findUser>>> }> {
    const access = await accessOf(this.db, actor);
    const person = await repo.findUser(this.db, userId);
    if (!person || person.organisation_id !== actor.organisationId || !(await seesPerson(this.db, access, userId)))
      throw notFound('compliance.personNotFound');
    const now = this.clock();
    const at = atIso ? new Date(atIso) : now;
    return {
      person,
      filter: { organisationId: actor.organisationId, at: at.toISOString(), past: at.getTime() < now.getTime(), people: [userId] },
    };
  }

  async person(actor: TUser, userId: string, atIso?: string): Promise<TPersonReport> {
    const { person, filter } = await this.personFilter(actor, userId, atIso);
    const cells = await cellsOf(this.db, { ...filter, people: [userId] });
    const requirements = await this.requirementsOf(
      actor.organisationId,
      cells.map((c) => c.requirement_id),
    );
    const certificates = await this.db
      .selectFrom('certificates')
      .select(['code', 'course_id', 'path_id', 'course_title', 'issued_at', 'expires_at', 'score', 'revoked_at'])
      .where('user_id', '=', userId)
      .orderBy('issued_at', 'desc')
      .execute();
    return {
      at: filter.at,
      person: {
        id: person.id,
        name: person.contact_name,
        email: person.email,
        groups: (await repo.groupsOf(this.db, userId)).map((g) => ({ id: g.id, name: g.name })),
      },
      requirements: cells
        .map((c) => {
          const q = requirements.find((r) => r.id === c.requirement_id);
          return {
            ...toCell(c),
            courseId: c.course_id,
            courseTitle: c.course_title,
            groupId: c.scope,
            groupName: q?.group_name ?? null,
          };
        })
        .sort((a, b) => a.courseTitle.localeCompare(b.courseTitle, 'da')),
      certificates: certificates.map((c) => ({
        code: c.code,
        courseId: c.course_id,
        pathId: c.path_id,
        courseTitle: c.course_title,
        issuedAt: c.issued_at,
        expiresAt: c.expires_at,
        score: c.score,
        revokedAt: c.revoked_at,
      })),
    };
  }

  /** The requirements of these ids, archived ones too (a past moment's matrix shows them). */
  private async requirementsOf(organisationId: string, ids: readonly string[]) {
    if (ids.length === 0) return [];
    return this.db
      .selectFrom('requirements as q')
      .innerJoin('courses as c', 'c.id', 'q.course_id')
      .leftJoin('groups as g', 'g.id', 'q.scope')
      .select(['q.id', 'q.course_id', 'q.scope', 'q.recur_months', 'q.created_at', 'c.title as course_title', 'g.name as group_name'])
      .where('q.organisation_id', '=', organisationId)
      .where('q.id', 'in', ids)
      .execute();
  }
}
