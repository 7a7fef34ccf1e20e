import type { Entry } from '../entry.ts';

/** SCORM packages (docs/decisions/064-scorm-packages.md). Written in Danish first. */
export const scormMessages = {
  'scorm.notAZip': {
    spec: 'da',
    da: 'Filen er ikke en SCORM-pakke: den kan ikke åbnes som en ZIP-fil.',
    en: 'The file is not a SCORM package: it cannot be opened as a ZIP file.',
  },
  'scorm.noManifest': {
    spec: 'da',
    da: 'Pakken har ingen imsmanifest.xml i sin rod, så den er ikke en SCORM-pakke.',
    en: 'The package has no imsmanifest.xml at its root, so it is not a SCORM package.',
  },
  'scorm.badManifest': {
    spec: 'da',
    da: 'Pakkens imsmanifest.xml kan ikke læses: {{reason}}',
    en: "The package's imsmanifest.xml cannot be read: {{reason}}",
  },
  'scorm.unknownVersion': {
    spec: 'da',
    da: 'Pakken er hverken SCORM 1.2 eller SCORM 2004.',
    en: 'The package is neither SCORM 1.2 nor SCORM 2004.',
  },
  'scorm.unsafePath': {
    spec: 'da',
    da: 'Pakken indeholder en sti, der peger uden for pakken: {{path}}',
    en: 'The package holds a path that points outside it: {{path}}',
  },
  'scorm.tooLarge': {
    spec: 'da',
    da: 'Pakken fylder for meget udpakket: højst {{mb}} MB og {{entries}} filer.',
    en: 'The package is too large unpacked: at most {{mb}} MB and {{entries}} files.',
  },
  'scorm.noSco': {
    spec: 'da',
    da: 'Pakken har intet indhold, der kan afspilles (ingen SCO).',
    en: 'The package has nothing to play (no SCO).',
  },
  'scorm.launchMissing': {
    spec: 'da',
    da: 'Pakken starter med {{path}}, men filen er ikke i pakken.',
    en: 'The package starts with {{path}}, but the file is not in it.',
  },
  'scorm.packageNotFound': {
    spec: 'da',
    da: 'Lektionen skal pege på en SCORM-pakke i dette kursus.',
    en: 'The lesson must point at a SCORM package of this course.',
  },
  'scorm.importOnly': {
    spec: 'da',
    da: 'En SCORM-lektion laves ved at importere en SCORM-pakke, og den kan ikke skifte type.',
    en: 'A SCORM lesson is made by importing a SCORM package, and it cannot change kind.',
  },
  'scorm.noPreview': {
    spec: 'da',
    da: 'En SCORM-lektion kan ikke være en gratis forhåndsvisning: pakken er kun for tilmeldte.',
    en: 'A SCORM lesson cannot be a free preview: the package is for enrolled learners only.',
  },
  'scorm.fileMissing': { spec: 'da', da: 'Vælg en SCORM-pakke (ZIP-fil).', en: 'Choose a SCORM package (a ZIP file).' },
  'scorm.tooLargePacked': {
    spec: 'da',
    da: 'SCORM-pakken er for stor: højst {{mb}} MB.',
    en: 'The SCORM package is too large: at most {{mb}} MB.',
  },
  'scorm.runTooLarge': {
    spec: 'da',
    da: 'Lektionen forsøgte at gemme mere end {{kb}} KB data.',
    en: 'The lesson tried to save more than {{kb}} KB of data.',
  },
  'scorm.notScorm': { spec: 'da', da: 'Lektionen er ikke en SCORM-lektion.', en: 'The lesson is not a SCORM lesson.' },
} as const satisfies Record<string, Entry>;
