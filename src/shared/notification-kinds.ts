/**
 * The kinds of notification and their rules, without zod: the client's pages that only need these
 * (the preferences' choices, a kind's name in the mail log) would otherwise download zod with them.
 * `schemas/notifications.ts` exports them with the API's shapes.
 */

/**
 * What Kursa tells people, by kind. Each kind has an audience (who can receive it), default
 * channels, and whether it is mandatory training (its mail can be turned off by the company's
 * admins only, not by the learner).
 */
export const NOTIFICATION_KINDS = [
  // Learners
  'course-assigned',
  'due-soon',
  'overdue',
  'lesson-completed',
  'course-completed',
  'question-answered',
  // Instructors, about their own courses
  'new-enrolment',
  'new-completion',
  'new-review',
  'question-asked',
  // Admins
  'trial-ending',
  'payment-receipt',
  'payment-failed',
  'plan-limit',
  // Whoever started the job
  'job-finished',
  'job-failed',
  // Whoever asked for a copy of their (or their company's) data
  'export-ready',
  // Admins and instructors
  'weekly-summary',
  // Managers of groups, and admins
  'team-overdue',
  'compliance-report',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const MAIL_MODES = ['off', 'instant', 'daily'] as const;
export type MailMode = (typeof MAIL_MODES)[number];

/** 'manager': whoever manages a group (of any role), and the company's admins. */
export type NotificationAudience = 'learner' | 'instructor' | 'admin' | 'manager' | 'anyone';

export interface KindRule {
  audience: NotificationAudience;
  app: boolean;
  mail: MailMode;
  /** Mandatory training: the learner cannot turn its mail off; their company's admins can. */
  mandatory?: boolean;
  /** Mail can be gathered into a daily digest. */
  digest?: boolean;
}

export const KIND_RULES: Record<NotificationKind, KindRule> = {
  'course-assigned': { audience: 'learner', app: true, mail: 'instant', mandatory: true },
  'due-soon': { audience: 'learner', app: true, mail: 'instant', mandatory: true },
  overdue: { audience: 'learner', app: true, mail: 'instant', mandatory: true },
  'lesson-completed': { audience: 'learner', app: true, mail: 'off' },
  'course-completed': { audience: 'learner', app: true, mail: 'instant' },
  'question-answered': { audience: 'learner', app: true, mail: 'instant' },
  'new-enrolment': { audience: 'instructor', app: true, mail: 'daily', digest: true },
  'new-completion': { audience: 'instructor', app: true, mail: 'daily', digest: true },
  'new-review': { audience: 'instructor', app: true, mail: 'instant', digest: true },
  'question-asked': { audience: 'instructor', app: true, mail: 'daily', digest: true },
  'trial-ending': { audience: 'admin', app: true, mail: 'instant' },
  'payment-receipt': { audience: 'admin', app: true, mail: 'instant' },
  'payment-failed': { audience: 'admin', app: true, mail: 'instant' },
  'plan-limit': { audience: 'admin', app: true, mail: 'instant' },
  'job-finished': { audience: 'anyone', app: true, mail: 'off' },
  'job-failed': { audience: 'anyone', app: true, mail: 'instant' },
  // Asked for, and waited on: told by mail too unless the person turned mail off.
  'export-ready': { audience: 'learner', app: true, mail: 'instant' },
  'weekly-summary': { audience: 'instructor', app: false, mail: 'instant' },
  // One person at a time, so a requirement falling due for a whole group is one daily mail.
  'team-overdue': { audience: 'manager', app: true, mail: 'daily', digest: true },
  'compliance-report': { audience: 'manager', app: false, mail: 'instant' },
};

/**
 * The kinds a person of `role` can receive (an admin also hears what instructors hear); `manages`:
 * they manage a group, whatever their role, and hear what managers hear.
 */
export function kindsFor(role: 'admin' | 'instructor' | 'learner', manages = false): NotificationKind[] {
  return NOTIFICATION_KINDS.filter((kind) => {
    const { audience } = KIND_RULES[kind];
    if (audience === 'anyone') return role !== 'learner';
    if (audience === 'learner') return true;
    if (audience === 'instructor') return role !== 'learner';
    if (audience === 'manager') return role === 'admin' || manages;
    return role === 'admin';
  });
}

/** Reminders before a due date: how many days, by default and at most. */
export const DUE_SOON_DAYS = { default: 3, min: 1, max: 14 } as const;
/** An overdue reminder the day after the due date, then weekly, this many in all. */
export const OVERDUE_REMINDERS = 3;
