import type { PersonData } from './collect.ts';
import { escapeHtml } from '../../../http/escape-html.ts';

/**
 * summary.html: the copy read by a person rather than a program, in their language. It stands
 * alone (no script, no file fetched, its style inline) and every value in it is escaped: the
 * data is what people typed, and a name like `<script>` must show as text.
 */

const escape = (value: unknown): string => escapeHtml(String(value ?? ''));

const WORDS = {
  da: {
    title: 'Kopi af dine data fra Kursa',
    made: 'Lavet',
    name: 'Navn',
    email: 'E-mail',
    company: 'Virksomhed',
    role: 'Rolle',
    intro:
      'Denne mappe indeholder de oplysninger, Kursa har om dig. Hver JSON-fil kan læses af et andet program; denne side er et overblik.',
    files: 'Filerne',
    file: 'Fil',
    content: 'Indhold',
    count: 'Antal',
    courses: 'Dine kurser',
    course: 'Kursus',
    progress: 'Fremskridt',
    completed: 'Gennemført',
    certificates: 'Dine kursusbeviser',
    issued: 'Udstedt',
    code: 'Kode',
    none: 'Ingen.',
    notIncluded:
      'Ikke med: din adgangskode (kun gemt som en hash), dine sessioner og links til nulstilling af adgangskode, som er hemmeligheder, og indholdet af de e-mails, vi har sendt dig (de kan rumme hemmelige links); deres emne og tidspunkt er med i mails.json.',
    kinds: {
      account: 'Din konto og dine indstillinger',
      memberships: 'Din virksomhed, din rolle, dine grupper og invitationer',
      enrolments: 'Dine tilmeldinger til kurser og læringsforløb',
      progress: 'Dit fremskridt i lektionerne',
      'quiz-attempts': 'Dine quizforsøg med svar',
      certificates: 'Dine kursusbeviser (også som PDF i mappen certificates)',
      reviews: 'Dine anmeldelser',
      questions: 'Dine spørgsmål til instruktører',
      'question-replies': 'Dine svar og opfølgninger i spørgsmålstråde',
      'ai-conversations': 'Dine samtaler med AI-assistenterne',
      notifications: 'Dine notifikationer og dine valg for dem',
      consents: 'Dine samtykker: nyhedsbrev, kontaktformular, citat af anmeldelser',
      compliance: 'Dine påkrævede kurser og deres historik',
      mails: 'E-mails, vi har sendt dig (emne og tidspunkt)',
      purchases: 'Dine køb',
      uploads: 'Filer, du har lagt op (også i mappen uploads)',
    },
  },
  en: {
    title: 'A copy of your data from Kursa',
    made: 'Made',
    name: 'Name',
    email: 'Email',
    company: 'Company',
    role: 'Role',
    intro: 'This folder holds the data Kursa keeps about you. Each JSON file can be read by another program; this page is an overview.',
    files: 'The files',
    file: 'File',
    content: 'Content',
    count: 'Count',
    courses: 'Your courses',
    course: 'Course',
    progress: 'Progress',
    completed: 'Completed',
    certificates: 'Your certificates',
    issued: 'Issued',
    code: 'Code',
    none: 'None.',
    notIncluded:
      'Not included: your password (only kept as a hash), your sessions and password reset links, which are secrets, and the bodies of the emails we sent you (they can hold secret links); their subject and time are in mails.json.',
    kinds: {
      account: 'Your account and settings',
      memberships: 'Your company, role, groups and invitations',
      enrolments: 'Your enrolments in courses and learning paths',
      progress: 'Your progress in lessons',
      'quiz-attempts': 'Your quiz attempts with answers',
      certificates: 'Your certificates (also as PDFs in the certificates folder)',
      reviews: 'Your reviews',
      questions: 'Your questions to instructors',
      'question-replies': 'Your replies and follow-ups in question threads',
      'ai-conversations': 'Your conversations with the AI assistants',
      notifications: 'Your notifications and your choices for them',
      consents: 'Your consents: newsletter, contact form, quoting your reviews',
      compliance: 'Your required courses and their history',
      mails: 'Emails we sent you (subject and time)',
      purchases: 'Your purchases',
      uploads: 'Files you uploaded (also in the uploads folder)',
    },
  },
} as const;

/** How many entries a file holds: a list's length, or the lists' lengths summed for an object of lists. */
function countOf(value: unknown): number {
  if (Array.isArray(value)) return value.length;
  if (value && typeof value === 'object') {
    const lists = Object.values(value).filter(Array.isArray);
    return lists.length ? lists.reduce((sum, list) => sum + list.length, 0) : 1;
  }
  return value === null || value === undefined ? 0 : 1;
}

const day = (lang: 'da' | 'en', iso: string | null | undefined) =>
  iso
    ? new Intl.DateTimeFormat(lang === 'en' ? 'en-GB' : 'da-DK', { dateStyle: 'long', timeZone: 'Europe/Copenhagen' }).format(new Date(iso))
    : '–';

export function summaryHtml(person: PersonData, madeAt: Date): string {
  const lang = person.language;
  const w = WORDS[lang];
  const e = escape;
  const membership = person.files.memberships as { company: { name: string }; role: string };
  const enrolments = (person.files.enrolments as { courses: { course_title: string; progress: number; completed_at: string | null }[] })
    .courses;
  const rows = Object.entries(person.files)
    .map(([name, value]) => {
      const what = (w.kinds as Record<string, string>)[name] ?? name;
      return `<tr><td><code>${e(name)}.json</code></td><td>${e(what)}</td><td>${countOf(value)}</td></tr>`;
    })
    .join('');
  const courses = enrolments.length
    ? `<table><tr><th>${w.course}</th><th>${w.progress}</th><th>${w.completed}</th></tr>${enrolments
        .map((c) => `<tr><td>${e(c.course_title)}</td><td>${e(c.progress)} %</td><td>${e(day(lang, c.completed_at))}</td></tr>`)
        .join('')}</table>`
    : `<p>${w.none}</p>`;
  const certificates = person.certificates.length
    ? `<table><tr><th>${w.course}</th><th>${w.issued}</th><th>${w.code}</th></tr>${person.certificates
        .map((c) => `<tr><td>${e(c.courseTitle)}</td><td>${e(day(lang, c.issuedAt))}</td><td><code>${e(c.code)}</code></td></tr>`)
        .join('')}</table>`
    : `<p>${w.none}</p>`;
  return `<!DOCTYPE html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${w.title}</title>
<style>body{font-family:system-ui,sans-serif;max-width:50rem;margin:2rem auto;padding:0 1rem;color:#1f2937;line-height:1.5}table{border-collapse:collapse;width:100%;margin:.5rem 0 1.5rem}th,td{border:1px solid #d1d5db;padding:.35rem .5rem;text-align:left;vertical-align:top}th{background:#f3f4f6}dt{font-weight:600}dd{margin:0 0 .5rem}</style>
</head>
<body>
<h1>${w.title}</h1>
<p>${w.intro}</p>
<dl>
<dt>${w.name}</dt><dd>${e(person.name)}</dd>
<dt>${w.email}</dt><dd>${e(person.email)}</dd>
<dt>${w.company}</dt><dd>${e(membership.company.name)}</dd>
<dt>${w.role}</dt><dd>${e(membership.role)}</dd>
<dt>${w.made}</dt><dd>${e(day(lang, madeAt.toISOString()))}</dd>
</dl>
<h2>${w.files}</h2>
<table><tr><th>${w.file}</th><th>${w.content}</th><th>${w.count}</th></tr>${rows}</table>
<h2>${w.courses}</h2>
${courses}
<h2>${w.certificates}</h2>
${certificates}
<p>${w.notIncluded}</p>
</body>
</html>
`;
}
