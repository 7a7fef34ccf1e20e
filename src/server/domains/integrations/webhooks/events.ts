import type { FastifyBaseLogger } from 'fastify';
import type { WebhookEvent } from '../../../../shared/schemas/webhooks.ts';
import type { Db } from '../../../db/database.ts';
import { newId } from '../../../security/tokens.ts';
import type { MembershipChange } from '../../identity/index.ts';
import * as repo from './repository.ts';

interface Told {
  organisationId: string;
  event: WebhookEvent;
  /** What the event is about: the same key told twice is delivered once. */
  key: string;
  userId: string | null;
  data: Record<string, unknown>;
}

const person = (row: { user_id: string; email: string; contact_name: string }) => ({
  id: row.user_id,
  email: row.email,
  name: row.contact_name,
});

/**
 * What Kursa tells a company's webhooks of, as it happens (docs/decisions/062-webhooks.md): each
 * event is written once for every active webhook that chose it, in its JSON body as it will be
 * sent, and the sender delivers it. An event that cannot be queued is logged; it never fails what
 * it tells of.
 */
export class WebhookEvents {
  constructor(
    private readonly db: Db,
    private readonly publicUrl: string,
    private readonly log: FastifyBaseLogger,
    private readonly queued: () => void,
  ) {}

  async enrolled(enrolmentId: string): Promise<void> {
    await this.quietly('enrolment.created', async () => {
      const row = await this.enrolment(enrolmentId);
      return (
        row && {
          organisationId: row.organisation_id,
          event: 'enrolment.created',
          key: `enrolment:${row.id}:${row.cycle}`,
          userId: row.user_id,
          data: {
            enrolment: {
              id: row.id,
              course: { id: row.course_id, title: row.title },
              person: person(row),
              source: row.source,
              enrolledAt: row.enrolled_at,
              dueAt: row.due_at,
            },
          },
        }
      );
    });
  }

  async courseCompleted(enrolmentId: string): Promise<void> {
    await this.quietly('course.completed', async () => {
      const row = await this.enrolment(enrolmentId);
      return (
        row?.completed_at && {
          organisationId: row.organisation_id,
          event: 'course.completed',
          key: `completed:${row.id}:${row.cycle}`,
          userId: row.user_id,
          data: {
            enrolment: {
              id: row.id,
              course: { id: row.course_id, title: row.title },
              person: person(row),
              completedAt: row.completed_at,
            },
          },
        }
      );
    });
  }

  /** Told on every change of a certificate; only a new, valid one is an event. */
  async certificateChanged(certificateId: string): Promise<void> {
    await this.quietly('certificate.issued', async () => {
      const row = await this.db
        .selectFrom('certificates as c')
        .innerJoin('users as u', 'u.id', 'c.user_id')
        .select(['c.id', 'c.code', 'u.organisation_id', 'c.user_id', 'c.course_id', 'c.path_id', 'c.course_title', 'c.issued_at'])
        .select(['c.expires_at', 'c.score', 'c.revoked_at', 'u.email', 'u.contact_name'])
        .where('c.id', '=', certificateId)
        .executeTakeFirst();
      return (
        row &&
        row.revoked_at === null && {
          organisationId: row.organisation_id,
          event: 'certificate.issued',
          key: `certificate:${row.id}`,
          userId: row.user_id,
          data: {
            certificate: {
              id: row.id,
              code: row.code,
              title: row.course_title,
              courseId: row.course_id,
              pathId: row.path_id,
              person: person(row),
              issuedAt: row.issued_at,
              expiresAt: row.expires_at,
              score: row.score,
              verifyUrl: `${this.publicUrl}/verify/${row.code}`,
            },
          },
        }
      );
    });
  }

  async membership(userId: string, change: MembershipChange): Promise<void> {
    const event = change === 'joined' ? 'member.joined' : 'member.left';
    await this.quietly(event, async () => {
      const row = await this.db
        .selectFrom('users')
        .select(['id as user_id', 'organisation_id', 'email', 'contact_name', 'role'])
        .where('id', '=', userId)
        .executeTakeFirst();
      return (
        row && {
          organisationId: row.organisation_id,
          event,
          // Joining and leaving can happen again: each time is its own event.
          key: `${event}:${row.user_id}:${newId()}`,
          userId: row.user_id,
          data: { member: { ...person(row), role: row.role } },
        }
      );
    });
  }

  private async enrolment(enrolmentId: string) {
    return (
      this.db
        .selectFrom('enrolments as e')
        .innerJoin('courses as c', 'c.id', 'e.course_id')
        .innerJoin('users as u', 'u.id', 'e.user_id')
        .select(['e.id', 'e.user_id', 'e.course_id', 'e.source', 'e.enrolled_at', 'e.due_at', 'e.completed_at', 'e.cycle'])
        // The learner's company hears of its people, whoever's course they take.
        .select(['u.organisation_id', 'c.title', 'u.email', 'u.contact_name'])
        .where('e.id', '=', enrolmentId)
        .executeTakeFirst()
    );
  }

  private async quietly(event: WebhookEvent, read: () => Promise<Told | undefined | null | false | '' | 0>): Promise<void> {
    try {
      const told = await read();
      if (told) await this.queue(told);
    } catch (error) {
      this.log.error({ err: error, event }, 'a webhook event could not be queued');
    }
  }

  private async queue({ organisationId, event, key, userId, data }: Told): Promise<void> {
    const hearing = (await repo.activeWebhooks(this.db, organisationId)).filter((w) => (JSON.parse(w.events) as string[]).includes(event));
    if (hearing.length === 0) return;
    const now = new Date().toISOString();
    const eventId = `evt_${newId()}`;
    const payload = JSON.stringify({ id: eventId, type: event, createdAt: now, companyId: organisationId, data });
    let any = false;
    for (const webhook of hearing) {
      const inserted = await repo.insertDelivery(this.db, {
        id: newId(),
        webhook_id: webhook.id,
        organisation_id: organisationId,
        event_id: eventId,
        event_key: key,
        event,
        user_id: userId,
        payload,
        status: 'queued',
        attempts: 0,
        next_attempt_at: now,
        created_at: now,
      });
      any ||= inserted;
    }
    if (any) this.queued();
  }
}
