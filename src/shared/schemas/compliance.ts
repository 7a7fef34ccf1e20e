import { z } from 'zod';
import { safeString } from './common.ts';

/**
 * Compliance training: groups of people and their managers, courses required of a group (or of
 * everyone), each person's status per requirement, and the reports made of them.
 */

export const GROUP_KINDS = ['department', 'location', 'team'] as const;
export const COMPLIANCE_STATUSES = ['not-started', 'in-progress', 'completed', 'expiring', 'overdue', 'expired', 'exempted'] as const;
export type ComplianceStatus = (typeof COMPLIANCE_STATUSES)[number];
/** A requirement of every member of the company rather than of one group. */
export const EVERYONE = 'everyone';

export const GROUP_NAME_MAX = 80;
export const EXEMPT_REASON_MAX = 500;
export const DUE_DAYS_MAX = 3650;
export const RECUR_MONTHS_MAX = 120;
export const RENEW_DAYS_MAX = 365;

const groupName = safeString('compliance.groupName')
  .trim()
  .min(1, { error: 'compliance.groupName' })
  .max(GROUP_NAME_MAX, { error: 'compliance.groupName' });

/** Who belongs by rule: everyone whose e-mail is at a domain, or who has a role. */
const ZGroupRule = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('email-domain'),
    value: safeString('compliance.ruleDomain')
      .trim()
      .toLowerCase()
      .regex(/^@?[a-z0-9-]+(\.[a-z0-9-]+)+$/, { error: 'compliance.ruleDomain' })
      .overwrite((v) => v.replace(/^@/, '')),
  }),
  z.strictObject({ kind: z.literal('role'), value: z.enum(['admin', 'instructor', 'learner'], { error: 'compliance.ruleRole' }) }),
]);
export type TGroupRule = z.infer<typeof ZGroupRule>;

export const ZGroupRequest = z.strictObject({
  name: groupName,
  kind: z.enum(GROUP_KINDS, { error: 'compliance.groupKind' }),
  rule: ZGroupRule.nullable().optional(),
});
export type TGroupRequest = z.infer<typeof ZGroupRequest>;
export const ZGroupPatch = ZGroupRequest.partial();

const ids = z.array(safeString().min(1).max(64)).max(5000, { error: 'compliance.tooMany' });
/** PUT /api/groups/:id/members: the people added by hand (a rule's members come with the rule). */
export const ZGroupMembersRequest = z.strictObject({ userIds: ids });
/** PUT /api/groups/:id/managers. */
export const ZGroupManagersRequest = z.strictObject({ userIds: ids.max(100, { error: 'compliance.tooMany' }) });

const ZPerson = z.object({ id: z.string(), name: z.string(), email: z.string() });

export const ZGroup = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(GROUP_KINDS),
  rule: ZGroupRule.nullable(),
  memberCount: z.number().int(),
  managers: z.array(ZPerson),
  createdAt: z.string(),
});
export type TGroup = z.infer<typeof ZGroup>;
export const ZGroupList = z.object({ groups: z.array(ZGroup) });

export const ZGroupMember = ZPerson.extend({
  joinedAt: z.string(),
  source: z.enum(['manual', 'import', 'rule']),
});
export const ZGroupDetail = ZGroup.extend({ members: z.array(ZGroupMember) });
export type TGroupDetail = z.infer<typeof ZGroupDetail>;

const dueDays = z
  .number({ error: 'compliance.dueDays' })
  .int({ error: 'compliance.dueDays' })
  .min(0, { error: 'compliance.dueDays' })
  .max(DUE_DAYS_MAX, { error: 'compliance.dueDays' });
const dueOn = z.iso.date({ error: 'compliance.dueOn' });
const recurMonths = z
  .number({ error: 'compliance.recurMonths' })
  .int({ error: 'compliance.recurMonths' })
  .min(1, { error: 'compliance.recurMonths' })
  .max(RECUR_MONTHS_MAX, { error: 'compliance.recurMonths' });
const renewDays = z
  .number({ error: 'compliance.renewDays' })
  .int({ error: 'compliance.renewDays' })
  .min(1, { error: 'compliance.renewDays' })
  .max(RENEW_DAYS_MAX, { error: 'compliance.renewDays' });

/**
 * POST /api/requirements: a course required of a group (or `everyone`), due some days after the
 * person joins or by a date (exactly one), optionally taken again every so many months.
 */
export const ZRequirementRequest = z
  .strictObject({
    courseId: safeString().min(1).max(64),
    groupId: safeString().min(1).max(64),
    dueDays: dueDays.nullable().optional(),
    dueOn: dueOn.nullable().optional(),
    recurMonths: recurMonths.nullable().optional(),
    renewDays: renewDays.optional(),
  })
  .refine((r) => ((r.dueDays ?? null) === null) !== ((r.dueOn ?? null) === null), {
    error: 'compliance.dueOne',
    path: ['dueDays'],
  });
export type TRequirementRequest = z.infer<typeof ZRequirementRequest>;

/** PATCH /api/requirements/:id: its deadline and recurrence (its course and group stay). */
export const ZRequirementPatch = z.strictObject({
  dueDays: dueDays.nullable().optional(),
  dueOn: dueOn.nullable().optional(),
  recurMonths: recurMonths.nullable().optional(),
  renewDays: renewDays.optional(),
});
export type TRequirementPatch = z.infer<typeof ZRequirementPatch>;

export const ZRequirement = z.object({
  id: z.string(),
  courseId: z.string(),
  courseTitle: z.string(),
  /** A group's id, or 'everyone'. */
  groupId: z.string(),
  groupName: z.string().nullable(),
  dueDays: z.number().int().nullable(),
  dueOn: z.string().nullable(),
  recurMonths: z.number().int().nullable(),
  renewDays: z.number().int(),
  createdAt: z.string(),
  /** How many people it applies to now, and how many of them are compliant. */
  people: z.number().int(),
  compliant: z.number().int(),
});
export type TRequirement = z.infer<typeof ZRequirement>;
export const ZRequirementList = z.object({ requirements: z.array(ZRequirement) });
export const ZRequirementCourses = z.object({ courses: z.array(z.object({ id: z.string(), title: z.string() })) });

/** PUT /api/requirements/:id/exemptions/:userId: the person need not take it, and why. */
export const ZExemptionRequest = z.strictObject({
  reason: safeString('compliance.exemptReason')
    .trim()
    .min(3, { error: 'compliance.exemptReason' })
    .max(EXEMPT_REASON_MAX, { error: 'compliance.exemptReason' }),
});
export const ZExemptionParams = z.object({ id: safeString().min(1).max(64), userId: safeString().min(1).max(64) });

export const REPORT_FORMATS = ['json', 'csv', 'xlsx', 'pdf'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

export const ZComplianceQuery = z.strictObject({
  group: safeString().min(1).max(64).optional(),
  course: safeString().min(1).max(64).optional(),
  status: z.enum(COMPLIANCE_STATUSES, { error: 'compliance.status' }).optional(),
  /** The statuses as they stood at this moment (ISO); now when left out. */
  at: z.iso.datetime({ offset: true, error: 'compliance.at' }).optional(),
  format: z.enum(REPORT_FORMATS).optional(),
  /** The language of a file (a download link cannot choose its Accept-Language). */
  lang: z.enum(['da', 'en']).optional(),
  page: z.coerce.number().int().min(1).max(100_000).optional(),
  pageSize: z.coerce.number().int().min(1).max(200).optional(),
});
export type TComplianceQuery = z.infer<typeof ZComplianceQuery>;

/** One person's status on one requirement. */
export const ZComplianceCell = z.object({
  requirementId: z.string(),
  status: z.enum(COMPLIANCE_STATUSES),
  dueAt: z.string(),
  completedAt: z.string().nullable(),
  validUntil: z.string().nullable(),
  score: z.number().int().nullable(),
  exemptReason: z.string().nullable(),
});
export type TComplianceCell = z.infer<typeof ZComplianceCell>;

const ZStatusCounts = z.record(z.enum(COMPLIANCE_STATUSES), z.number().int());

/** GET /api/reports/compliance (JSON): people × required courses, one page of people at a time. */
export const ZComplianceMatrix = z.object({
  at: z.string(),
  columns: z.array(
    z.object({
      requirementId: z.string(),
      courseId: z.string(),
      courseTitle: z.string(),
      groupId: z.string(),
      groupName: z.string().nullable(),
      recurMonths: z.number().int().nullable(),
      counts: ZStatusCounts,
    }),
  ),
  rows: z.array(ZPerson.extend({ cells: z.array(ZComplianceCell) })),
  /** Every cell the filters select, by status. */
  counts: ZStatusCounts,
  people: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type TComplianceMatrix = z.infer<typeof ZComplianceMatrix>;

export const ZPersonReportQuery = z.strictObject({
  at: z.iso.datetime({ offset: true, error: 'compliance.at' }).optional(),
  format: z.enum(REPORT_FORMATS).optional(),
  lang: z.enum(['da', 'en']).optional(),
});

/** GET /api/reports/people/:userId (JSON): one person's training record. */
export const ZPersonReport = z.object({
  at: z.string(),
  person: ZPerson.extend({ groups: z.array(z.object({ id: z.string(), name: z.string() })) }),
  requirements: z.array(
    ZComplianceCell.extend({ courseId: z.string(), courseTitle: z.string(), groupId: z.string(), groupName: z.string().nullable() }),
  ),
  certificates: z.array(
    z.object({
      code: z.string(),
      /** Null on a learning path's certificate (pathId names the path). */
      courseId: z.string().nullable(),
      pathId: z.string().nullable(),
      courseTitle: z.string(),
      issuedAt: z.string(),
      expiresAt: z.string().nullable(),
      score: z.number().int().nullable(),
      revokedAt: z.string().nullable(),
    }),
  ),
});
export type TPersonReport = z.infer<typeof ZPersonReport>;

/** What the caller may do in compliance: an admin all of it, a manager their groups. */
export const ZComplianceAccess = z.object({
  admin: z.boolean(),
  managedGroups: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type TComplianceAccess = z.infer<typeof ZComplianceAccess>;
