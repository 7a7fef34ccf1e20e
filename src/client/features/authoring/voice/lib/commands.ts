import { LANGUAGES, type Language } from '@shared/constants.ts';

/** The voice commands, in the order the tutorial lists them. */
export const VOICE_COMMANDS = [
  'openCourses',
  'goToPricing',
  'startFreeTrial',
  'scheduleDemo',
  'contactSales',
  'getHelp',
  'createCourse',
  'showStats',
  'toggleTheme',
  'darkMode',
  'lightMode',
  'scrollUp',
  'scrollDown',
  'goToTop',
  'stopListening',
] as const;
export type VoiceCommand = (typeof VOICE_COMMANDS)[number];

/**
 * What a visitor may say for each command, per language: the first phrase is the one the tutorial
 * teaches; the rest are the small variations people use (an article, a synonym, "please"). Each is
 * a regular expression over the normalised transcript (lower case, no punctuation, single spaces)
 * and must stand as whole words somewhere in it, so "please go to pricing" and "Gå til priserne."
 * count, while "coursework" does not.
 */
interface Phrases {
  /** The phrase the tutorial shows. */
  say: string;
  patterns: string[];
}

const EN: Record<VoiceCommand, Phrases> = {
  openCourses: {
    say: 'open courses',
    patterns: ['(open|show|go to|take me to|view)( me)?( the| all)? (courses|course catalog(ue)?|catalog(ue)?)'],
  },
  goToPricing: { say: 'go to pricing', patterns: ['(go to|open|show|take me to|view)( me)?( the)? (pricing|prices|price list)( page)?'] },
  startFreeTrial: {
    say: 'start free trial',
    patterns: ['(start|begin|try|get|sign up for)( a| my| the)? free trial', 'start( a| my| the)? trial'],
  },
  scheduleDemo: { say: 'schedule demo', patterns: ['(schedule|book|request|arrange|get)( a| an)? demo'] },
  contactSales: { say: 'contact sales', patterns: ['(contact|call|talk to|email|reach)( the)? sales( team)?'] },
  getHelp: { say: 'get help', patterns: ['(get|need|open|show|go to|find)( some| the)? help( page)?', 'help me'] },
  createCourse: { say: 'create course', patterns: ['(create|make|build|start|add)( a| new| a new)? course', 'new course'] },
  showStats: { say: 'show stats', patterns: ['(show|open|view|go to|see)( me)?( the)? (stats|statistics|figures)'] },
  toggleTheme: { say: 'toggle theme', patterns: ['(toggle|switch|change)( the)? (theme|colou?r scheme)'] },
  darkMode: { say: 'dark mode', patterns: ['dark (mode|theme)'] },
  lightMode: { say: 'light mode', patterns: ['light (mode|theme)'] },
  scrollUp: { say: 'scroll up', patterns: ['scroll( page)? up', 'page up'] },
  scrollDown: { say: 'scroll down', patterns: ['scroll( page)? down', 'page down'] },
  goToTop: { say: 'go to top', patterns: ['(go|scroll|jump|back|get)( back| up)? to( the)? top', 'top of( the)? page'] },
  stopListening: { say: 'stop listening', patterns: ['stop (listening|voice control)', '(turn|switch) off voice control'] },
};

const DA: Record<VoiceCommand, Phrases> = {
  openCourses: {
    say: 'åbn kurser',
    patterns: ['(åbn|vis|gå til|se|tag mig til)( mig)?( alle)? (kurser(ne)?|kursuskatalog(et)?|kataloget)'],
  },
  goToPricing: {
    say: 'gå til priser',
    patterns: ['(gå til|åbn|vis|se|tag mig til)( mig)?( siden med)? (priser(ne)?|prissiden|prisen|prisliste(n)?)'],
  },
  startFreeTrial: {
    say: 'start gratis prøveperiode',
    patterns: [
      '(start(e)?|begynd(e)?|prøv(e)?|få)( en| min| den)? gratis prøveperiode(n)?',
      'start(e)?( en| min| den)? prøveperiode(n)?',
      'prøv (kursa )?gratis',
    ],
  },
  scheduleDemo: { say: 'book en demo', patterns: ['(book|bestil|planlæg|aftal|få)( en)? demo(nstration)?'] },
  contactSales: { say: 'kontakt salg', patterns: ['(kontakt|ring til|tal med|skriv til)( vores| jeres)? salg(et|safdelingen|safdeling)?'] },
  getHelp: { say: 'få hjælp', patterns: ['(få|find|brug for|vis|åbn|gå til)( noget| mig)? hjælp(en|esiden)?', 'hjælp mig'] },
  createCourse: { say: 'opret kursus', patterns: ['(opret|lav|byg|skab|start)( et| nyt| et nyt)? kursus', 'nyt kursus'] },
  showStats: { say: 'vis statistik', patterns: ['(vis|åbn|se|gå til)( mig)? statistik(ken)?', '(vis|se)( mig)? tallene'] },
  toggleTheme: { say: 'skift tema', patterns: ['(skift|ændr|slå om)( på)? (tema(et)?|farvetema(et)?)'] },
  darkMode: { say: 'mørkt tema', patterns: ['mørkt (tema|design)', 'mørk (tilstand|visning)'] },
  lightMode: { say: 'lyst tema', patterns: ['lyst (tema|design)', 'lys (tilstand|visning)'] },
  scrollUp: { say: 'rul op', patterns: ['(rul|scroll)( siden)? op'] },
  scrollDown: { say: 'rul ned', patterns: ['(rul|scroll)( siden)? ned'] },
  goToTop: { say: 'gå til toppen', patterns: ['(gå|rul|hop|scroll|kom)( helt)?( op)? til toppen', 'toppen af siden'] },
  stopListening: {
    say: 'stop med at lytte',
    patterns: ['(stop|hold op|hør op)( med)?( at)? lytte', 'stop stemmestyring(en)?', 'slå stemmestyring(en)? fra'],
  },
};

export const PHRASES: Record<Language, Record<VoiceCommand, Phrases>> = { en: EN, da: DA };

/**
 * The order in which commands are tried: the more specific first, so "scroll up to the top" is
 * "go to top" and "switch to dark mode" is "dark mode", not "toggle theme".
 */
const PRIORITY: VoiceCommand[] = [
  'stopListening',
  'goToTop',
  'scrollUp',
  'scrollDown',
  'darkMode',
  'lightMode',
  'toggleTheme',
  'startFreeTrial',
  'scheduleDemo',
  'contactSales',
  'createCourse',
  'showStats',
  'getHelp',
  'openCourses',
  'goToPricing',
];

// Whole words in any script: a phrase must not start or end inside a word (\b knows only ASCII).
const compile = (source: string) => new RegExp(`(?<![\\p{L}\\p{N}])(?:${source})(?![\\p{L}\\p{N}])`, 'u');
const COMPILED = Object.fromEntries(
  LANGUAGES.map((language) => [
    language,
    PRIORITY.map((command) => ({ command, patterns: PHRASES[language][command].patterns.map(compile) })),
  ]),
) as Record<Language, { command: VoiceCommand; patterns: RegExp[] }[]>;

/** Lower case, letters and digits only, single spaces: "Gå til Priser!" → "gå til priser". */
export function normaliseTranscript(transcript: string): string {
  return transcript
    .normalize('NFC')
    .toLocaleLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * The command a transcript asks for: in the interface language first, then in the other (a Danish
 * visitor may well say "scroll down"), or null when it is none of them.
 */
export function matchCommand(transcript: string, language: Language): VoiceCommand | null {
  const text = normaliseTranscript(transcript);
  if (!text) return null;
  for (const lang of [language, ...LANGUAGES.filter((other) => other !== language)]) {
    for (const { command, patterns } of COMPILED[lang]) {
      if (patterns.some((pattern) => pattern.test(text))) return command;
    }
  }
  return null;
}
