import type { Db } from '../../db/database.ts';
import type { ComplianceEvent } from '../../db/schema-compliance.ts';
import type { EnrolmentsService } from '../learning/index.ts';
import { addMonths, dueFor, validity } from './dates.ts';
import * as repo from './repository.ts';

/**
 * What each person owes each requirement, kept in compliance_records: a person subject to a
 * requirement (everyone's, or a group's they are in) has its record and is enrolled in its course
 * with the due date; one no longer subject loses the record (its history stays). The record also
 * keeps, from the person's certificates and enrolment, when they completed, until when that holds
 * and whether they have started, so a status is a comparison of dates (docs/decisions/050-compliance.md).
 * Every change is appended to compliance_history with the record as it stood after it.
 */
export class ComplianceRecords {
  constructor(
    private readonly db: Db,
    private readonly enrolments: EnrolmentsService,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  now(): string {
    return this.clock().toISOString();
  }

  /** Brings a person's records in line with the requirements that apply to them now. */
  async syncPerson(userId: string, by: string | null = null): Promise<void> {
    const person = await repo.findUser(this.db, userId);
    if (!person) return;
    const groups = await repo.groupsOf(this.db, userId);
    const joined = new Map(groups.map((g) => [g.id, g.joined_at]));
    const applying = person.deactivated_at ? [] : await repo.requirementsFor(this.db, person.organisation_id, [...joined.keys()]);
    const have = new Map((await repo.recordsOfUser(this.db, userId)).map((r) => [r.requirement_id, r]));
    for (const requirement of applying) {
      if (have.has(requirement.id)) continue;
      const since = requirement.scope === 'everyone' ? person.created_at : joined.get(requirement.scope)!;
      await this.require(requirement, userId, since, by);
    }
    const wanted = new Set(applying.map((r) => r.id));
    for (const record of have.values()) if (!wanted.has(record.requirement_id) && !person.deactivated_at) await this.release(record, by);
  }

  /** Brings a requirement's records in line with the people it applies to now. */
  async syncRequirement(requirement: repo.RequirementRow, by: string | null = null): Promise<void> {
    const members = await repo.allActiveMembers(this.db, requirement.organisation_id);
    const active = new Set(members.map((u) => u.id));
    const subjects: { id: string; since: string }[] =
      requirement.scope === 'everyone'
        ? members.map((u) => ({ id: u.id, since: u.created_at }))
        : (await repo.memberRows(this.db, requirement.scope)).map((m) => ({ id: m.user_id, since: m.joined_at }));
    const have = new Map((await repo.recordsOfRequirement(this.db, requirement.id)).map((r) => [r.user_id, r]));
    const wanted = new Set<string>();
    for (const subject of subjects) {
      if (!active.has(subject.id)) continue;
      wanted.add(subject.id);
      if (!have.has(subject.id)) await this.require(requirement, subject.id, subject.since, by);
    }
    for (const record of have.values()) if (!wanted.has(record.user_id) && active.has(record.user_id)) await this.release(record, by);
  }

  /** A requirement's deadline changed: every record's due date again, from when its person became subject to it. */
  async redate(requirement: repo.RequirementRow, by: string | null): Promise<void> {
    const at = this.now();
    for (const record of await repo.recordsOfRequirement(this.db, requirement.id)) {
      const due = dueFor(requirement, later(record.assigned_at, requirement.created_at));
      if (due === record.due_at) continue;
      await repo.saveRecord(this.db, { ...record, due_at: due });
      await repo.appendHistory(this.db, { ...record, due_at: due }, 'due-changed', at, by);
      await this.enrolments.require(requirement.course_id, record.user_id, due, by);
    }
  }

  /** Every record of a requirement released (it was removed). */
  async releaseAll(requirementId: string, by: string | null): Promise<void> {
    for (const record of await repo.recordsOfRequirement(this.db, requirementId)) await this.release(record, by);
  }

  private async require(requirement: repo.RequirementRow, userId: string, since: string, by: string | null): Promise<void> {
    const base = later(since, requirement.created_at);
    const due = dueFor(requirement, base);
    const enrolmentId = await this.enrolments.require(requirement.course_id, userId, due, by);
    const record = {
      requirement_id: requirement.id,
      user_id: userId,
      organisation_id: requirement.organisation_id,
      enrolment_id: enrolmentId,
      assigned_at: base,
      due_at: due,
      completed_at: null,
      valid_until: null,
      expiring_from: null,
      score: null,
      started_at: null,
      exempt_reason: null,
      exempted_by: null,
      exempted_at: null,
    };
    if (!(await repo.insertRecord(this.db, record))) return;
    await repo.appendHistory(this.db, record, 'required', this.now(), by);
    await this.refresh(userId, requirement.course_id);
  }

  private async release(record: repo.RecordRow, by: string | null): Promise<void> {
    await repo.deleteRecord(this.db, record);
    await repo.appendHistory(this.db, record, 'released', this.now(), by);
  }

  /**
   * A person's records of a course made to agree with their certificates and enrolment again:
   * after a certificate is issued or revoked, a lesson completed, a cycle renewed, or a record made.
   */
  async refresh(userId: string, courseId: string, event?: ComplianceEvent, always = false): Promise<void> {
    const records = await repo.recordsOfCourse(this.db, userId, courseId);
    if (records.length === 0) return;
    const certificate = await repo.latestCertificate(this.db, userId, courseId);
    const at = this.now();
    for (const { recur_months, renew_days, ...record } of records) {
      const enrolment = await repo.findEnrolment(this.db, record.enrolment_id);
      const held = certificate ? validity(certificate, { recur_months, renew_days }) : null;
      // A cycle completed has been started; a renewed one has not, until a lesson of it is done.
      const started = enrolment !== undefined && (enrolment.progress > 0 || enrolment.completed_at !== null);
      const next = {
        ...record,
        completed_at: certificate?.issued_at ?? null,
        valid_until: held?.validUntil ?? null,
        expiring_from: held?.expiringFrom ?? null,
        score: certificate?.score ?? null,
        started_at: started ? (record.started_at ?? at) : null,
      };
      const changed = (['completed_at', 'valid_until', 'expiring_from', 'score', 'started_at'] as const).some((k) => next[k] !== record[k]);
      if (!changed && !always) continue;
      await repo.saveRecord(this.db, next);
      await repo.appendHistory(this.db, next, event ?? eventOf(record, next), at, null);
    }
  }

  /**
   * When a certificate of a course earned at `issuedAt` expires for its holder: after the shortest
   * recurrence of the requirements of that course they are subject to; null when none recurs.
   */
  async expiryOf(userId: string, courseId: string, issuedAt: string): Promise<string | null> {
    const months = (await repo.recordsOfCourse(this.db, userId, courseId))
      .map((r) => r.recur_months)
      .filter((m): m is number => m !== null);
    return months.length === 0 ? null : addMonths(issuedAt, Math.min(...months));
  }

  /** A person's course was assigned again (its next cycle), due by `dueAt`: their records of it say so. */
  async renewed(userId: string, courseId: string, dueAt: string): Promise<void> {
    for (const { recur_months: _months, renew_days: _days, ...record } of await repo.recordsOfCourse(this.db, userId, courseId))
      await repo.saveRecord(this.db, { ...record, due_at: dueAt });
    await this.refresh(userId, courseId, 'renewed', true);
  }

  /** The person need not take it (or must again): who decided, when and why, kept. */
  async exempt(record: repo.RecordRow, reason: string | null, by: string): Promise<repo.RecordRow> {
    const at = this.now();
    const next = { ...record, exempt_reason: reason, exempted_by: reason === null ? null : by, exempted_at: reason === null ? null : at };
    await repo.saveRecord(this.db, next);
    await repo.appendHistory(this.db, next, reason === null ? 'exemption-lifted' : 'exempted', at, by, reason);
    return next;
  }
}

const later = (a: string, b: string) => (a > b ? a : b);

/** What changed a record, when its refresh was not told. */
function eventOf(before: repo.RecordRow, after: repo.RecordRow): ComplianceEvent {
  if (after.completed_at !== before.completed_at)
    return after.completed_at && after.completed_at > (before.completed_at ?? '') ? 'completed' : 'certificate-revoked';
  if (after.started_at && !before.started_at) return 'started';
  return 'requirement-changed';
}
