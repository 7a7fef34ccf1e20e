import i18n, { type BackendModule, type ResourceKey } from 'i18next';
import { useEffect } from 'react';
import { LANGUAGES, STORAGE_KEYS, type Language } from '@shared/constants.ts';

/**
 * Translation files are loaded per language and namespace on demand, so the front page only
 * downloads the `common` strings of the language in use; routes that need more (forms, account
 * pages) suspend until their namespace has arrived. They are fetched as JSON files, not imported
 * as JavaScript modules: text is data, parsed by JSON.parse, and stays out of the pages'
 * JavaScript budget (ADR 027). The build puts them under one content-hashed folder
 * (scripts/vite/locale-files.ts).
 */
declare const __LOCALES_BASE__: string;

/**
 * Whether a page of the app has asked for the areas' messages (courses, media, sites, team…): from
 * then on `messages` in any language includes them. The light pages (/login, /register) load only
 * the core ones. Both are fetched as JSON in the language on screen only (the build makes them from
 * src/shared/i18n), and the other language's when the visitor switches to it.
 */
let areasWanted = false;

/** The areas' messages join the `messages` namespace, in every language it is loaded in. */
export async function loadAreaMessages(): Promise<void> {
  areasWanted = true;
  await i18n.loadNamespaces('messages');
  // `messages` may have been loaded with the core alone, before a page asked for the areas.
  await Promise.all(
    LANGUAGES.filter((lang) => i18n.hasResourceBundle(lang, 'messages')).map(async (lang) => {
      i18n.addResourceBundle(lang, 'messages', await namespaceFile(lang, 'messages-areas'), true, true);
    }),
  );
}

/** Each file is fetched once (a failure is forgotten, so the next attempt asks again). */
const namespaceFiles = new Map<string, Promise<ResourceKey>>();

function namespaceFile(lang: Language, namespace: string): Promise<ResourceKey> {
  const key = `${lang}/${namespace}`;
  let file = namespaceFiles.get(key);
  if (!file) {
    file = fetch(`${__LOCALES_BASE__}/${key}.json`).then((response) => {
      if (!response.ok) throw new Error(`${response.status}: translations ${key}`);
      return response.json() as Promise<ResourceKey>;
    });
    file.catch(() => namespaceFiles.delete(key));
    namespaceFiles.set(key, file);
  }
  return file;
}

/**
 * Starts downloading a page's namespaces in the saved language before i18next has started, so
 * they arrive alongside the common strings rather than one round trip after them.
 */
export function prefetchNamespaces(namespaces: readonly string[]): void {
  const lang = currentLanguage();
  for (const namespace of namespaces) namespaceFile(lang, namespace).catch(() => undefined);
}

type Groups = Record<string, Record<string, string>>;

async function loadNamespace(language: string, namespace: string): Promise<ResourceKey> {
  const lang: Language = isLanguage(language) ? language : 'da';
  if (namespace === 'messages' && areasWanted) {
    const [core, areas] = (await Promise.all([namespaceFile(lang, 'messages'), namespaceFile(lang, 'messages-areas')])) as Groups[];
    // A fresh object: i18next keeps what it is given, and the fetched files stay as they came.
    const merged: Groups = {};
    for (const source of [core ?? {}, areas ?? {}]) {
      for (const [group, names] of Object.entries(source)) merged[group] = { ...merged[group], ...names };
    }
    return merged;
  }
  return namespaceFile(lang, namespace);
}

const lazyBackend: BackendModule = {
  type: 'backend',
  callbackApi: true,
  init() {},
  read(language, namespace, callback) {
    loadNamespace(language, namespace).then(
      (data) => callback(null, data),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

function storedLanguage(): Language {
  try {
    const saved = localStorage.getItem(STORAGE_KEYS.language);
    return isLanguage(saved) ? saved : 'da';
  } catch {
    return 'da';
  }
}

/** Before i18next has started (the first requests), the saved choice is the current language. */
export function currentLanguage(): Language {
  return isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : storedLanguage();
}

/** The Intl locale for numbers, dates and money in the current language. */
export function currentLocale(): string {
  return currentLanguage() === 'da' ? 'da-DK' : 'en';
}

export async function changeLanguage(language: Language): Promise<void> {
  await i18n.changeLanguage(language);
  try {
    localStorage.setItem(STORAGE_KEYS.language, language);
  } catch {
    // Private browsing may refuse storage; the choice then lasts for this visit only.
  }
}

i18n.on('languageChanged', (language) => {
  document.documentElement.lang = isLanguage(language) ? language : 'da';
});

let initialised: Promise<unknown> | undefined;

/** Starts i18next once; later callers get the same promise (route preloads wait on it). */
export function initI18n(): Promise<unknown> {
  // i18next starts loading on a later task; the common strings are asked for now, first.
  if (!initialised) namespaceFile(storedLanguage(), 'common').catch(() => undefined);
  return (initialised ??= i18n.use(lazyBackend).init({
    lng: storedLanguage(),
    fallbackLng: false,
    supportedLngs: [...LANGUAGES],
    ns: ['common'],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
  }));
}

/**
 * Sets the document title and description for the page on screen. Both are translated by the
 * caller (pages without a description of their own get the site's), so they follow a language
 * switch. It lives here, in the first file every page loads, because each public page uses it and
 * a file of its own cost each of them 0.26 KB of their 100 KB.
 */
export function usePageMeta(title: string, description?: string): void {
  const text = description ?? i18n.t('home.metaDescription');
  useEffect(() => {
    document.title = `${title} · Kursa`;
    document.querySelector('meta[name="description"]')?.setAttribute('content', text);
  }, [title, text]);
}

export { i18n };
