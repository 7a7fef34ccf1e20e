import type { ComplianceStatus } from '../../../shared/schemas/compliance.ts';
import type { NotificationKind } from '../../../shared/schemas/notifications.ts';
import type { MailLanguage } from '../../mail/templates.ts';
import { teamTexts } from './team-texts.ts';

/** What a notification is made from: stored with it as JSON, read back to write its texts in the reader's language. */
export interface NotificationParams {
  course?: string;
  lesson?: string;
  learner?: string;
  /** The start of a learner's question. */
  question?: string;
  /** ISO time. */
  dueAt?: string;
  /** Which overdue reminder (1, 2, 3). */
  reminder?: number;
  rating?: number;
  days?: number;
  /** Øre. */
  amount?: number;
  currency?: string;
  invoice?: string;
  /** Which limit was reached and what it is. */
  limit?: 'seats' | 'courses';
  max?: number;
  /** What the job did: 'generate-course' | 'translate-course' | … */
  job?: string;
  /** The weekly summary's figures. */
  week?: number;
  enrolments?: number;
  completions?: number;
  overdue?: number;
  top?: { title: string; enrolments: number }[];
  /** A person of a manager's group fell behind: past the due date, or their certificate expired (`validUntil`, ISO). */
  lapse?: 'overdue' | 'expired';
  validUntil?: string;
  /** The monthly compliance report: the month (YYYY-MM), the moment its statuses are of (ISO), the groups it covers (none: the company). */
  month?: string;
  at?: string;
  groups?: string[];
  counts?: Partial<Record<ComplianceStatus, number>>;
  /** The first of the people overdue or expired, and how many more there are. */
  lapsed?: { name: string; course: string; status: 'overdue' | 'expired' }[];
  moreLapsed?: number;
  /** Whether the report's PDF is attached (too large a report is not). */
  attached?: boolean;
  /** A copy of data is ready: whose (the person's own, or the company's); until `validUntil`. */
  scope?: 'person' | 'company';
}

export interface NotificationTexts {
  title: string;
  body: string;
  /** The action's words in a mail (the button). */
  action: string;
  /** Paragraphs after the body that only its mail carries (a list too long for the bell). */
  details?: string[];
}

const date = (lang: MailLanguage, iso: string | undefined) =>
  iso
    ? new Intl.DateTimeFormat(lang === 'en' ? 'en-GB' : 'da-DK', { dateStyle: 'long', timeZone: 'Europe/Copenhagen' }).format(new Date(iso))
    : '';

const money = (lang: MailLanguage, amount = 0, currency = 'DKK') =>
  new Intl.NumberFormat(lang === 'en' ? 'en-GB' : 'da-DK', { style: 'currency', currency }).format(amount / 100);

const JOB_WORDS = {
  da: { 'generate-course': 'Kurset fra AI-kursusskaberen', 'translate-course': 'Oversættelsen af kurset', other: 'AI-opgaven' },
  en: {
    'generate-course': 'The course from the AI course creator',
    'translate-course': 'The translation of the course',
    other: 'The AI task',
  },
} as const;

const jobWords = (lang: MailLanguage, job: string | undefined) => {
  const words = JOB_WORDS[lang];
  return job && job in words ? words[job as keyof typeof words] : words.other;
};

/** The texts of a notification, in `lang`. */
export function notificationTexts(kind: NotificationKind, lang: MailLanguage, p: NotificationParams): NotificationTexts {
  const en = lang === 'en';
  const course = p.course ?? '';
  switch (kind) {
    case 'course-assigned':
      return en
        ? {
            title: `You have been assigned “${course}”`,
            body: p.dueAt ? `Complete the course by ${date(lang, p.dueAt)}.` : 'Start the course when it suits you.',
            action: 'Open the course',
          }
        : {
            title: `Du er tildelt »${course}«`,
            body: p.dueAt ? `Gennemfør kurset senest ${date(lang, p.dueAt)}.` : 'Start kurset, når det passer dig.',
            action: 'Åbn kurset',
          };
    case 'due-soon':
      return en
        ? {
            title: `“${course}” is due ${date(lang, p.dueAt)}`,
            body: 'Finish the course before the due date.',
            action: 'Continue the course',
          }
        : {
            title: `»${course}« skal være gennemført ${date(lang, p.dueAt)}`,
            body: 'Gør kurset færdigt inden fristen.',
            action: 'Fortsæt kurset',
          };
    case 'overdue':
      return en
        ? {
            title: `“${course}” is overdue`,
            body: `The course was due ${date(lang, p.dueAt)}. Complete it as soon as you can.`,
            action: 'Continue the course',
          }
        : {
            title: `Fristen for »${course}« er overskredet`,
            body: `Kurset skulle være gennemført ${date(lang, p.dueAt)}. Gør det færdigt så snart du kan.`,
            action: 'Fortsæt kurset',
          };
    case 'lesson-completed':
      return en
        ? { title: `Lesson completed: ${p.lesson ?? ''}`, body: `In “${course}”.`, action: 'Go to the next lesson' }
        : { title: `Lektion gennemført: ${p.lesson ?? ''}`, body: `I »${course}«.`, action: 'Gå til næste lektion' };
    case 'course-completed':
      return en
        ? { title: `You completed “${course}”`, body: 'Congratulations. Your certificate is ready.', action: 'See your certificate' }
        : { title: `Du har gennemført »${course}«`, body: 'Tillykke. Dit kursusbevis er klar.', action: 'Se dit kursusbevis' };
    case 'new-enrolment':
      return en
        ? { title: `New learner on “${course}”`, body: `${p.learner ?? ''} enrolled.`, action: 'See the course' }
        : { title: `Ny kursist på »${course}«`, body: `${p.learner ?? ''} er tilmeldt.`, action: 'Se kurset' };
    case 'new-completion':
      return en
        ? { title: `“${course}” completed`, body: `${p.learner ?? ''} completed the course.`, action: 'See the course' }
        : { title: `»${course}« gennemført`, body: `${p.learner ?? ''} har gennemført kurset.`, action: 'Se kurset' };
    case 'new-review':
      return en
        ? { title: `New review of “${course}”`, body: `${p.learner ?? ''} gave ${p.rating ?? 0} of 5 stars.`, action: 'Read and reply' }
        : {
            title: `Ny anmeldelse af »${course}«`,
            body: `${p.learner ?? ''} gav ${p.rating ?? 0} ud af 5 stjerner.`,
            action: 'Læs og svar',
          };
    case 'question-asked':
      return en
        ? {
            title: `New question on “${course}”`,
            body: `${p.learner ?? ''} asks${p.lesson ? ` about “${p.lesson}”` : ''}: ${p.question ?? ''}`,
            action: 'Read and answer',
          }
        : {
            title: `Nyt spørgsmål til »${course}«`,
            body: `${p.learner ?? ''} spørger${p.lesson ? ` om »${p.lesson}«` : ''}: ${p.question ?? ''}`,
            action: 'Læs og svar',
          };
    case 'question-answered':
      return en
        ? {
            title: `Your question on “${course}” has an answer`,
            body: p.question ? `You asked: ${p.question}` : '',
            action: 'Read the answer',
          }
        : {
            title: `Dit spørgsmål til »${course}« er besvaret`,
            body: p.question ? `Du spurgte: ${p.question}` : '',
            action: 'Læs svaret',
          };
    case 'trial-ending':
      return en
        ? {
            title: p.days === 1 ? 'Your trial ends tomorrow' : `Your trial ends in ${p.days ?? 0} days`,
            body: 'Choose a plan to keep your courses, your people and your site running.',
            action: 'Choose a plan',
          }
        : {
            title: p.days === 1 ? 'Jeres prøveperiode slutter i morgen' : `Jeres prøveperiode slutter om ${p.days ?? 0} dage`,
            body: 'Vælg en plan, så jeres kurser, medarbejdere og side fortsætter.',
            action: 'Vælg en plan',
          };
    case 'payment-receipt':
      return en
        ? {
            title: `Payment received: ${money(lang, p.amount, p.currency)}`,
            body: p.invoice ? `Invoice ${p.invoice} is ready.` : 'Thank you for your payment.',
            action: 'See invoices',
          }
        : {
            title: `Betaling modtaget: ${money(lang, p.amount, p.currency)}`,
            body: p.invoice ? `Faktura ${p.invoice} er klar.` : 'Tak for jeres betaling.',
            action: 'Se fakturaer',
          };
    case 'payment-failed':
      return en
        ? { title: 'A payment failed', body: 'Check your card so your plan continues.', action: 'Go to billing' }
        : { title: 'En betaling mislykkedes', body: 'Tjek jeres kort, så jeres plan fortsætter.', action: 'Gå til betaling' };
    case 'plan-limit':
      return en
        ? {
            title: p.limit === 'seats' ? 'Your plan has no more seats' : 'Your plan allows no more courses',
            body: `Your plan allows ${p.max ?? 0}. Upgrade to add more.`,
            action: 'See plans',
          }
        : {
            title: p.limit === 'seats' ? 'Jeres plan har ikke flere pladser' : 'Jeres plan tillader ikke flere kurser',
            body: `Jeres plan tillader ${p.max ?? 0}. Opgradér for at tilføje flere.`,
            action: 'Se planer',
          };
    case 'job-finished':
      return en
        ? { title: `${jobWords(lang, p.job)} is ready`, body: course ? `“${course}”.` : '', action: 'Open it' }
        : { title: `${jobWords(lang, p.job)} er klar`, body: course ? `»${course}«.` : '', action: 'Åbn den' };
    case 'job-failed':
      return en
        ? { title: `${jobWords(lang, p.job)} failed`, body: 'Open it to see what went wrong and try again.', action: 'Open it' }
        : { title: `${jobWords(lang, p.job)} mislykkedes`, body: 'Åbn den for at se, hvad der gik galt, og prøv igen.', action: 'Åbn den' };
    case 'export-ready': {
      const company = p.scope === 'company';
      return en
        ? {
            title: company ? "The copy of the company's data is ready" : 'The copy of your data is ready',
            body: `Download it ${company ? 'under Settings' : 'on your profile'} by ${date(lang, p.validUntil)}; it is deleted after that.`,
            action: company ? 'Open settings' : 'Open your profile',
          }
        : {
            title: company ? 'Kopien af virksomhedens data er klar' : 'Kopien af dine data er klar',
            body: `Hent den ${company ? 'under Indstillinger' : 'på din profil'} senest ${date(lang, p.validUntil)}; derefter slettes den.`,
            action: company ? 'Åbn indstillinger' : 'Åbn din profil',
          };
    }
    case 'team-overdue':
    case 'compliance-report':
      return teamTexts(kind, lang, p);
    case 'weekly-summary': {
      const top = (p.top ?? []).map((t) => `${t.title} (${t.enrolments})`).join(', ');
      return en
        ? {
            title: `Your week on Kursa (week ${p.week ?? ''})`,
            body: [
              `${p.enrolments ?? 0} new enrolments, ${p.completions ?? 0} completions, ${p.overdue ?? 0} overdue.`,
              top ? `Most enrolled: ${top}.` : '',
            ]
              .filter(Boolean)
              .join(' '),
            action: 'Open the dashboard',
          }
        : {
            title: `Jeres uge på Kursa (uge ${p.week ?? ''})`,
            body: [
              `${p.enrolments ?? 0} nye tilmeldinger, ${p.completions ?? 0} gennemførelser, ${p.overdue ?? 0} over fristen.`,
              top ? `Flest tilmeldte: ${top}.` : '',
            ]
              .filter(Boolean)
              .join(' '),
            action: 'Åbn overblikket',
          };
    }
  }
}
