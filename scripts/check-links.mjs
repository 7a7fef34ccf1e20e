// Every relative link in the README and docs/ points at a file that exists (and, with #anchor, at a
// heading in it), so the documentation never sends a reader nowhere. Run by npm run lint.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const files = ['README.md'];
const walk = (dir) => {
  for (const name of readdirSync(path.join(root, dir))) {
    const rel = path.join(dir, name);
    if (statSync(path.join(root, rel)).isDirectory()) walk(rel);
    else if (name.endsWith('.md')) files.push(rel);
  }
};
walk('docs');

// GitHub's anchors: lower case, punctuation dropped, spaces to hyphens.
const slug = (heading) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
const anchors = (file) =>
  new Set(
    readFileSync(file, 'utf8')
      .split('\n')
      .filter((line) => /^#{1,6} /.test(line))
      .map((line) => slug(line.replace(/^#+ /, ''))),
  );

const broken = [];
for (const file of files) {
  const text = readFileSync(path.join(root, file), 'utf8')
    .replace(/```[\s\S]*?```/g, '')
    .replace(/`[^`\n]*`/g, '');
  for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
    if (/^[a-z]+:/i.test(target) || target.startsWith('/')) continue;
    const [pathPart, anchor] = target.split('#');
    const resolved = pathPart ? path.resolve(path.dirname(path.join(root, file)), pathPart) : path.join(root, file);
    if (!existsSync(resolved)) broken.push(`${file}: ${target} (no such file)`);
    else if (anchor && statSync(resolved).isFile() && resolved.endsWith('.md') && !anchors(resolved).has(anchor))
      broken.push(`${file}: ${target} (no such heading)`);
  }
}
if (broken.length > 0) {
  console.error(`Broken links in the docs:\n${broken.map((b) => `  ${b}`).join('\n')}`);
  process.exit(1);
}
console.log(`Docs links: ${files.length} files, every link resolves`);
