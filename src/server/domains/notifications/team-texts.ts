import { STATUS_WORDS } from '../../../shared/compliance-status-words.ts';
import { COMPLIANCE_STATUSES } from '../../../shared/schemas/compliance.ts';
import type { MailLanguage } from '../../mail/templates.ts';
import type { NotificationParams, NotificationTexts } from './texts.ts';

/**
 * What managers of groups (and admins) are told of their people's compliance training: one of
 * them fell behind, and the monthly report. Danish in sentence case; "kursusbevis" for a
 * certificate.
 */

const locale = (lang: MailLanguage) => (lang === 'en' ? 'en-GB' : 'da-DK');

const date = (lang: MailLanguage, iso: string | undefined) =>
  iso ? new Intl.DateTimeFormat(locale(lang), { dateStyle: 'long', timeZone: 'Europe/Copenhagen' }).format(new Date(iso)) : '';

/** "June 2026", "juni 2026". */
const monthName = (lang: MailLanguage, month: string | undefined) => {
  const [year, number] = (month ?? '').split('-').map(Number);
  if (!year || !number) return '';
  return new Intl.DateTimeFormat(locale(lang), { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, number - 1, 15)),
  );
};

/** "Lager, Kontor og Butik". */
const list = (lang: MailLanguage, names: readonly string[]) => new Intl.ListFormat(locale(lang), { type: 'conjunction' }).format(names);

/** A status mid-sentence: lower case, as Danish and English both write it there. */
const statusText = (lang: MailLanguage, status: keyof typeof STATUS_WORDS) => STATUS_WORDS[status][lang].toLowerCase();

function lapsedTexts(lang: MailLanguage, p: NotificationParams): NotificationTexts {
  const en = lang === 'en';
  const [who, course] = [p.learner ?? '', p.course ?? ''];
  if (p.lapse === 'expired') {
    return en
      ? {
          title: `${who}’s certificate for “${course}” has expired`,
          body: `It was valid until ${date(lang, p.validUntil)}. ${who} must take the course again.`,
          action: 'See the status',
        }
      : {
          title: `Kursusbeviset for »${course}« er udløbet for ${who}`,
          body: `Det var gyldigt til ${date(lang, p.validUntil)}. ${who} skal tage kurset igen.`,
          action: 'Se status',
        };
  }
  return en
    ? {
        title: `${who} is overdue on “${course}”`,
        body: `The course was due ${date(lang, p.dueAt)}.`,
        action: 'See the status',
      }
    : {
        title: `${who} har overskredet fristen for »${course}«`,
        body: `Kurset skulle være gennemført ${date(lang, p.dueAt)}.`,
        action: 'Se status',
      };
}

function reportTexts(lang: MailLanguage, p: NotificationParams): NotificationTexts {
  const en = lang === 'en';
  const groups = p.groups ?? [];
  const counts = COMPLIANCE_STATUSES.map((status) => `${STATUS_WORDS[status][lang]}: ${p.counts?.[status] ?? 0}`).join(' · ');
  const lapsed = p.lapsed ?? [];
  const people = lapsed.map((l) =>
    en ? `${l.name}: “${l.course}” (${statusText(lang, l.status)})` : `${l.name}: »${l.course}« (${statusText(lang, l.status)})`,
  );
  const more = p.moreLapsed ? [en ? `… and ${p.moreLapsed} more.` : `… og ${p.moreLapsed} flere.`] : [];
  const attached = p.attached
    ? en
      ? 'The full report is attached as a PDF.'
      : 'Hele rapporten er vedhæftet som PDF.'
    : en
      ? 'The report is too large to attach: download it from the compliance page.'
      : 'Rapporten er for stor til at blive vedhæftet: hent den på compliancesiden.';
  return en
    ? {
        title: `Compliance report for ${monthName(lang, p.month)}`,
        body: `The status of ${groups.length > 0 ? list(lang, groups) : 'the whole company'} on ${date(lang, p.at)}.`,
        action: 'Open compliance',
        details: [
          counts,
          ...(lapsed.length > 0 ? ['Overdue or expired:', ...people, ...more] : ['No one is overdue or has an expired certificate.']),
          attached,
        ],
      }
    : {
        title: `Compliancerapport for ${monthName(lang, p.month)}`,
        body: `Status for ${groups.length > 0 ? list(lang, groups) : 'hele virksomheden'} pr. ${date(lang, p.at)}.`,
        action: 'Åbn compliance',
        details: [
          counts,
          ...(lapsed.length > 0
            ? ['Frist overskredet eller kursusbevis udløbet:', ...people, ...more]
            : ['Ingen har overskredet en frist eller har et udløbet kursusbevis.']),
          attached,
        ],
      };
}

/** The texts of the kinds about a manager's people, in `lang`. */
export function teamTexts(kind: 'team-overdue' | 'compliance-report', lang: MailLanguage, p: NotificationParams): NotificationTexts {
  return kind === 'team-overdue' ? lapsedTexts(lang, p) : reportTexts(lang, p);
}
