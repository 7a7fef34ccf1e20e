// Whether the production build is missing or older than its sources, so `npm start` knows to build.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..');
const stamp = path.join(root, 'dist', '.build-stamp');
const inputs = ['src', 'index.html', 'public', 'vite.config.ts', 'package-lock.json', 'tsconfig.server.json', 'tsconfig.client.json'];

function newestMtime(p) {
  if (!existsSync(p)) return 0;
  const s = statSync(p);
  if (!s.isDirectory()) return s.mtimeMs;
  return readdirSync(p).reduce((max, name) => Math.max(max, newestMtime(path.join(p, name))), s.mtimeMs);
}

export function buildIsCurrent() {
  if (
    !existsSync(stamp) ||
    !existsSync(path.join(root, 'dist', 'client', 'index.html')) ||
    !existsSync(path.join(root, 'dist', 'server', 'server.js'))
  ) {
    return false;
  }
  const built = statSync(stamp).mtimeMs;
  return inputs.every((i) => newestMtime(path.join(root, i)) <= built);
}
