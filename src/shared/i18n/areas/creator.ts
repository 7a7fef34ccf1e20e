import type { Entry } from '../entry.ts';

/**
 * The course creator's saved drafts, templates and generated content. The toasts were worded in
 * English first, with their Danish counterparts; the rest were written in Danish first, so Danish
 * is their default.
 */
export const creatorMessages = {
  'creator.draftNotFound': { spec: 'da', da: 'Kladden findes ikke.', en: 'The draft does not exist.' },
  'creator.unknownFeature': { spec: 'da', da: 'Ukendt funktion.', en: 'Unknown feature.' },
  'creator.conceptChoice': {
    spec: 'da',
    da: 'Det valgte koncept er ikke et af kladdens koncepter.',
    en: 'The chosen concept is not one of the draft’s concepts.',
  },
  'creator.contentHistoryTooLarge': {
    spec: 'da',
    da: 'Historikken over genereret indhold er for stor til kladden.',
    en: 'The history of generated content is too large for the draft.',
  },
  'creator.draftHasNoCourse': {
    spec: 'da',
    da: 'Kladden har endnu intet kursus. Vælg et koncept eller en skabelon først.',
    en: 'The draft has no course yet. Choose a concept or a template first.',
  },
  'creator.courseExists': {
    spec: 'da',
    da: 'Kladden har allerede et kursus. Ret det i kursusbyggeren, eller start en ny kladde.',
    en: 'The draft already has a course. Edit it in the course builder, or start a new draft.',
  },
  'creator.noTemplate': {
    spec: 'da',
    da: 'Kladden har ingen skabelon endnu. Generér en først.',
    en: 'The draft has no template yet. Generate one first.',
  },
  'creator.courseHasOutline': {
    spec: 'da',
    da: 'Kurset har allerede moduler. Vælg at erstatte dem, hvis skabelonen skal bruges i stedet.',
    en: 'The course already has modules. Choose to replace them if the template should be used instead.',
  },
  'creator.courseHasContent': {
    spec: 'da',
    da: 'Kurset kan ikke erstattes: nogle lektioner har indhold eller historik, eller der er tilmeldte kursister. Flyt eller slet dem i kursusbyggeren først.',
    en: 'The outline cannot be replaced: some lessons have content or history, or learners are enrolled. Move or delete them in the course builder first.',
  },
  'creator.subjectRequired': {
    spec: 'da',
    da: 'Angiv mindst en branche eller en titel for kurset.',
    en: 'Give at least an industry or a title for the course.',
  },
  'creator.lessonTitleRequired': { spec: 'da', da: 'Lektionens titel skal udfyldes', en: 'Lesson title is required' },
  'creator.lessonNotWritable': {
    spec: 'da',
    da: 'Indhold kan ikke indsættes i en quiz. Vælg en tekst-, video- eller downloadlektion.',
    en: 'Content cannot be inserted into a quiz. Choose a text, video or download lesson.',
  },
  // The toasts for these calls, worded in English first.
  'creator.toast.contentFailed': {
    spec: 'en',
    da: 'Kunne ikke generere indhold. Prøv igen.',
    en: 'Could not generate content. Please try again.',
  },
  'creator.toast.templateFailed': {
    spec: 'en',
    da: 'Kunne ikke generere skabelon. Prøv igen.',
    en: 'Could not generate template. Please try again.',
  },
  'creator.toast.integrationFailed': { spec: 'en', da: 'Integration mislykkedes', en: 'Integration Failed' },
  'creator.toast.featureFailed': {
    spec: 'en',
    da: 'Kunne ikke integrere {{feature}}. Prøv igen.',
    en: 'Could not integrate {{feature}}. Please try again.',
  },
  'creator.toast.contentGenerated': { spec: 'en', da: 'Indhold genereret!', en: 'Content Generated!' },
  'creator.toast.templateGenerated': { spec: 'en', da: 'Skabelon genereret!', en: 'Template Generated!' },
  'creator.toast.featureIntegrated': { spec: 'en', da: 'Funktion integreret!', en: 'Feature Integrated!' },
} as const satisfies Record<string, Entry>;
