import { stemmer as danishStem } from '@orama/stemmers/danish';
import { stemmer as englishStem } from '@orama/stemmers/english';

/**
 * The words a passage is indexed under and a question is searched with: the same function for
 * both, in the app, so SQLite and PostgreSQL see identical terms (docs/decisions/024).
 *
 * Words are runs of letters and digits (NFC, lower-cased, æ/ø/å kept as letters); words of one
 * character, longer than 40, or on the stop list are dropped; the rest are stemmed by the course's
 * language with Snowball's Danish stemmer or Porter's English one (konflikter → konflik,
 * håndteres → hånd; meetings → meet). The output holds only letters and digits, so it can be
 * quoted into an FTS5 or tsquery expression and never carries syntax from the user's text.
 */

export type RetrievalLanguage = 'da' | 'en';

const WORD = /[\p{L}\p{Nd}]+/gu;
const MAX_WORD = 40;

/**
 * Words that say nothing of a subject, in both languages (questions come in either): Snowball's
 * Danish and English stop lists, the words questions are asked with, and contractions' pieces.
 */
const STOP_WORDS = new Set(
  `
  og i jeg det at en den til er som på de med han af for ikke der var mig sig men et har om vi min havde ham hun nu over da fra du ud sin
  dem os op man hans hvor eller hvad skal selv her alle vil blev kunne ind når være dog noget ville jo deres efter ned skulle denne end
  dette mit også under have dig anden hende mine alt meget sit sine vor mod disse hvis din nogle hos blive mange ad bliver hendes været
  thi jer sådan hvordan hvorfor hvornår hvilken hvilke hvilket hvem kan må bør får få gør gøre gjorde kunne ja nej hej tak lige bare
  hver hvert nogen ingen intet andre andet mere mest lidt mindre meget sig sin sit dine dit jeres vores hans hendes dets deres ville
  forklar forklare fortæl fortælle betyder betyde mener ment
  me my myself we our ours ourselves you your yours yourself yourselves he him his himself she her hers herself it its itself they them
  their theirs themselves what which who whom this that these those am is are was were be been being have has had having do does did
  doing would should could ought a an the and but if or because as until while of at by for with about against between into through
  during before after above below to from up down in out on off over under again further then once here there when where why how all
  any both each few more most other some such no nor not only own same so than too very can will just don now also may might must shall
  hi hello please thanks thank tell explain explained mean means meant ll re ve
  `
    .split(/\s+/)
    .filter(Boolean),
);

const stemmers: Record<RetrievalLanguage, (word: string) => string> = { da: danishStem, en: englishStem };

/** The language whose stemmer a course's passages and questions use (anything else: Danish). */
export function retrievalLanguage(language: string): RetrievalLanguage {
  return language === 'en' ? 'en' : 'da';
}

/** Every indexed term of `text`, in order (repeats kept: they count towards relevance). */
export function textTerms(text: string, language: RetrievalLanguage): string[] {
  const stem = stemmers[language];
  const terms: string[] = [];
  for (const word of text.normalize('NFC').toLowerCase().matchAll(WORD)) {
    const w = word[0];
    if (w.length < 2 || w.length > MAX_WORD || STOP_WORDS.has(w)) continue;
    const term = stem(w);
    if (term.length > 0) terms.push(term);
  }
  return terms;
}

/** The most distinct terms a question is searched with: a pasted page must not make a huge query. */
export const MAX_QUESTION_TERMS = 24;

/** A question's distinct terms, in the order asked, at most MAX_QUESTION_TERMS. */
export function questionTerms(question: string, language: RetrievalLanguage): string[] {
  return [...new Set(textTerms(question.slice(0, 4000), language))].slice(0, MAX_QUESTION_TERMS);
}

/** The single term naming a course in the SQLite index (a UUID's letters and digits). */
export function courseTerm(courseId: string): string {
  return `c${courseId.toLowerCase().replace(/[^a-z0-9]/g, '')}`;
}
