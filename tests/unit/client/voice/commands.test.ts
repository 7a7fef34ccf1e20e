import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  matchCommand,
  normaliseTranscript,
  PHRASES,
  VOICE_COMMANDS,
  type VoiceCommand,
} from '../../../../src/client/features/authoring/voice/lib/commands.ts';

// The voice commands: each in English and its Danish counterpart, with the small variations
// people say (case, punctuation, an article, "please", a synonym), and what is none of them.

const ENGLISH: Record<VoiceCommand, string[]> = {
  openCourses: ['open courses', 'Open the courses.', 'please show me all courses', 'go to courses', 'open the course catalogue'],
  goToPricing: ['go to pricing', 'Go to the pricing page!', 'show prices', 'open pricing'],
  startFreeTrial: ['start free trial', 'Start a free trial', 'I want to start my free trial', 'sign up for a free trial'],
  scheduleDemo: ['schedule demo', 'Schedule a demo', 'book a demo please', 'request a demo'],
  contactSales: ['contact sales', 'Contact the sales team', 'talk to sales'],
  getHelp: ['get help', 'I need help', 'open the help page', 'help me'],
  createCourse: ['create course', 'Create a new course', 'make a course', 'new course'],
  showStats: ['show stats', 'Show the statistics', 'show me the stats'],
  toggleTheme: ['toggle theme', 'Switch the theme', 'change theme'],
  darkMode: ['toggle dark mode', 'dark mode', 'Switch to dark theme', 'dark mode please'],
  lightMode: ['toggle light mode', 'light mode', 'switch to the light theme'],
  scrollUp: ['scroll up', 'Scroll up!', 'scroll page up'],
  scrollDown: ['scroll down', 'Scroll down.', 'please scroll down'],
  goToTop: ['go to top', 'Go to the top', 'scroll to the top', 'back to top'],
  stopListening: ['stop listening', 'Stop listening.', 'stop voice control'],
};

const DANISH: Record<VoiceCommand, string[]> = {
  openCourses: ['åbn kurser', 'Åbn kurserne.', 'vis alle kurser', 'gå til kurser', 'åbn kursuskataloget'],
  goToPricing: ['gå til priser', 'Gå til priserne', 'vis priser', 'åbn prissiden'],
  startFreeTrial: ['start gratis prøveperiode', 'Start en gratis prøveperiode', 'prøv gratis', 'jeg vil starte min gratis prøveperiode'],
  scheduleDemo: ['book en demo', 'Book demo', 'bestil en demo', 'planlæg en demo'],
  contactSales: ['kontakt salg', 'Kontakt salgsafdelingen', 'tal med salg'],
  getHelp: ['få hjælp', 'Jeg har brug for hjælp', 'hjælp mig', 'åbn hjælp'],
  createCourse: ['opret kursus', 'Opret et nyt kursus', 'lav et kursus', 'nyt kursus'],
  showStats: ['vis statistik', 'Vis statistikken', 'se statistik'],
  toggleTheme: ['skift tema', 'Skift temaet', 'ændr tema'],
  darkMode: ['mørkt tema', 'Skift til mørkt tema', 'mørk tilstand'],
  lightMode: ['lyst tema', 'Skift til lyst tema', 'lys tilstand'],
  scrollUp: ['rul op', 'Rul op!', 'rul siden op'],
  scrollDown: ['rul ned', 'Rul ned.', 'scroll ned'],
  goToTop: ['gå til toppen', 'Gå helt op til toppen', 'rul til toppen'],
  stopListening: ['stop med at lytte', 'Stop med at lytte.', 'hold op med at lytte', 'stop stemmestyring'],
};

describe('matchCommand', () => {
  it.each(VOICE_COMMANDS.flatMap((command) => ENGLISH[command].map((phrase) => [command, phrase] as const)))(
    'English: %s ← "%s"',
    (command, phrase) => {
      expect(matchCommand(phrase, 'en')).toBe(command);
    },
  );

  it.each(VOICE_COMMANDS.flatMap((command) => DANISH[command].map((phrase) => [command, phrase] as const)))(
    'Danish: %s ← "%s"',
    (command, phrase) => {
      expect(matchCommand(phrase, 'da')).toBe(command);
    },
  );

  it('knows the phrase the tutorial teaches for every command, in both languages', () => {
    for (const command of VOICE_COMMANDS) {
      expect(matchCommand(PHRASES.en[command].say, 'en')).toBe(command);
      expect(matchCommand(PHRASES.da[command].say, 'da')).toBe(command);
    }
  });

  it('understands English while the interface is Danish, and Danish while it is English', () => {
    expect(matchCommand('scroll down', 'da')).toBe('scrollDown');
    expect(matchCommand('gå til priser', 'en')).toBe('goToPricing');
  });

  it('is not fooled by the words inside other words or by unrelated speech', () => {
    for (const phrase of [
      '',
      '   ',
      'hello there',
      'what is the weather like',
      'coursework is due',
      'I like the dark',
      'darkness mode',
      'scrolling',
      'kursusmateriale',
      'hvad koster det',
      'stopur',
      'the top ten courses of the year',
    ]) {
      expect(matchCommand(phrase, 'en'), phrase).toBeNull();
      expect(matchCommand(phrase, 'da'), phrase).toBeNull();
    }
  });

  it('prefers the more specific command', () => {
    expect(matchCommand('switch to dark mode', 'en')).toBe('darkMode');
    expect(matchCommand('scroll up to the top', 'en')).toBe('goToTop');
    expect(matchCommand('help me create a course', 'en')).toBe('createCourse');
    expect(matchCommand('skift til mørkt tema', 'da')).toBe('darkMode');
  });
});

describe('normaliseTranscript', () => {
  it('lowers the case and keeps letters, digits and single spaces', () => {
    expect(normaliseTranscript('  Gå til  Priser!  ')).toBe('gå til priser');
    expect(normaliseTranscript('Scroll-down, please.')).toBe('scroll down please');
    expect(normaliseTranscript('ÅBN KURSER')).toBe('åbn kurser');
  });
});

describe('the spoken replies', () => {
  // The microphone may hear Kursa's own reply after it has finished speaking (the recogniser's
  // final result comes late): a reply that were itself a command would run again, for ever.
  it.each(['en', 'da'] as const)('are none of them a command in %s', (language) => {
    const file = path.resolve(import.meta.dirname, `../../../../src/client/locales/${language}/voice.json`);
    const strings = JSON.parse(readFileSync(file, 'utf8')) as { reply: Record<string, string>; unknownSpoken: string };
    const spoken = [...Object.values(strings.reply), strings.unknownSpoken];
    expect(spoken.length).toBeGreaterThan(10);
    for (const text of spoken) {
      expect(matchCommand(text, 'en'), text).toBeNull();
      expect(matchCommand(text, 'da'), text).toBeNull();
    }
  });
});
