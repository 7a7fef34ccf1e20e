import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin, ViteDevServer } from 'vite';
import { areaMessages } from '../../src/shared/i18n/areas/index.ts';
import { coreMessages } from '../../src/shared/i18n/core-messages.ts';
import type { Entry } from '../../src/shared/i18n/entry.ts';

const LANGUAGES = ['da', 'en'] as const;
type Language = (typeof LANGUAGES)[number];

/**
 * The server's messages in one language, as the client reads them: 'register.companyName' →
 * { register: { companyName } }, since i18next reads dots as nesting.
 */
function nestMessages(catalogue: Record<string, Entry>, language: Language): Record<string, Record<string, string>> {
  const out: Record<string, Record<string, string>> = {};
  for (const [key, entry] of Object.entries(catalogue)) {
    const [group = '', name = ''] = key.split('.');
    (out[group] ??= {})[name] = entry[language];
  }
  return out;
}

/**
 * The server's messages are TypeScript (the server and its tests use them as they are); the client
 * gets them as two files per language like any namespace: `messages` (the core every page may need)
 * and `messages-areas` (courses, team, learning…, for the app's pages).
 */
function messageFiles(core: Record<string, Entry>, areas: Record<string, Entry>): { name: string; json: string }[] {
  return LANGUAGES.flatMap((lang) => [
    { name: `${lang}/messages.json`, json: JSON.stringify(nestMessages(core, lang)) },
    { name: `${lang}/messages-areas.json`, json: JSON.stringify(nestMessages(areas, lang)) },
  ]);
}

/** In development the message files are made from the modules as they are now, so an edit shows on reload. */
function serveMessageFiles(server: ViteDevServer, base: string): void {
  server.middlewares.use((request, response, next) => {
    const match = /^\/(da|en)\/(messages|messages-areas)\.json$/.exec(request.url?.startsWith(base) ? request.url.slice(base.length) : '');
    if (!match) return next();
    Promise.all([server.ssrLoadModule('/src/shared/i18n/core-messages.ts'), server.ssrLoadModule('/src/shared/i18n/areas/index.ts')]).then(
      ([core, areas]) => {
        const files = messageFiles(core.coreMessages as Record<string, Entry>, areas.areaMessages as Record<string, Entry>);
        response.setHeader('content-type', 'application/json');
        response.end(files.find((file) => file.name === `${match[1]}/${match[2]}.json`)?.json);
      },
      (error: unknown) => next(error),
    );
  });
}

/**
 * Translation files as data (ADR 027): the build writes every src/client/locales/{lang}/{ns}.json,
 * minified, to assets/locales/{hash of them all}/{lang}/{ns}.json, and the client fetches
 * `${__LOCALES_BASE__}/${lang}/${ns}.json`. One content hash for the whole set keeps the address
 * immutable (cached for a year like every asset) without a map of per-file addresses in the
 * first-load JavaScript. In development the files are fetched where they are.
 */
export function localeFiles(localesDir: string): Plugin {
  const files = [
    // Only the languages' folders: the folder also holds glossary.json, the words each language
    // uses (checked by tests/unit/glossary.test.ts), which the client never asks for.
    ...LANGUAGES.flatMap((lang) =>
      readdirSync(path.join(localesDir, lang))
        .filter((name) => name.endsWith('.json'))
        .map((name) => ({
          name: `${lang}/${name}`,
          json: JSON.stringify(JSON.parse(readFileSync(path.join(localesDir, lang, name), 'utf8'))),
        })),
    ),
    ...messageFiles(coreMessages, areaMessages),
  ];
  const hash = createHash('sha256');
  for (const file of files) hash.update(file.name).update('\0').update(file.json).update('\0');
  const buildBase = `/assets/locales/${hash.digest('hex').slice(0, 10)}`;
  const devBase = '/src/client/locales';
  return {
    name: 'kursa-locale-files',
    config: (_config, { command }) => ({
      define: { __LOCALES_BASE__: JSON.stringify(command === 'build' ? buildBase : devBase) },
    }),
    configureServer: (server) => serveMessageFiles(server, devBase),
    generateBundle() {
      for (const file of files) this.emitFile({ type: 'asset', fileName: `${buildBase.slice(1)}/${file.name}`, source: file.json });
    },
  };
}
