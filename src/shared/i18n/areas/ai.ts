import type { Entry } from '../entry.ts';

/**
 * The AI layer and the AI course creator. The toasts were worded in English first, with their
 * Danish counterparts; the rest were written in Danish first, so Danish is their default.
 */
export const aiMessages = {
  'ai.notConfigured': {
    spec: 'da',
    da: 'Opsætning påkrævet: AI er ikke sat op for Kursa endnu. Kontakt den, der driver jeres Kursa-installation.',
    en: 'Setup Required: AI has not been set up for Kursa yet. Please contact whoever runs your Kursa installation.',
  },
  'ai.notConfiguredAdmin': {
    spec: 'da',
    da: 'Opsætning påkrævet: sæt OPENAI_API_KEY, ANTHROPIC_API_KEY eller OPENAI_BASE_URL med AI_MODEL (fx Ollama) på serveren, og genstart Kursa.',
    en: 'Setup Required: set OPENAI_API_KEY, ANTHROPIC_API_KEY, or OPENAI_BASE_URL with AI_MODEL (e.g. Ollama) on the server, and restart Kursa.',
  },
  'ai.noImageModel.not-named': {
    spec: 'da',
    da: 'Der er ingen billedmodel sat op, så AI kan ikke tegne billeder. Kontakt den, der driver jeres Kursa-installation.',
    en: 'No image model has been set up, so AI cannot draw pictures. Please contact whoever runs your Kursa installation.',
  },
  'ai.noImageModel.not-namedAdmin': {
    spec: 'da',
    da: 'Der er ingen billedmodel sat op: sæt AI_IMAGE_MODEL til en billedmodel, som jeres OpenAI-kompatible server har, og genstart Kursa.',
    en: 'No image model has been set up: set AI_IMAGE_MODEL to an image model your OpenAI-compatible server has, and restart Kursa.',
  },
  'ai.noImageModel.provider-has-none': {
    spec: 'da',
    da: 'Den AI-tjeneste, Kursa bruger, kan ikke tegne billeder. Kontakt den, der driver jeres Kursa-installation.',
    en: 'The AI service Kursa uses cannot draw pictures. Please contact whoever runs your Kursa installation.',
  },
  'ai.noImageModel.provider-has-noneAdmin': {
    spec: 'da',
    da: 'Anthropic har ingen billedmodel: sæt OPENAI_API_KEY (med AI_IMAGE_MODEL, hvis ikke gpt-image-1) eller OPENAI_BASE_URL med AI_IMAGE_MODEL for at tegne billeder, og genstart Kursa.',
    en: 'Anthropic has no image model: set OPENAI_API_KEY (with AI_IMAGE_MODEL, unless gpt-image-1) or OPENAI_BASE_URL with AI_IMAGE_MODEL to draw pictures, and restart Kursa.',
  },
  'ai.quotaExceeded': {
    spec: 'da',
    da: 'Virksomheden har brugt månedens AI-kvote ({{quota}} tokens). Den nulstilles den 1. i næste måned.',
    en: "Your company has used this month's AI quota ({{quota}} tokens). It resets on the 1st of next month.",
  },
  'ai.providerUnavailable': {
    spec: 'da',
    da: 'AI-tjenesten svarer ikke lige nu. Prøv igen om lidt.',
    en: 'The AI service is not responding right now. Please try again shortly.',
  },
  'ai.badOutput': {
    spec: 'da',
    da: 'AI-tjenesten gav et svar, der ikke kunne bruges. Prøv igen.',
    en: 'The AI service gave an answer that could not be used. Please try again.',
  },
  'ai.aborted': { spec: 'da', da: 'Forespørgslen blev afbrudt.', en: 'The request was cancelled.' },
  'ai.answersRequired': { spec: 'da', da: 'Besvar mindst ét spørgsmål.', en: 'Answer at least one question.' },
  'ai.industryRequired': {
    spec: 'da',
    da: 'Branche / fagområde skal være mindst 2 tegn',
    en: 'Industry / Subject Area must be at least 2 characters',
  },
  'ai.audienceRequired': { spec: 'da', da: 'Målgruppe skal være mindst 2 tegn', en: 'Target Audience must be at least 2 characters' },
  // The destructive toasts (title, text) and success toasts for the two calls, worded in English first.
  'ai.toast.generationFailed': { spec: 'en', da: 'Generering mislykkedes', en: 'Generation Failed' },
  'ai.toast.conceptFailed': {
    spec: 'en',
    da: 'Kunne ikke generere kursuskoncept. Prøv igen.',
    en: 'Could not generate course concept. Please try again.',
  },
  'ai.toast.analysisFailed': { spec: 'en', da: 'Analyse mislykkedes', en: 'Analysis Failed' },
  'ai.toast.needsFailed': {
    spec: 'en',
    da: 'Kunne ikke analysere dine behov. Prøv igen.',
    en: 'Could not analyse your needs. Please try again.',
  },
  'ai.toast.conceptGenerated': { spec: 'en', da: 'Kursuskoncept genereret!', en: 'Course Concept Generated!' },
  'ai.toast.profileAnalyzed': { spec: 'en', da: 'Instruktørprofil analyseret', en: 'Instructor Profile Analysed' },
  'ai.toast.featuresFound': { spec: 'en', da: 'Fandt {{count}} funktioner at integrere', en: 'Found {{count}} features to integrate' },
} as const satisfies Record<string, Entry>;
