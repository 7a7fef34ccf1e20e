import { createHmac, timingSafeEqual } from 'node:crypto';
import type { TUser } from '../../../shared/schemas/users.ts';
import { storedPreferences } from '../../../shared/stored-preferences.ts';
import {
  KIND_RULES,
  kindsFor,
  NOTIFICATION_KINDS,
  type MailMode,
  type NotificationKind,
  type TKindPreference,
  type TNotification,
  type TNotificationList,
  type TNotificationPreferences,
  type TNotificationPreferencesUpdate,
  type TUnsubscribeInfo,
} from '../../../shared/schemas/notifications.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/errors.ts';
import type { MailAttachment } from '../../mail/mailer.ts';
import type { MailOutbox } from '../../mail/outbox.ts';
import { layoutMail, mailLanguage, type MailBrand, type MailLanguage, type MailPart } from '../../mail/templates.ts';
import { installationSecret } from '../../security/installation-secrets.ts';
import { newId } from '../../security/tokens.ts';
import { digestCutoff, digestKey } from './digest.ts';
import { decodeCursor, encodeCursor } from './cursor.ts';
import * as repo from './repository.ts';
import { notificationTexts, type NotificationParams } from './texts.ts';

/** Something a person should hear of. */
export interface NotificationEvent {
  kind: NotificationKind;
  userId: string;
  /** The event, e.g. `due-soon:<enrolment>:<due date>`: each person hears of it once. */
  key: string;
  params: NotificationParams;
  /** A path in the app. */
  link: string | null;
  /** Files its mail carries, made only when a mail is written (a report nobody will receive is not laid out). */
  attachments?: () => Promise<MailAttachment[]>;
}

export interface NotificationsDeps {
  db: Db;
  outbox: MailOutbox;
  publicUrl: string;
  /** The company's brand for its mails. */
  brandFor: (organisationId: string, companyName: string) => Promise<MailBrand | undefined>;
  /** Sets the profile's e-mail switch (every mail but the mandatory ones). */
  setMailOn: (userId: string, on: boolean) => Promise<void>;
}

const maskEmail = (email: string) => {
  const [name = '', domain = ''] = email.split('@');
  return `${name.slice(0, 2)}${'•'.repeat(Math.max(1, name.length - 2))}@${domain}`;
};

/**
 * What Kursa tells people: each event once per person (its key), in the app and by mail as their
 * preferences, their company's settings and the kind's rules say; a daily digest gathers what
 * they asked to hear of once a day. Mail goes through the outbox, in the same transaction as the
 * notification, so an event is either told in both or not yet at all.
 */
export class NotificationsService {
  private unsubscribeKey: Promise<string> | undefined;

  constructor(private readonly deps: NotificationsDeps) {}

  /** Tells the event's person of it, once; false when they had heard of it (or cannot receive it). */
  async notify(event: NotificationEvent): Promise<boolean> {
    const { db, outbox } = this.deps;
    const person = await repo.findRecipient(db, event.userId);
    if (!person || person.deactivated_at || !kindsFor(person.role, person.manages).includes(event.kind)) return false;
    const { app, mail } = await this.channels(person, event.kind);
    const lang = mailLanguage(person.language);
    const message = mail === 'instant' ? await this.mailFor(person, event, lang) : undefined;
    const told = await db.transaction().execute(async (trx) => {
      const inserted = await repo.insertNotification(trx, {
        id: newId(),
        user_id: person.id,
        organisation_id: person.organisation_id,
        kind: event.kind,
        params: JSON.stringify(event.params),
        link: event.link,
        dedupe_key: event.key,
        created_at: new Date().toISOString(),
        read_at: null,
        in_app: app ? 1 : 0,
        digest_pending: mail === 'daily' ? 1 : 0,
      });
      if (inserted && message) {
        await outbox.enqueue(
          message,
          { kind: event.kind, dedupeKey: `n:${person.id}:${event.key}`, organisationId: person.organisation_id, userId: person.id },
          trx,
        );
      }
      return inserted;
    });
    if (told && message) outbox.wake();
    return told;
  }

  /** How a person hears of a kind: their choices over the kind's defaults; mandatory mail as their company decides. */
  private async channels(person: repo.Recipient, kind: NotificationKind): Promise<{ app: boolean; mail: MailMode }> {
    const rule = KIND_RULES[kind];
    const own = (await repo.preferencesOf(this.deps.db, person.id)).find((p) => p.kind === kind);
    const app = own?.in_app === null || own?.in_app === undefined ? rule.app : Number(own.in_app) === 1;
    if (rule.mandatory) {
      const company = await repo.companySettings(this.deps.db, person.organisation_id);
      return { app, mail: company.mandatoryMail ? rule.mail : 'off' };
    }
    if (!storedPreferences(person.preferences).emailNotifications) return { app, mail: 'off' };
    const mail = own?.mail ?? rule.mail;
    return { app, mail: mail === 'daily' && !rule.digest ? 'instant' : mail };
  }

  private async mailFor(person: repo.Recipient, event: NotificationEvent, lang: MailLanguage) {
    const texts = notificationTexts(event.kind, lang, event.params);
    const parts: MailPart[] = [
      texts.body,
      ...(texts.details ?? []),
      ...(event.link ? [{ label: texts.action, url: this.url(event.link) }] : []),
    ];
    const unsubscribe = KIND_RULES[event.kind].mandatory ? undefined : await this.unsubscribeToken(person.id, event.kind);
    parts.push(...this.footer(lang, unsubscribe));
    const brand = await this.deps.brandFor(person.organisation_id, person.company_name);
    const message = layoutMail(
      person.email,
      texts.title,
      parts.filter((p) => p !== ''),
      brand,
    );
    const attachments = event.attachments ? await event.attachments() : [];
    return {
      ...message,
      ...(unsubscribe && { headers: this.unsubscribeHeaders(unsubscribe) }),
      ...(attachments.length > 0 && { attachments }),
    };
  }

  private footer(lang: MailLanguage, unsubscribe: string | undefined): MailPart[] {
    const settings = {
      label: lang === 'en' ? 'Notification settings' : 'Indstillinger for notifikationer',
      url: this.url('/profile?tab=settings'),
      minor: true,
    };
    if (!unsubscribe) {
      return [
        lang === 'en'
          ? 'Your company requires this training, so this email cannot be turned off.'
          : 'Din virksomhed kræver denne uddannelse, så denne e-mail kan ikke slås fra.',
        settings,
      ];
    }
    return [
      settings,
      {
        label: lang === 'en' ? 'Unsubscribe from these emails' : 'Afmeld denne slags e-mails',
        url: this.url(`/notifications/unsubscribe?token=${unsubscribe}`),
        minor: true,
      },
    ];
  }

  private unsubscribeHeaders(token: string): Record<string, string> {
    return {
      'List-Unsubscribe': `<${this.url(`/api/notifications/unsubscribe?token=${token}`)}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    };
  }

  private url(path: string): string {
    return new URL(path, this.deps.publicUrl).toString();
  }

  /**
   * The digest of what waited for a person's daily mail: one mail per day (`day`, a Copenhagen
   * date) of what was told before 07:00 that day; what came after waits for the next day's.
   */
  async sendDigest(userId: string, day: string): Promise<boolean> {
    const { db, outbox } = this.deps;
    const person = await repo.findRecipient(db, userId);
    const pending = await repo.digestPending(db, userId, digestCutoff(day).toISOString());
    if (!person || person.deactivated_at || pending.length === 0) return false;
    const lang = mailLanguage(person.language);
    const en = lang === 'en';
    const items: MailPart[] = pending.flatMap((n): MailPart[] => {
      const texts = notificationTexts(n.kind as NotificationKind, lang, JSON.parse(n.params) as NotificationParams);
      return n.link ? [{ label: texts.title, url: this.url(n.link), minor: true }] : [texts.title];
    });
    const brand = await this.deps.brandFor(person.organisation_id, person.company_name);
    const message = layoutMail(
      person.email,
      en ? `Today on Kursa: ${pending.length} new` : `I dag på Kursa: ${pending.length} nye`,
      [
        en ? 'What happened since your last overview:' : 'Det er sket siden din sidste oversigt:',
        ...items,
        ...this.footer(lang, undefined).slice(1),
      ],
      brand,
    );
    const sent = await db.transaction().execute(async (trx) => {
      const queued = await outbox.enqueue(
        message,
        { kind: 'digest', dedupeKey: digestKey(userId, day), organisationId: person.organisation_id, userId },
        trx,
      );
      // The day's digest went out already (another instance, a job run twice): what waits now
      // was not in that mail, so it keeps waiting, for the next day's.
      if (!queued) return false;
      await trx
        .updateTable('notifications')
        .set({ digest_pending: 0 })
        .where(
          'id',
          'in',
          pending.map((n) => n.id),
        )
        .execute();
      return true;
    });
    if (sent) outbox.wake();
    return sent;
  }

  async list(user: TUser, lang: MailLanguage, query: { before?: string | undefined; limit: number }): Promise<TNotificationList> {
    const rows = await repo.listNotifications(this.deps.db, user.id, decodeCursor(query.before), query.limit + 1);
    const page = rows.slice(0, query.limit);
    const notifications: TNotification[] = page.map((row) => {
      const texts = notificationTexts(row.kind as NotificationKind, lang, JSON.parse(row.params) as NotificationParams);
      return {
        id: row.id,
        kind: row.kind as NotificationKind,
        title: texts.title,
        body: texts.body,
        link: row.link,
        createdAt: row.created_at,
        readAt: row.read_at,
      };
    });
    const last = page.at(-1);
    return {
      notifications,
      unread: await repo.countUnread(this.deps.db, user.id),
      next: rows.length > query.limit && last ? encodeCursor(last) : null,
    };
  }

  unread(user: TUser): Promise<number> {
    return repo.countUnread(this.deps.db, user.id);
  }

  async markRead(user: TUser, ids: readonly string[] | 'all'): Promise<number> {
    await repo.markRead(this.deps.db, user.id, ids);
    return repo.countUnread(this.deps.db, user.id);
  }

  async preferences(user: TUser): Promise<TNotificationPreferences> {
    const [own, company, manages] = await Promise.all([
      repo.preferencesOf(this.deps.db, user.id),
      repo.companySettings(this.deps.db, user.organisationId),
      repo.managesAGroup(this.deps.db, user.id),
    ]);
    const kinds: TKindPreference[] = kindsFor(user.role, manages).map((kind) => {
      const rule = KIND_RULES[kind];
      const mine = own.find((p) => p.kind === kind);
      return {
        kind,
        app: mine?.in_app === null || mine?.in_app === undefined ? rule.app : Number(mine.in_app) === 1,
        // Mandatory training's mail is the company's to turn off, and then shows as off to everyone.
        mail: rule.mandatory ? (company.mandatoryMail ? rule.mail : 'off') : (mine?.mail ?? rule.mail),
        mandatory: rule.mandatory === true,
        digest: rule.digest === true,
      };
    });
    return { kinds, mailOn: user.preferences.emailNotifications, company: user.role === 'admin' ? company : null };
  }

  async updatePreferences(user: TUser, update: TNotificationPreferencesUpdate): Promise<TNotificationPreferences> {
    const allowed = new Set(kindsFor(user.role, await repo.managesAGroup(this.deps.db, user.id)));
    for (const change of update.kinds ?? []) {
      if (!allowed.has(change.kind)) throw new AppError('VALIDATION_ERROR', 400, 'notifications.kindNotYours');
      const rule = KIND_RULES[change.kind];
      if (rule.mandatory && change.mail !== undefined && change.mail !== rule.mail)
        throw new AppError('FORBIDDEN', 403, 'notifications.mandatory');
      if (change.mail === 'daily' && !rule.digest) throw new AppError('VALIDATION_ERROR', 400, 'notifications.noDigest');
    }
    if (update.company && user.role !== 'admin') throw new AppError('FORBIDDEN', 403, 'notifications.adminsOnly');
    for (const change of update.kinds ?? []) await repo.savePreference(this.deps.db, user.id, change.kind, change);
    if (update.company) {
      const current = await repo.companySettings(this.deps.db, user.organisationId);
      await repo.saveCompanySettings(this.deps.db, user.organisationId, { ...current, ...update.company });
    }
    if (update.mailOn !== undefined) await this.deps.setMailOn(user.id, update.mailOn);
    return this.preferences({
      ...user,
      preferences: { ...user.preferences, emailNotifications: update.mailOn ?? user.preferences.emailNotifications },
    });
  }

  private async key(): Promise<string> {
    this.unsubscribeKey ??= installationSecret(this.deps.db, 'unsubscribe');
    return this.unsubscribeKey;
  }

  private async unsubscribeToken(userId: string, kind: NotificationKind): Promise<string> {
    const payload = Buffer.from(`${userId}|${kind}`).toString('base64url');
    return `${payload}.${createHmac('sha256', await this.key())
      .update(payload)
      .digest('base64url')}`;
  }

  /** The person and kind a link's token names, if the token is one Kursa made. */
  private async readToken(token: string): Promise<{ userId: string; kind: NotificationKind }> {
    const bad = () => new AppError('VALIDATION_ERROR', 400, 'notifications.badToken');
    const [payload, signature] = token.split('.');
    if (!payload || !signature) throw bad();
    const expected = createHmac('sha256', await this.key())
      .update(payload)
      .digest();
    const given = Buffer.from(signature, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw bad();
    const [userId, kind] = Buffer.from(payload, 'base64url').toString().split('|');
    if (!userId || !(NOTIFICATION_KINDS as readonly string[]).includes(kind ?? '')) throw bad();
    return { userId, kind: kind as NotificationKind };
  }

  /** What an unsubscribe link turns off; with `confirm`, turns it off (no session: the token is the proof). */
  async unsubscribe(token: string, confirm: boolean): Promise<TUnsubscribeInfo> {
    const { userId, kind } = await this.readToken(token);
    const person = await repo.findRecipient(this.deps.db, userId);
    if (!person || KIND_RULES[kind].mandatory) throw new AppError('VALIDATION_ERROR', 400, 'notifications.badToken');
    if (confirm) await repo.savePreference(this.deps.db, userId, kind, { mail: 'off' });
    const mine = (await repo.preferencesOf(this.deps.db, userId)).find((p) => p.kind === kind);
    return { kind, email: maskEmail(person.email), unsubscribed: mine?.mail === 'off' };
  }
}
