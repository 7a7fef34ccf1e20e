import { layoutMail, type MailLanguage } from '../../../mail/templates.ts';
import type { MailMessage } from '../../../mail/mailer.ts';

export interface CompanyDeletionNotice {
  state: 'requested' | 'cancelled';
  companyName: string;
  /** Who asked for it, or cancelled it. */
  byName: string;
  /** When the deletion is carried out (ISO). */
  dueAt: string;
  /** Where an admin sees it and can cancel it. */
  link: string;
}

const day = (lang: MailLanguage, iso: string) =>
  new Intl.DateTimeFormat(lang === 'en' ? 'en-GB' : 'da-DK', { dateStyle: 'long', timeZone: 'Europe/Copenhagen' }).format(new Date(iso));

/**
 * To every admin of a company when its deletion is asked for or cancelled: a deletion is the one
 * change no one can undo, so no admin learns of it only afterwards, and any of them can stop it.
 * Sent whatever the admins chose about notifications.
 */
export function companyDeletionMail(lang: MailLanguage, to: string, n: CompanyDeletionNotice): MailMessage {
  const when = day(lang, n.dueAt);
  if (n.state === 'cancelled') {
    return lang === 'en'
      ? layoutMail(to, `The deletion of ${n.companyName} on Kursa is cancelled`, [
          `${n.byName} has cancelled the deletion of ${n.companyName} that was due on ${when}. Nothing will be deleted.`,
          { label: 'Open settings', url: n.link },
        ])
      : layoutMail(to, `Sletningen af ${n.companyName} på Kursa er fortrudt`, [
          `${n.byName} har fortrudt sletningen af ${n.companyName}, som skulle ske ${when}. Intet bliver slettet.`,
          { label: 'Åbn indstillinger', url: n.link },
        ]);
  }
  return lang === 'en'
    ? layoutMail(to, `${n.companyName} will be deleted from Kursa on ${when}`, [
        `${n.byName} has asked for ${n.companyName} to be deleted from Kursa. On ${when} every person's account and data, the courses' content, files and logs are deleted; certificates already issued still verify, without their holder's name, and invoices are kept as bookkeeping law requires.`,
        'Any admin can cancel the deletion under Settings until then. If you did not expect this, cancel it and talk to your colleagues.',
        { label: 'Open settings', url: n.link },
      ])
    : layoutMail(to, `${n.companyName} bliver slettet fra Kursa ${when}`, [
        `${n.byName} har bedt om at slette ${n.companyName} fra Kursa. ${when} slettes alle personers konti og data, kursernes indhold, filer og logge; udstedte kursusbeviser kan stadig kontrolleres, uden indehaverens navn, og fakturaer gemmes, som bogføringsloven kræver.`,
        'Indtil da kan enhver administrator fortryde sletningen under Indstillinger. Havde du ikke ventet det, så fortryd den og tal med dine kolleger.',
        { label: 'Åbn indstillinger', url: n.link },
      ]);
}
