import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * Translation files as data (ADR 027): the build writes every src/client/locales/{lang}/{ns}.json,
 * minified, to assets/locales/{hash of them all}/{lang}/{ns}.json, and the client fetches
 * `${__LOCALES_BASE__}/${lang}/${ns}.json`. One content hash for the whole set keeps the address
 * immutable (cached for a year like every asset) without a map of per-file addresses in the
 * first-load JavaScript. In development the files are fetched where they are.
 */
export function localeFiles(localesDir: string): Plugin {
  const files = readdirSync(localesDir).flatMap((lang) =>
    readdirSync(path.join(localesDir, lang))
      .filter((name) => name.endsWith('.json'))
      .map((name) => ({
        name: `${lang}/${name}`,
        json: JSON.stringify(JSON.parse(readFileSync(path.join(localesDir, lang, name), 'utf8'))),
      })),
  );
  const hash = createHash('sha256');
  for (const file of files) hash.update(file.name).update('\0').update(file.json).update('\0');
  const buildBase = `/assets/locales/${hash.digest('hex').slice(0, 10)}`;
  return {
    name: 'kursa-locale-files',
    config: (_config, { command }) => ({
      define: { __LOCALES_BASE__: JSON.stringify(command === 'build' ? buildBase : '/src/client/locales') },
    }),
    generateBundle() {
      for (const file of files) this.emitFile({ type: 'asset', fileName: `${buildBase.slice(1)}/${file.name}`, source: file.json });
    },
  };
}
