import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { EnrolmentsService } from '../learning/index.ts';
import type { DomainWork, NotificationsService } from '../notifications/index.ts';
import { AuditLog } from '../privacy/index.ts';
import { GroupsService } from './groups.ts';
import { ComplianceRecords } from './records.ts';
import { monthlyReportWork } from './monthly.ts';
import { ProvisionedGroups } from './provisioned.ts';
import { teamOverdueWork } from './notices.ts';
import { renewalWork } from './renewals.ts';
import { ReportsService } from './reports.ts';
import * as repo from './repository.ts';
import { RequirementsService } from './requirements.ts';

/** What the other domains call when something compliance keeps track of happens. */
export interface ComplianceHooks {
  /** When a certificate earned now expires (the learning domain signs it in). */
  expiryOf: (certificate: { userId: string; courseId: string; issuedAt: string }) => Promise<string | null>;
  /** A certificate was issued or revoked. */
  certificateChanged: (certificateId: string) => Promise<void>;
  /** A lesson was completed: the person has started. */
  lessonCompleted: (enrolmentId: string) => Promise<void>;
  /** A person accepted an invitation naming groups. */
  memberJoined: (userId: string, groupIds: readonly string[]) => Promise<void>;
  /** A member's role or activity changed (a rule may now fit, or no longer). */
  memberChanged: (userId: string) => Promise<void>;
  /** An import's group column: the groups of these names, made when missing. */
  groupsNamed: (organisationId: string, names: readonly string[]) => Promise<string[]>;
  /** An import put existing members in groups. */
  joinGroups: (userId: string, groupIds: readonly string[]) => Promise<void>;
}

export interface Compliance {
  groups: GroupsService;
  /** The groups as SCIM provisioning changes them (docs/decisions/055-scim-provisioning.md). */
  provisioned: ProvisionedGroups;
  requirements: RequirementsService;
  reports: ReportsService;
  /** Where admins' changes and exports are recorded. */
  audit: AuditLog;
  /** What the notification scan does for compliance: renewals, managers told of their people who fell behind, the monthly report. */
  work: DomainWork;
  hooks: ComplianceHooks;
}

/**
 * The compliance domain put together. What follows a learner's progress or a member's change
 * never fails the request that caused it: it is logged, and the next change of the same records
 * brings them in line again (each refresh recomputes from the certificates and enrolments).
 */
export function setUpCompliance(
  db: Db,
  enrolments: EnrolmentsService,
  notifications: NotificationsService,
  log: FastifyBaseLogger,
  clock?: () => Date,
): Compliance {
  const records = new ComplianceRecords(db, enrolments, clock);
  const groups = new GroupsService(db, records);
  const quietly =
    <A extends unknown[]>(what: string, work: (...args: A) => Promise<void>) =>
    async (...args: A) => {
      try {
        await work(...args);
      } catch (error) {
        log.error({ err: error }, `compliance records not brought in line after ${what}`);
      }
    };
  const reports = new ReportsService(db, clock);
  return {
    groups,
    provisioned: new ProvisionedGroups(db, records),
    requirements: new RequirementsService(db, records),
    reports,
    audit: new AuditLog(db, log),
    work: {
      renewals: renewalWork(db, records, enrolments),
      'team-overdue': teamOverdueWork(db, notifications),
      'compliance-report': monthlyReportWork(db, notifications, reports),
    },
    hooks: {
      expiryOf: ({ userId, courseId, issuedAt }) => records.expiryOf(userId, courseId, issuedAt),
      certificateChanged: quietly('a certificate changed', async (certificateId: string) => {
        const certificate = await repo.findCertificate(db, certificateId);
        // A learning path's certificate is no course's: no requirement follows it.
        if (certificate?.course_id) await records.refresh(certificate.user_id, certificate.course_id);
      }),
      lessonCompleted: quietly('a lesson was completed', async (enrolmentId: string) => {
        const enrolment = await repo.findEnrolment(db, enrolmentId);
        if (enrolment) await records.refresh(enrolment.user_id, enrolment.course_id);
      }),
      memberJoined: quietly('a member joined', (userId: string, groupIds: readonly string[]) =>
        groups.join(userId, groupIds, 'import', null),
      ),
      memberChanged: quietly('a member changed', (userId: string) => groups.applyRules(userId)),
      groupsNamed: (organisationId, names) => groups.named(organisationId, names),
      joinGroups: (userId, groupIds) => groups.join(userId, groupIds, 'import', null),
    },
  };
}
