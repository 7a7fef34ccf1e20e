import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ASSISTANTS } from '../../src/server/domains/authoring/assistants/assistants.ts';
import { WORDING } from '../../src/server/domains/learning/certificates/wording.ts';
import { STATUS_WORDS, TEXTS as REPORT_TEXTS } from '../../src/server/domains/compliance/export/texts.ts';
import { PACKAGE_WORDING } from '../../src/server/domains/courses/scorm-export/wording.ts';
import { notificationTexts } from '../../src/server/domains/notifications/texts.ts';
import * as mails from '../../src/server/mail/templates.ts';
import { NOTIFICATION_KINDS } from '../../src/shared/schemas/notifications.ts';
import { messages } from '../../src/shared/i18n/messages.ts';

/**
 * One word per thing in each language, and Danish in sentence case (ADR 042): every text a person
 * reads – the client's namespaces, the server's messages, the mails, the certificate, what the
 * assistants' list says, the exported SCORM package – is held against src/client/locales/glossary.json. A failure names where
 * the text is, the key and the text.
 */

type Language = 'da' | 'en';
interface Term {
  use: string;
  not: string[];
}
interface Glossary {
  da: Record<string, Term>;
  en: Record<string, Term>;
  daCapitalised: string[];
}

const localesDir = path.resolve(import.meta.dirname, '../../src/client/locales');
const glossary = JSON.parse(readFileSync(path.join(localesDir, 'glossary.json'), 'utf8')) as Glossary;
const languages: Language[] = ['da', 'en'];

/** A text as it is read somewhere: where (a file or a module), its key and the words. */
interface Text {
  where: string;
  key: string;
  text: string;
}

function leaves(tree: unknown, prefix = ''): [string, string][] {
  if (typeof tree === 'string') return [[prefix, tree]];
  if (tree === null || typeof tree !== 'object') return [];
  return Object.entries(tree).flatMap(([key, value]) => leaves(value, prefix ? `${prefix}.${key}` : key));
}

/** A namespace's texts, with a $t(key) nesting replaced by the text it brings in, as i18next shows it. */
function localeTexts(language: Language): Text[] {
  return readdirSync(path.join(localesDir, language))
    .filter((file) => file.endsWith('.json'))
    .sort()
    .flatMap((file) => {
      const texts = new Map(leaves(JSON.parse(readFileSync(path.join(localesDir, language, file), 'utf8'))));
      return [...texts].map(([key, text]) => ({
        where: `locales/${language}/${file}`,
        key,
        text: text.replace(/\$t\(([^)]*)\)/g, (nesting, nested: string) => texts.get(nested) ?? nesting),
      }));
    });
}

function messageTexts(language: Language): Text[] {
  return Object.entries(messages).map(([key, entry]) => ({ where: 'shared/i18n messages', key, text: entry[language] }));
}

/**
 * The mails as they are sent, with every value a sender fills in written as "x" (a name or a
 * company is the sender's, not the template's, so it proves nothing about the wording).
 */
function mailTexts(language: Language): Text[] {
  const code = { companyName: 'x', cvr: '12345678', code: 'x', minutes: 30, requesterName: 'x', requesterEmail: 'x@x.dk' };
  const link = 'https://kursa.example/x';
  const sent = {
    verificationCodeMail: mails.verificationCodeMail(language, 'x@x.dk', code),
    ownAddressCodeMail: mails.ownAddressCodeMail(language, 'x@x.dk', code),
    claimEndedMail: mails.claimEndedMail(language, 'x@x.dk', { companyName: 'x', cvr: '12345678' }),
    claimWonMail: mails.claimWonMail(language, 'x@x.dk', { companyName: 'x', cvr: '12345678' }),
    emailChangedMail: mails.emailChangedMail(language, 'x@x.dk', { newEmail: 'y@x.dk' }),
    ...Object.fromEntries(
      (['admin', 'instructor', 'learner'] as const).map((role) => [
        `invitationMail(${role})`,
        mails.invitationMail(language, 'x@x.dk', { companyName: 'x', inviterName: 'x', role, link, days: 7 }),
      ]),
    ),
    passwordResetMail: mails.passwordResetMail(language, 'x@x.dk', { link, minutes: 60 }),
    ...Object.fromEntries(
      (['general', 'demo', 'sales', 'support'] as const).map((topic) => [
        `contactRequestMail(${topic})`,
        mails.contactRequestMail(language, 'x@x.dk', {
          name: 'x',
          email: 'x@x.dk',
          company: null,
          phone: null,
          topic,
          message: 'x',
          language,
          receivedAt: 'x',
        }),
      ]),
    ),
    newsletterConfirmMail: mails.newsletterConfirmMail(language, 'x@x.dk', {
      confirmLink: link,
      unsubscribeLink: link,
      unsubscribePost: link,
      days: 7,
    }),
  };
  return Object.entries(sent).flatMap(([name, mail]) => [
    { where: 'server/mail/templates.ts', key: `${name}.subject`, text: mail.subject },
    ...mail.text.split('\n\n').map((text, i) => ({ where: 'server/mail/templates.ts', key: `${name}.text[${i}]`, text })),
  ]);
}

function certificateTexts(language: Language): Text[] {
  return Object.entries(WORDING[language])
    .filter(([key]) => key !== 'locale' && key !== 'fileName')
    .flatMap(([key, value]) =>
      typeof value === 'function'
        ? [[key, value('x')] as const]
        : typeof value === 'string'
          ? [[key, value] as const]
          : Object.entries(value).map(([form, word]) => [`${key}.${form}`, word] as const),
    )
    .map(([key, text]) => ({ where: 'server certificate wording', key, text }));
}

/** Each kind of notification as the app and its mail word it, once per limit and job it names. */
function notificationKindTexts(language: Language): Text[] {
  const base = {
    course: 'x',
    lesson: 'x',
    learner: 'x',
    dueAt: '2026-01-01T00:00:00.000Z',
    reminder: 1,
    rating: 5,
    days: 3,
    amount: 100,
    max: 5,
  };
  const report = { month: '2026-06', at: '2026-06-01T05:00:00.000Z', counts: { overdue: 1, expired: 1, completed: 3 } };
  const variants = [
    {
      ...base,
      limit: 'seats' as const,
      job: 'generate-course',
      top: [{ title: 'x', enrolments: 1 }],
      week: 1,
      lapse: 'overdue' as const,
      ...report,
      lapsed: [
        { name: 'x', course: 'x', status: 'overdue' as const },
        { name: 'x', course: 'x', status: 'expired' as const },
      ],
      moreLapsed: 2,
      attached: true,
    },
    {
      ...base,
      limit: 'courses' as const,
      job: 'translate-course',
      top: [],
      week: 1,
      lapse: 'expired' as const,
      validUntil: '2026-01-01T00:00:00.000Z',
      ...report,
      groups: ['x', 'x'],
      attached: false,
    },
  ];
  return NOTIFICATION_KINDS.flatMap((kind) =>
    variants.flatMap((params, v) =>
      Object.entries(notificationTexts(kind, language, params)).flatMap(([part, text]) =>
        // A mail's details are paragraphs of their own.
        (Array.isArray(text) ? text : [text]).map((paragraph, i) => ({
          where: 'server notification texts',
          key: Array.isArray(text) ? `${kind}[${v}].${part}[${i}]` : `${kind}[${v}].${part}`,
          text: paragraph,
        })),
      ),
    ),
  );
}

/** What the assistants' list says of each (their names are product names, the same in both languages). */
function assistantTexts(language: Language): Text[] {
  return ASSISTANTS.map((a) => ({ where: 'server assistants', key: `${a.slug}.description`, text: a.description[language] }));
}

/** What the compliance reports print (their headings, columns, summary and file names). */
function reportTexts(language: Language): Text[] {
  return [
    ...Object.entries(STATUS_WORDS).map(([key, words]) => ({ where: 'compliance report status', key, text: words[language] })),
    ...Object.entries(REPORT_TEXTS).map(([key, words]) => ({ where: 'compliance report texts', key, text: words[language] })),
  ];
}

/** What a course exported as a SCORM package says (its {marks} are filled in by the package's script). */
function packageTexts(language: Language): Text[] {
  return Object.entries(PACKAGE_WORDING[language]).map(([key, text]) => ({
    where: 'SCORM package wording',
    key,
    text: text.replace(/\{\w+\}/g, 'x'),
  }));
}

const sources = {
  locales: localeTexts,
  messages: messageTexts,
  mails: mailTexts,
  certificate: certificateTexts,
  notifications: notificationKindTexts,
  assistants: assistantTexts,
  reports: reportTexts,
  package: packageTexts,
};
const textsOf = (language: Language): Text[] => Object.values(sources).flatMap((source) => source(language));

/**
 * What a reader reads, without what the check must not judge: a {{value}} becomes the neutral word
 * "x", tags go (their text stays), and addresses, links' targets and `code` become "x" too, since
 * www.firma.dk or navn@firma.dk are examples of an address, not words.
 */
function readable(text: string): string {
  return text
    .replace(/\{\{[^}]*\}\}/g, 'x')
    .replace(/<\/?[\w-]+>/g, '')
    .replace(/\]\([^)]*\)/g, ']')
    .replace(/`[^`]*`/g, 'x')
    .replace(/\bhttps?:\/\/\S+|\bwww\.\S+|[\w.+-]+@[\w-]+\.[\w.-]+/g, 'x');
}

const LETTER = '\\p{L}\\p{N}';
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A glossary entry as a pattern: a whole word (or phrase) in any case, * standing for any letters. */
function wordPattern(entry: string): RegExp {
  const body = escape(entry).replace(/\\\*/g, `[${LETTER}]*`);
  return new RegExp(`(?<![${LETTER}])${body}(?![${LETTER}])`, 'giu');
}

/**
 * The forbidden variants a text uses. A variant found inside a longer use of the chosen word does
 * not count: Danish "e-mail" holds "mail", which on its own is a variant.
 */
function variantsIn(text: string, term: Term): string[] {
  const chosen = [...text.matchAll(wordPattern(`${term.use}*`))].map((m) => [m.index, m.index + m[0].length] as const);
  return term.not.flatMap((entry) =>
    [...text.matchAll(wordPattern(entry))]
      .filter((m) => {
        const [start, end] = [m.index, m.index + m[0].length];
        return !chosen.some(([from, to]) => from <= start && end <= to && to - from > end - start);
      })
      .map((m) => m[0]),
  );
}

/** The allowed names, longest first (so "Google Sheets" goes before "Google"), each also in the genitive (Kursas). */
const names = [...glossary.daCapitalised]
  .sort((a, b) => b.length - a.length)
  .map((name) => new RegExp(`(?<![${LETTER}])${escape(name)}s?(?![${LETTER}])`, 'gu'));

/**
 * May this capitalised word stand where it stands in a Danish text? Yes at a sentence's start (the
 * text's start, after . ! ? : · or a new line), at the start of a quoted name or a link's text (a
 * button or a page named as it is written: »Husk mig«, [Opret virksomhedskonto]), after → in a path
 * through menus, and for what looks like a name: a single letter (the pronoun I, a key), a word in
 * capitals (CVR), or with a digit or a capital inside (Ed25519, PowerPoint). Joined words are judged
 * by their first part (CVR-nummer, Ctrl+K, SameSite=Lax).
 */
function mayBeCapitalised(before: string, word: string): boolean {
  const head = word.split(/[-/+=]/)[0]!;
  if (/^\p{Lu}$/u.test(head) || /^[\p{Lu}\p{N}]{2,}$/u.test(head) || /\p{N}/u.test(head) || /^.+\p{Lu}/u.test(head)) return true;
  if (/["“„»«‘'[]$/.test(before)) return true;
  const context = before.replace(/[ \t]+$/, '');
  return context === '' || /[.!?:·\n→]$/.test(context) || /[.!?:]["“”»«’')\]]$/.test(context);
}

/** The capitalised words after a Danish text's first word that are neither a sentence's start nor a name. */
function titleCaseIn(text: string): string[] {
  const plain = names.reduce((rest, name) => rest.replace(name, 'x'), readable(text));
  const found: string[] = [];
  const words = /[\p{L}\p{N}]+(?:['’\-/+=][\p{L}\p{N}]+)*/gu;
  for (const match of plain.matchAll(words)) {
    const word = match[0];
    if (!/^\p{Lu}/u.test(word)) continue;
    if (!mayBeCapitalised(plain.slice(0, match.index), word)) found.push(word);
  }
  return found;
}

const describeText = ({ where, key, text }: Text) => `${where}: ${key}: "${text}"`;

describe('the glossary', () => {
  it('gives every term a word to use and the variants not to use, in both languages', () => {
    for (const language of languages) {
      expect(Object.keys(glossary[language]).length, language).toBeGreaterThan(5);
      for (const [name, term] of Object.entries(glossary[language])) {
        expect(term.use.trim(), `${language}.${name}.use`).not.toBe('');
        expect(term.not.length, `${language}.${name}.not`).toBeGreaterThan(0);
        // A variant that matched the chosen word would forbid the word itself.
        expect(variantsIn(term.use, term), `${language}.${name}`).toEqual([]);
      }
    }
  });

  it.each(Object.entries(sources))('reads the texts of the %s', (_name, source) => {
    for (const language of languages) expect(source(language).length, language).toBeGreaterThan(0);
  });
});

describe.each(languages)('%s texts', (language) => {
  it('use the chosen word, never a variant', () => {
    const problems = textsOf(language).flatMap((t) =>
      Object.entries(glossary[language]).flatMap(([name, term]) =>
        variantsIn(readable(t.text), term).map((variant) => `${describeText(t)} says "${variant}"; ${name} is "${term.use}"`),
      ),
    );
    expect(problems, `\n${problems.join('\n')}\n`).toEqual([]);
  });
});

describe('da texts', () => {
  it('are in sentence case: capitals only for a sentence’s start and for names', () => {
    const problems = textsOf('da').flatMap((t) => titleCaseIn(t.text).map((word) => `${describeText(t)} capitalises "${word}"`));
    expect(problems, `\n${problems.join('\n')}\n`).toEqual([]);
  });
});

describe('the checks themselves', () => {
  const learner = glossary.da.learner!;
  const email = glossary.da.email!;

  it('find a forbidden word in any case and inflection, but not inside the chosen word', () => {
    expect(variantsIn('Total Studerende', learner)).toEqual(['Studerende']);
    expect(variantsIn('De studerendes resultater', learner)).toEqual(['studerendes']);
    expect(variantsIn('Indtast en gyldig email adresse', email)).toEqual(['email']);
    expect(variantsIn('Denne mail går til virksomhedens e-mailadresse', email)).toEqual(['mail']);
    expect(variantsIn('Din login-e-mail og e-mailen', email)).toEqual([]);
  });

  it('find title case in Danish but let sentences, names, quotes and values be', () => {
    expect(titleCaseIn('CVR Data Hentet')).toEqual(['Data', 'Hentet']);
    expect(titleCaseIn('Password Ændret')).toEqual(['Ændret']);
    expect(titleCaseIn('Kursusbeviset er gyldigt. Det er udstedt af Kursa til {{Name}}.')).toEqual([]);
    expect(titleCaseIn('Vælg »Husk mig« og PDF-filen fra Kursa-kontoen: Færdig')).toEqual([]);
    expect(titleCaseIn('Sendes med <strong>Test</strong> forbindelse')).toEqual(['Test']);
    expect(titleCaseIn('Skriv til navn@Firma.dk eller se https://Kursa.dk/Hjælp')).toEqual([]);
  });
});
