import type { TSsoProvider } from '../../../../shared/sso.ts';
import type { CourseCategory, CourseLevel } from '../../../../shared/schemas/courses.ts';
import type { LessonKind } from '../../../../shared/schemas/lesson-content.ts';

/**
 * The words of the company sites' server-rendered pages, in both languages. Kept on the server
 * (not in the shared message catalogue) so the web app's bundle does not carry them.
 */
export type SiteLanguage = 'da' | 'en';

interface SiteWords {
  skip: string;
  language: string;
  courses: string;
  siteIntro: (company: string) => string;
  siteDescription: (company: string, count: number) => string;
  noCourses: string;
  free: string;
  price: string;
  duration: string;
  level: string;
  instructor: string;
  courseLanguage: string;
  lessonsCount: (n: number) => string;
  outline: string;
  objectives: string;
  benefits: string;
  aiGenerated: string;
  audience: string;
  aboutInstructor: string;
  enroll: string;
  enrollNote: string;
  allCourses: (company: string) => string;
  courseNotFoundTitle: string;
  courseNotFoundText: (company: string) => string;
  siteNotFoundTitle: string;
  siteNotFoundText: string;
  pageNotFoundTitle: string;
  pageNotFoundText: string;
  logIn: string;
  /** The company's people logging in at its identity provider. */
  ssoLogIn: Record<TSsoProvider, string>;
  goToKursa: string;
  poweredBy: string;
  hours: (h: number, m: number) => string;
  minutes: (m: number) => string;
  levels: Record<CourseLevel, string>;
  categories: Record<CourseCategory, string>;
  kinds: Record<LessonKind, string>;
  /** Beside a lesson anyone may open before enrolling. */
  freePreview: string;
  languages: Record<SiteLanguage, string>;
  locale: string;
}

export const SITE_WORDS: Record<SiteLanguage, SiteWords> = {
  da: {
    skip: 'Spring til indhold',
    language: 'Sprog',
    courses: 'Kurser',
    siteIntro: (company) => `Kurser fra ${company}, udgivet på Kursa.`,
    siteDescription: (company, count) => `${company} på Kursa: ${count === 1 ? '1 kursus' : `${count} kurser`}.`,
    noCourses: 'Der er ingen offentlige kurser her endnu.',
    free: 'Gratis',
    price: 'Pris',
    duration: 'Varighed',
    level: 'Niveau',
    instructor: 'Instruktør',
    courseLanguage: 'Sprog',
    lessonsCount: (n) => (n === 1 ? '1 lektion' : `${n} lektioner`),
    outline: 'Indhold',
    objectives: 'Det lærer du',
    benefits: 'Det får du ud af kurset',
    aiGenerated: 'Markedsføringsteksten i dette afsnit er skrevet med AI.',
    audience: 'Til hvem',
    aboutInstructor: 'Om instruktøren',
    enroll: 'Tilmeld dig',
    enrollNote: 'Du tilmelder dig med din Kursa-konto: log ind eller opret en, så kommer du tilbage til kurset.',
    allCourses: (company) => `Alle kurser fra ${company}`,
    courseNotFoundTitle: 'Kurset blev ikke fundet',
    courseNotFoundText: (company) =>
      `Kurset findes ikke hos ${company}, er ikke udgivet, eller er privat. Private kurser ser virksomhedens medlemmer på Kursa, når de er logget ind.`,
    siteNotFoundTitle: 'Siden findes ikke',
    siteNotFoundText: 'Ingen virksomhed har et websted på denne adresse.',
    pageNotFoundTitle: 'Siden findes ikke',
    pageNotFoundText: 'Den side findes ikke på dette websted.',
    logIn: 'Log ind på Kursa',
    ssoLogIn: { entra: 'Log ind med Microsoft', google: 'Log ind med Google', oidc: 'Medarbejderlogin', saml: 'Medarbejderlogin' },
    goToKursa: 'Gå til Kursa',
    poweredBy: 'Drevet af Kursa',
    hours: (h, m) => (m ? `${h} t ${m} min` : `${h} t`),
    minutes: (m) => `${m} min`,
    levels: { beginner: 'Begynder', intermediate: 'Øvet', advanced: 'Avanceret' },
    categories: { business: 'Forretning', technology: 'Teknologi', design: 'Design', leadership: 'Ledelse', analytics: 'Analyse' },
    kinds: { text: 'Tekst', video: 'Video', quiz: 'Quiz', download: 'Download', scorm: 'SCORM' },
    freePreview: 'Gratis forhåndsvisning',
    languages: { da: 'Dansk', en: 'Engelsk' },
    locale: 'da-DK',
  },
  en: {
    skip: 'Skip to content',
    language: 'Language',
    courses: 'Courses',
    siteIntro: (company) => `Courses from ${company}, published on Kursa.`,
    siteDescription: (company, count) => `${company} on Kursa: ${count === 1 ? '1 course' : `${count} courses`}.`,
    noCourses: 'There are no public courses here yet.',
    free: 'Free',
    price: 'Price',
    duration: 'Duration',
    level: 'Level',
    instructor: 'Instructor',
    courseLanguage: 'Language',
    lessonsCount: (n) => (n === 1 ? '1 lesson' : `${n} lessons`),
    outline: 'Course outline',
    objectives: 'What you will learn',
    benefits: 'What the course gives you',
    aiGenerated: 'The marketing text in this section was written with AI.',
    audience: 'Who it is for',
    aboutInstructor: 'About the instructor',
    enroll: 'Enroll',
    enrollNote: 'You enrol with your Kursa account: log in or create one, and you come back to this course.',
    allCourses: (company) => `All courses from ${company}`,
    courseNotFoundTitle: 'Course not found',
    courseNotFoundText: (company) =>
      `This course does not exist at ${company}, is not published, or is private. Members of the company see private courses on Kursa when they are logged in.`,
    siteNotFoundTitle: 'Page not found',
    siteNotFoundText: 'No company has a site at this address.',
    pageNotFoundTitle: 'Page not found',
    pageNotFoundText: 'There is no such page on this site.',
    logIn: 'Log in to Kursa',
    ssoLogIn: { entra: 'Log in with Microsoft', google: 'Log in with Google', oidc: 'Employee login', saml: 'Employee login' },
    goToKursa: 'Go to Kursa',
    poweredBy: 'Powered by Kursa',
    hours: (h, m) => (m ? `${h} h ${m} min` : `${h} h`),
    minutes: (m) => `${m} min`,
    levels: { beginner: 'Beginner', intermediate: 'Intermediate', advanced: 'Advanced' },
    categories: { business: 'Business', technology: 'Technology', design: 'Design', leadership: 'Leadership', analytics: 'Analytics' },
    kinds: { text: 'Text', video: 'Video', quiz: 'Quiz', download: 'Download', scorm: 'SCORM' },
    freePreview: 'Free preview',
    languages: { da: 'Danish', en: 'English' },
    locale: 'en',
  },
};

/** What a white-label site says where the others name Kursa: the company's own words. */
const OWN_WORDS: Record<SiteLanguage, Partial<SiteWords>> = {
  da: {
    siteIntro: (company) => `Kurser fra ${company}.`,
    siteDescription: (company, count) => `${company}: ${count === 1 ? '1 kursus' : `${count} kurser`}.`,
    enrollNote: 'Du tilmelder dig med din konto: log ind eller opret en, så kommer du tilbage til kurset.',
    courseNotFoundText: (company) =>
      `Kurset findes ikke hos ${company}, er ikke udgivet, eller er privat. Private kurser ser virksomhedens medlemmer, når de er logget ind.`,
    logIn: 'Log ind',
  },
  en: {
    siteIntro: (company) => `Courses from ${company}.`,
    siteDescription: (company, count) => `${company}: ${count === 1 ? '1 course' : `${count} courses`}.`,
    enrollNote: 'You enrol with your account: log in or create one, and you come back to this course.',
    courseNotFoundText: (company) =>
      `This course does not exist at ${company}, is not published, or is private. Members of the company see private courses when they are logged in.`,
    logIn: 'Log in',
  },
};

/** The site's words in `lang`; with white label, none of them names Kursa. */
export function siteWords(lang: SiteLanguage, whiteLabel = false): SiteWords {
  return whiteLabel ? { ...SITE_WORDS[lang], ...OWN_WORDS[lang] } : SITE_WORDS[lang];
}

/** The page's language: `?lang=` when given (the pages' own switch), else Accept-Language, else Danish. */
export function siteLanguage(query: string | null, acceptLanguage: string | undefined): SiteLanguage {
  if (query === 'da' || query === 'en') return query;
  for (const part of (acceptLanguage ?? '').split(',')) {
    const tag = part.split(';')[0]?.trim().toLowerCase() ?? '';
    if (tag.startsWith('da')) return 'da';
    if (tag.startsWith('en')) return 'en';
  }
  return 'da';
}

export function formatPrice(lang: SiteLanguage, pricing: string, price: number, currency: string): string {
  if (pricing !== 'paid' || price <= 0) return SITE_WORDS[lang].free;
  return new Intl.NumberFormat(SITE_WORDS[lang].locale, { style: 'currency', currency }).format(price / 100);
}

export function formatDuration(lang: SiteLanguage, minutes: number | null): string | null {
  if (minutes === null || minutes <= 0) return null;
  const words = SITE_WORDS[lang];
  return minutes < 60 ? words.minutes(minutes) : words.hours(Math.floor(minutes / 60), minutes % 60);
}
