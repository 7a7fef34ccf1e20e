import { type Expression, type RawBuilder, type SqlBool, sql } from 'kysely';
import { COMPLIANCE_STATUSES, type ComplianceStatus } from '../../../shared/schemas/compliance.ts';
import type { Db } from '../../db/database.ts';
import { currentStatus, currentStatusIs, statusOfDates } from './status.ts';

/**
 * The SQL of the compliance matrix: every cell (a person and a requirement) the filters select,
 * as the records stand now or as the history says they stood at a past moment, with its status.
 * The cells of a company are counted from its records alone (the requirements and people that
 * count come in as short lists of ids), and its people are paged from its members, each checked
 * for a selected cell by index: a company of 5,000 people and 20 requirements answers in tens of
 * milliseconds (bench/compliance.mjs).
 */

export interface CellFilter {
  organisationId: string;
  /** The moment the statuses are of (ISO). */
  at: string;
  /** Read from the history (a past moment) rather than the current records. */
  past: boolean;
  /** Only the people in one of these groups (a manager's groups); undefined: everyone. */
  withinGroups?: readonly string[] | undefined;
  group?: string | undefined;
  course?: string | undefined;
  status?: ComplianceStatus | undefined;
  /** Only these people. */
  people?: readonly string[] | undefined;
}

/**
 * The rows the cells come from: the company's records now (read straight from the table, so a
 * count reads only its covering index), or each pair's latest history row at `at` that did not
 * release it, shaped as a record.
 */
function source(db: Db, filter: CellFilter, ofPerson: boolean) {
  // One person's records are read by their own index: all of them are their company's.
  const records = db.selectFrom('compliance_records as r');
  const current = ofPerson ? records : records.where('r.organisation_id', '=', filter.organisationId);
  if (!filter.past) return current;
  const history = db
    .selectFrom('compliance_history as h')
    .select([
      'h.requirement_id',
      'h.user_id',
      'h.organisation_id',
      sql<string>`coalesce(h.due_at, h.at)`.as('due_at'),
      'h.completed_at',
      'h.valid_until',
      'h.expiring_from',
      'h.score',
      'h.started_at',
      'h.exempt_reason',
      sql<number>`0`.as('phase'),
      sql<null>`null`.as('turns_at'),
      sql<null>`null`.as('ends_at'),
    ])
    .where('h.organisation_id', '=', filter.organisationId)
    .where('h.at', '<=', filter.at)
    .where('h.event', '!=', 'released')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('compliance_history as n')
            .select('n.id')
            .whereRef('n.requirement_id', '=', 'h.requirement_id')
            .whereRef('n.user_id', '=', 'h.user_id')
            .where('n.at', '<=', filter.at)
            .where((eb) =>
              eb.or([eb('n.at', '>', eb.ref('h.at')), eb.and([eb('n.at', '=', eb.ref('h.at')), eb('n.id', '>', eb.ref('h.id'))])]),
            ),
        ),
      ),
    );
  // Shaped as a record (what the past's status and the answer read): one type for the query built on either.
  return db.selectFrom(history.as('r')) as unknown as typeof current;
}

/**
 * The selected cells, filters applied, with their status. `ofPerson`: for a check of one person's
 * cells correlated with a members query, which applies the filters on people itself.
 */
export function cells(db: Db, filter: CellFilter, ofPerson = false) {
  const status = filter.past ? statusOfDates('r', filter.at) : currentStatus('r', filter.at);
  let query = source(db, filter, ofPerson)
    // The requirements in force at the moment, and the people still in the company then.
    .where('r.requirement_id', 'in', (eb) => {
      let requirements = eb
        .selectFrom('requirements as q')
        .select('q.id')
        .where('q.organisation_id', '=', filter.organisationId)
        .where('q.created_at', '<=', filter.at)
        .where((e2) => e2.or([e2('q.archived_at', 'is', null), e2('q.archived_at', '>', filter.at)]));
      if (filter.course) requirements = requirements.where('q.course_id', '=', filter.course);
      return requirements;
    })
    .$if(!ofPerson, (q) =>
      q.where('r.user_id', 'not in', (eb) =>
        eb
          .selectFrom('users as gone')
          .select('gone.id')
          .where('gone.organisation_id', '=', filter.organisationId)
          .where('gone.deactivated_at', '<=', filter.at),
      ),
    );
  if (filter.status)
    query = filter.past
      ? query.where(status as Expression<unknown> as Expression<SqlBool>, '=', filter.status as never)
      : query.where(currentStatusIs('r', filter.status, filter.at));
  if (ofPerson) return { query, status };
  if (filter.withinGroups)
    query = query.where('r.user_id', 'in', (eb) =>
      eb
        .selectFrom('group_members')
        .select('user_id')
        .where('group_id', 'in', [...filter.withinGroups!, '']),
    );
  if (filter.group)
    query = query.where('r.user_id', 'in', (eb) => eb.selectFrom('group_members').select('user_id').where('group_id', '=', filter.group!));
  if (filter.people) query = query.where('r.user_id', 'in', filter.people.length > 0 ? [...filter.people] : ['']);
  return { query, status };
}

/** Cells by requirement and status. */
export async function countCells(db: Db, filter: CellFilter) {
  const { query, status } = cells(db, filter);
  if (filter.past) {
    const rows = await query
      .select(['r.requirement_id', status.as('status'), (eb) => eb.fn.countAll<number | string>().as('n')])
      .groupBy(['r.requirement_id', sql`2`])
      .execute();
    return rows.map((r) => ({ requirementId: r.requirement_id, status: r.status, n: Number(r.n) }));
  }
  // Now: counts of the phases and of the moments passed, per requirement in the index's order (no
  // grouping by a computed status), from which each status's count follows (status.ts's rules).
  const t = Date.parse(filter.at);
  const n = (condition: RawBuilder<unknown>) => sql<number | string>`count(case when ${condition} then 1 end)`;
  const rows = await query
    .select([
      'r.requirement_id',
      n(sql`r.phase = 0`).as('exempted'),
      n(sql`r.phase = 1`).as('held'),
      n(sql`r.phase = 1 and r.ends_at <= ${t}`).as('expired'),
      n(sql`r.phase = 1 and r.turns_at <= ${t} and (r.ends_at is null or r.ends_at > ${t})`).as('expiring'),
      n(sql`r.phase = 2`).as('started'),
      n(sql`r.phase = 2 and r.turns_at < ${t}`).as('startedOverdue'),
      n(sql`r.phase = 3`).as('notStarted'),
      n(sql`r.phase = 3 and r.turns_at < ${t}`).as('notStartedOverdue'),
    ])
    .groupBy('r.requirement_id')
    .execute();
  return rows.flatMap((r) => {
    const [held, expired, expiring, started, startedOverdue, notStarted, notStartedOverdue] = [
      r.held,
      r.expired,
      r.expiring,
      r.started,
      r.startedOverdue,
      r.notStarted,
      r.notStartedOverdue,
    ].map(Number) as [number, number, number, number, number, number, number];
    const counts: [ComplianceStatus, number][] = [
      ['exempted', Number(r.exempted)],
      ['completed', held - expired - expiring],
      ['expiring', expiring],
      ['expired', expired],
      ['overdue', startedOverdue + notStartedOverdue],
      ['in-progress', started - startedOverdue],
      ['not-started', notStarted - notStartedOverdue],
    ];
    return counts.filter(([, count]) => count > 0).map(([status, count]) => ({ requirementId: r.requirement_id, status, n: count }));
  });
}

/** The company's members (active at the moment) with a selected cell: counted, or a page of them by name. */
function people(db: Db, filter: CellFilter) {
  let query = db
    .selectFrom('users as u')
    .where('u.organisation_id', '=', filter.organisationId)
    .where((eb) => eb.or([eb('u.deactivated_at', 'is', null), eb('u.deactivated_at', '>', filter.at)]));
  if (filter.withinGroups)
    query = query.where('u.id', 'in', (eb) =>
      eb
        .selectFrom('group_members')
        .select('user_id')
        .where('group_id', 'in', [...filter.withinGroups!, '']),
    );
  if (filter.group)
    query = query.where('u.id', 'in', (eb) => eb.selectFrom('group_members').select('user_id').where('group_id', '=', filter.group!));
  return query.where(({ exists }) =>
    exists(
      cells(db, filter, true)
        .query.select('r.user_id')
        .where('r.user_id', '=', sql<string>`u.id`),
    ),
  );
}

export async function countPeople(db: Db, filter: CellFilter): Promise<number> {
  const row = await people(db, filter)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function pageOfPeople(db: Db, filter: CellFilter, page: { offset: number; limit: number }) {
  return people(db, filter)
    .select(['u.id', 'u.contact_name', 'u.email'])
    .orderBy('u.contact_name')
    .orderBy('u.id')
    .offset(page.offset)
    .limit(page.limit)
    .execute();
}

/** The selected cells of some people, with their course. */
export async function cellsOf(db: Db, filter: CellFilter & { people: readonly string[] }) {
  const { query, status } = cells(db, filter);
  return query
    .innerJoin('requirements as q', 'q.id', 'r.requirement_id')
    .innerJoin('courses as c', 'c.id', 'q.course_id')
    .select([
      'r.requirement_id',
      'r.user_id',
      'r.due_at',
      'r.completed_at',
      'r.valid_until',
      'r.score',
      'r.exempt_reason',
      status.as('status'),
      'q.course_id',
      'c.title as course_title',
      'q.scope',
    ])
    .execute();
}

export const emptyCounts = (): Record<ComplianceStatus, number> =>
  Object.fromEntries(COMPLIANCE_STATUSES.map((s) => [s, 0])) as Record<ComplianceStatus, number>;
