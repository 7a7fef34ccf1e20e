// Writes .br and .gz twins of the built client's text files; the server sends them to browsers
// that accept them (no compression work per request).
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dir = path.resolve(import.meta.dirname, '..', 'dist', 'client');
const TEXT = /\.(js|css|html|svg|json|txt|xml|webmanifest)$/;

function walk(d) {
  // Dot folders (Vite's manifest in .vite) are the server's to read, never sent.
  return readdirSync(d).flatMap((name) => {
    if (name.startsWith('.')) return [];
    const p = path.join(d, name);
    return statSync(p).isDirectory() ? walk(p) : [p];
  });
}

let count = 0;
for (const file of walk(dir).filter((f) => TEXT.test(f))) {
  const data = readFileSync(file);
  if (data.length < 1024) continue;
  writeFileSync(`${file}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
  count++;
}
console.log(`precompressed ${count} files in dist/client`);
