import type { Plan, Role } from '../../../../shared/constants.ts';
import { ROLES } from '../../../../shared/constants.ts';
import { PLAN_FEATURES } from '../../../../shared/plan-features.ts';
import { PLAN_LIMITS } from '../../../../shared/plans.ts';
import {
  ACTIVITY_TYPES,
  type TActivityItem,
  ATTENTION_FAILED_JOB_DAYS,
  ATTENTION_REVIEW_DAYS,
  ATTENTION_LIST_MAX,
  type TAnalytics,
  type TAttention,
  type TInstructorCourse,
  type TInstructorReview,
  type TInstructorStats,
  type TOrganisationOverview,
  type TStudentItem,
} from '../../../../shared/schemas/dashboard.ts';
import type { TCourseQuestion } from '../../../../shared/schemas/course-questions.ts';
import type { TUser } from '../../../../shared/schemas/users.ts';
import type { Db } from '../../../db/database.ts';
import { AppError } from '../../../http/errors.ts';
import { questionsToAnswer } from '../../learning/index.ts';
import { courseRevenue } from '../../commerce/index.ts';
import * as attention from './attention-repository.ts';
import * as repo from './repository.ts';

const DAY = 86_400_000;
/** monthlyViews: course page views in the last 30 days. */
const MONTH_DAYS = 30;

const count = (value: number | string | null | undefined): number => (value === null || value === undefined ? 0 : Number(value));
const oneDecimal = (value: number | string | null | undefined): number | null =>
  value === null || value === undefined ? null : Math.round(Number(value) * 10) / 10;
const whole = (value: number | string | null | undefined): number =>
  value === null || value === undefined ? 0 : Math.round(Number(value));
const percent = (part: number, total: number): number => (total === 0 ? 0 : Math.round((part * 100) / total));
const since = (days: number, now = Date.now()) => new Date(now - days * DAY).toISOString();

const STATUSES = ['draft', 'published', 'archived'] as const;
const notFound = () => new AppError('NOT_FOUND', 404, 'dashboard.notFound');

/** How many computed answers a server keeps (three per instructor: stats, analytics 30 and 90 days). */
const KEPT_ANSWERS = 600;

/**
 * A computed stats or analytics answer and what it holds for: the owner's figures version it was
 * computed after reading, the first day of an analytics series, and how far the rolling 30-day
 * view window may move before it loses a view (known once the answer is).
 */
interface Kept {
  version: number;
  fromDay: string;
  answer: Promise<TInstructorStats | TAnalytics>;
  /** Whether monthlyViews still counts the same views with the window starting at `windowStart`. */
  viewsHold?: (windowStart: string) => boolean;
}

/**
 * The 30-day window counts the views at or after its start (ISO strings compared as SQL does).
 * Moving later, it first loses `leaving`, the first view of its starting day; with none that day,
 * nothing until its start reaches the next day, where the count is read differently.
 */
function viewsHoldFor(windowStart: string, leaving: string | null): (later: string) => boolean {
  if (leaving !== null) return (later) => later <= leaving;
  const nextDay = repo.nextDayOf(windowStart);
  return (later) => later < nextDay;
}

/**
 * The instructor dashboard's API (/api/instructors/{id}/…) and the company overview. The figures
 * of `:id` cover the courses `:id` owns (an admin's too). Only that person, or an admin of their
 * company, may read them; anyone else (another instructor, a learner, another company) gets 404.
 */
export class InstructorsService {
  /**
   * Stats and analytics as computed, by owner and call, oldest first. An answer is given again only
   * while the owner's figures version (read from the database on every call, so a write through
   * any server instance counts) and the days it covers are unchanged, and the rolling view window
   * has lost no view: it is then what computing it again would answer.
   */
  private readonly kept = new Map<string, Kept>();

  constructor(private readonly db: Db) {}

  private async person(actor: TUser, id: string): Promise<{ id: string; version: number; plan: Plan; role: Role; organisationId: string }> {
    const person = await repo.findPerson(this.db, id);
    if (!person || person.role === 'learner') throw notFound();
    const allowed = person.id === actor.id || (actor.role === 'admin' && person.organisation_id === actor.organisationId);
    if (!allowed) throw notFound();
    return {
      id: person.id,
      version: count(person.figures_version),
      plan: (person.plan ?? 'trial') as Plan,
      role: person.role as Role,
      organisationId: person.organisation_id,
    };
  }

  private async owner(actor: TUser, id: string): Promise<string> {
    return (await this.person(actor, id)).id;
  }

  /**
   * The kept answer for `key` if it still holds, else `compute`'s, kept. The version was read
   * before computing, so a write that lands meanwhile leaves an answer kept under the older version,
   * which the next call (reading the newer one) does not take.
   */
  private async keep<T extends TInstructorStats | TAnalytics>(
    key: string,
    version: number,
    fromDay: string,
    compute: () => Promise<{ answer: T; viewsLeaving: string | null; windowStart: string }>,
  ): Promise<T> {
    const found = this.kept.get(key);
    if (found && found.version === version && found.fromDay === fromDay && (found.viewsHold?.(since(MONTH_DAYS)) ?? true)) {
      return found.answer as Promise<T>;
    }
    const computing = compute();
    const entry: Kept = { version, fromDay, answer: computing.then((c) => c.answer) };
    // Its failure reaches the caller below (and whoever else waits on it); unwaited, it is no crash.
    entry.answer.catch(() => {});
    this.kept.delete(key);
    this.kept.set(key, entry);
    if (this.kept.size > KEPT_ANSWERS) this.kept.delete(this.kept.keys().next().value as string);
    try {
      const computed = await computing;
      entry.viewsHold = viewsHoldFor(computed.windowStart, computed.viewsLeaving);
      return computed.answer;
    } catch (error) {
      // A failed computation is not kept.
      if (this.kept.get(key) === entry) this.kept.delete(key);
      throw error;
    }
  }

  async courses(actor: TUser, id: string): Promise<TInstructorCourse[]> {
    const ownerId = await this.owner(actor, id);
    const [rows, revenue] = await Promise.all([repo.instructorCourses(this.db, ownerId), this.revenue(ownerId)]);
    return rows.map((row) => {
      const students = count(row.students);
      const completions = count(row.completions);
      const status = (STATUSES as readonly string[]).includes(row.status) ? (row.status as TInstructorCourse['status']) : 'draft';
      return {
        id: row.id,
        title: row.title,
        description: row.description,
        published: status === 'published',
        status,
        createdAt: row.created_at,
        updatedAt: row.updated_at,
        price: Number(row.price),
        currency: row.currency,
        category: row.category as TInstructorCourse['category'],
        thumbnail: row.thumbnail_upload_id ? `/api/uploads/${row.thumbnail_upload_id}` : null,
        students,
        completions,
        completionRate: percent(completions, students),
        rating: oneDecimal(row.rating),
        reviewCount: count(row.reviews),
        revenue: revenue.of(row.id, row.currency),
      };
    });
  }

  /**
   * Revenue is what buyers paid for the owner's courses without moms (the recorded payments):
   * per course in the course's currency, and in total in DKK (payments in other currencies are not
   * converted, so they count in their course's figure only).
   */
  private async revenue(ownerId: string) {
    const rows = await courseRevenue(this.db, ownerId);
    const byCourse = new Map(rows.map((r) => [`${r.course_id}:${r.currency.toUpperCase()}`, count(r.revenue)]));
    const total = rows.filter((r) => r.currency.toUpperCase() === 'DKK').reduce((sum, r) => sum + count(r.revenue), 0);
    return { of: (courseId: string, currency: string) => byCourse.get(`${courseId}:${currency.toUpperCase()}`) ?? 0, total };
  }

  /**
   * `revenue` when the caller has it under way already, so it is summed once per request. With the
   * figures, where the 30-day view window started and the first view it will lose.
   */
  private async totals(ownerId: string, revenueOf = this.revenue(ownerId)) {
    const windowStart = since(MONTH_DAYS);
    // Whole UTC days: the last 30 (today among them) and the 30 before.
    const today = Math.floor(Date.now() / DAY) * DAY;
    const currentFrom = new Date(today - (MONTH_DAYS - 1) * DAY).toISOString();
    const previousFrom = new Date(today - (2 * MONTH_DAYS - 1) * DAY).toISOString();
    const [t, revenue, trend] = await Promise.all([
      repo.instructorTotals(this.db, ownerId, windowStart),
      revenueOf,
      repo.instructorTrends(this.db, ownerId, previousFrom, currentFrom),
    ]);
    const answer: TInstructorStats = {
      totalCourses: count(t.courses),
      totalStudents: count(t.students),
      totalRevenue: revenue.total,
      completionRate: percent(count(t.completions), count(t.enrolments)),
      averageRating: oneDecimal(t.rating),
      monthlyViews: count(t.views),
      trends: {
        enrolments: { current: count(trend.enrolments_now), previous: count(trend.enrolments_before) },
        completions: { current: count(trend.completions_now), previous: count(trend.completions_before) },
      },
    };
    return { answer, windowStart, viewsLeaving: t.views_leaving ?? null };
  }

  async stats(actor: TUser, id: string): Promise<TInstructorStats> {
    const owner = await this.person(actor, id);
    // The trends' windows move each day: an answer is kept for the day it was computed on.
    return this.keep(`${owner.id}:stats`, owner.version, new Date().toISOString().slice(0, 10), () => this.totals(owner.id));
  }

  /** What needs the person's attention first: drafts, overdue learners, failed AI jobs not run again, reviews to answer. */
  async attention(actor: TUser, id: string): Promise<TAttention> {
    const ownerId = await this.owner(actor, id);
    const now = new Date().toISOString();
    const [drafts, overdue, failed, unanswered] = await Promise.all([
      attention.draftCourses(this.db, ownerId, ATTENTION_LIST_MAX),
      attention.overdueEnrolments(this.db, ownerId, now, ATTENTION_LIST_MAX),
      attention.unresolvedFailedJobs(this.db, ownerId, since(ATTENTION_FAILED_JOB_DAYS)),
      attention.unansweredReviews(this.db, ownerId, since(ATTENTION_REVIEW_DAYS), ATTENTION_LIST_MAX),
    ]);
    return {
      drafts: drafts.rows.map((row) => ({ courseId: row.id, title: row.title, updatedAt: row.updated_at })),
      overdue: overdue.rows.map((row) => ({
        userId: row.user_id,
        learnerName: row.contact_name,
        courseId: row.course_id,
        courseName: row.title,
        dueAt: String(row.due_at),
      })),
      failedJobs: failed.slice(0, ATTENTION_LIST_MAX).map((row) => ({
        id: row.id,
        kind: row.kind,
        courseId: row.course_id,
        courseName: row.title,
        failedAt: row.finished_at ?? row.updated_at,
      })),
      unanswered: unanswered.rows.map((row) => ({
        reviewId: row.id,
        courseId: row.course_id,
        courseName: row.title,
        learnerName: row.contact_name,
        rating: Number(row.rating),
        createdAt: row.created_at,
      })),
      totals: {
        drafts: count(drafts.total),
        overdue: count(overdue.total),
        failedJobs: failed.length,
        unanswered: count(unanswered.total),
      },
    };
  }

  async activity(actor: TUser, id: string, limit = 20): Promise<TActivityItem[]> {
    const shortened = (text: string) => (text.length > 140 ? `${text.slice(0, 139)}…` : text);
    const rows = await repo.instructorActivity(this.db, await this.owner(actor, id), limit);
    return rows.map((row) => {
      const type = (ACTIVITY_TYPES as readonly string[]).includes(row.kind) ? (row.kind as TActivityItem['type']) : 'other';
      let details = '';
      if (type === 'review' && row.rating !== null) {
        const comment = row.comment ?? '';
        details = `${Number(row.rating)}/5${comment ? ` · ${shortened(comment)}` : ''}`;
      }
      if (type === 'message' && row.question) details = shortened(row.question);
      return { id: row.id, type, studentName: row.contact_name ?? '', courseName: row.title, details, timestamp: row.created_at };
    });
  }

  async students(actor: TUser, id: string, limit = 100): Promise<TStudentItem[]> {
    const rows = await repo.instructorStudents(this.db, await this.owner(actor, id), limit);
    return rows.map((row) => ({
      id: row.id,
      name: row.contact_name,
      email: row.email,
      company: row.company,
      enrolledCourses: count(row.courses),
      averageProgress: whole(row.progress),
      lastActive: String(row.last_active ?? ''),
    }));
  }

  async analytics(actor: TUser, id: string, days: 30 | 90 = 30): Promise<TAnalytics> {
    const owner = await this.person(actor, id);
    // Advanced analytics are a plan's (shared/plans.ts); the overview's figures are every plan's.
    if (!PLAN_FEATURES[owner.plan].advancedAnalytics) throw new AppError('PLAN_FEATURE', 403, 'plan.advancedAnalytics');
    // From the start of the first day shown (UTC), so every day of the series is whole.
    const first = new Date(Math.floor(Date.now() / DAY) * DAY - (days - 1) * DAY);
    return this.keep(`${owner.id}:analytics:${days}`, owner.version, first.toISOString().slice(0, 10), () =>
      this.computeAnalytics(owner.id, days, first),
    );
  }

  private async computeAnalytics(ownerId: string, days: 30 | 90, first: Date) {
    const from = first.toISOString();
    const revenueOf = this.revenue(ownerId);
    const [figures, courses, views, series, revenue] = await Promise.all([
      this.totals(ownerId, revenueOf),
      repo.instructorCourses(this.db, ownerId),
      repo.viewsByCourse(this.db, ownerId, from),
      repo.dailySeries(this.db, ownerId, from.slice(0, 10)),
      revenueOf,
    ]);
    const viewsOf = new Map(views.map((v) => [v.course_id, count(v.views)]));
    const enrolled = new Map(series.enrolled.map((r) => [r.day, count(r.n)]));
    const completed = new Map(series.completed.map((r) => [r.day, count(r.n)]));
    const points: TAnalytics['series'] = [];
    for (let i = 0; i < days; i++) {
      const date = new Date(first.getTime() + i * DAY).toISOString().slice(0, 10);
      points.push({ date, enrolments: enrolled.get(date) ?? 0, completions: completed.get(date) ?? 0 });
    }
    let completions = 0;
    const coursePerformance = courses.map((row) => {
      const students = count(row.students);
      const done = count(row.completions);
      completions += done;
      return {
        courseId: row.id,
        courseName: row.title,
        students,
        completions: done,
        completionRate: percent(done, students),
        averageProgress: whole(row.progress),
        revenue: revenue.of(row.id, row.currency),
        rating: oneDecimal(row.rating),
        views: viewsOf.get(row.id) ?? 0,
      };
    });
    const totals = figures.answer;
    const answer: TAnalytics = {
      totalRevenue: totals.totalRevenue,
      totalStudents: totals.totalStudents,
      totalCompletions: completions,
      averageRating: totals.averageRating,
      completionRate: totals.completionRate,
      monthlyViews: totals.monthlyViews,
      coursePerformance,
      days,
      series: points,
    };
    return { answer, windowStart: figures.windowStart, viewsLeaving: figures.viewsLeaving };
  }

  async overview(actor: TUser): Promise<TOrganisationOverview> {
    if (actor.role !== 'admin') throw new AppError('FORBIDDEN', 403, 'dashboard.adminOnly');
    const [figures, used] = await Promise.all([
      repo.organisationFigures(this.db, actor.organisationId, new Date().toISOString()),
      repo.activeLearners(this.db, actor.organisationId),
    ]);
    const byRole = Object.fromEntries(ROLES.map((r) => [r, 0])) as Record<Role, number>;
    let total = 0;
    let deactivated = 0;
    for (const row of figures.roles) {
      const n = count(row.n);
      total += n;
      deactivated += count(row.deactivated);
      if ((ROLES as readonly string[]).includes(row.role)) byRole[row.role] += n;
    }
    const plan: Plan = figures.plan;
    return {
      members: { total, byRole, active: total - deactivated, deactivated },
      seats: { used: count(used), limit: PLAN_LIMITS[plan].students, plan },
      coursesAssigned: count(figures.assigned),
      overdueLearners: count(figures.overdue),
    };
  }

  async reviews(actor: TUser, id: string, limit = 50): Promise<TInstructorReview[]> {
    const rows = await repo.instructorReviews(this.db, await this.owner(actor, id), limit);
    return rows.map((row) => ({
      id: row.id,
      courseId: row.course_id,
      courseName: row.title,
      learnerName: row.contact_name,
      rating: Number(row.rating),
      comment: row.comment,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
      reply: row.reply,
      repliedAt: row.replied_at,
      repliedBy: row.replied_by_name ?? null,
    }));
  }

  /** Learners' questions on the instructor's courses (an admin's: on every course of the company), the ones to answer first. */
  async questions(actor: TUser, id: string, limit = 50): Promise<TCourseQuestion[]> {
    const person = await this.person(actor, id);
    return questionsToAnswer(this.db, { id: person.id, organisationId: person.organisationId, admin: person.role === 'admin' }, limit);
  }
}
