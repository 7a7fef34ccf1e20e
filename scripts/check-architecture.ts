/**
 * The architecture's three rules, checked over every import in src/ (docs/architecture.md draws the map):
 *  1. A domain is used from outside only through its public entry, src/server/domains/<domain>/index.ts.
 *  2. Infrastructure (every folder of src/server beside domains/) never imports a domain; the composition
 *     root (app.ts, server.ts, demo/) is what wires domains to infrastructure.
 *  3. No two sibling folders anywhere in src/ import each other, directly or round a longer circle.
 * Type-only imports count: a type is a dependency on the folder that owns it.
 * Exits non-zero and names each offending import, so `npm run lint` fails on a new violation.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const root = path.resolve(import.meta.dirname, '..');
const src = path.join(root, 'src');
const domainsDir = path.join(src, 'server', 'domains');
const compositionRoot = ['server/app.ts', 'server/server.ts', 'server/demo'].map((p) => path.join(src, p));

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return walk(full);
    return /\.(ts|tsx)$/.test(name) && !name.endsWith('.d.ts') ? [full] : [];
  });
}

function resolve(from: string, spec: string): string | undefined {
  // '@/' is the client's alias for src/client (tsconfig.client.json, vite.config.ts).
  let base: string;
  if (spec.startsWith('@/')) base = path.join(src, 'client', spec.slice(2));
  else if (spec.startsWith('@shared/')) base = path.join(src, 'shared', spec.slice(8));
  else if (spec.startsWith('.')) base = path.resolve(path.dirname(from), spec);
  else return undefined;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

export interface Edge {
  from: string;
  to: string;
}

export function importEdges(files: string[]): Edge[] {
  return files.flatMap((file) => {
    const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    return info.importedFiles.flatMap(({ fileName }) => {
      const to = resolve(file, fileName);
      return to ? [{ from: file, to }] : [];
    });
  });
}

const rel = (file: string) => path.relative(src, file);
const inside = (file: string, dir: string) => file === dir || file.startsWith(dir + path.sep);
const domainOf = (file: string) => (inside(file, domainsDir) ? rel(file).split(path.sep)[2] : undefined);

function boundaryViolations(edges: Edge[]): string[] {
  const problems: string[] = [];
  const serverDir = path.join(src, 'server');
  for (const { from, to } of edges) {
    const target = domainOf(to);
    if (!target) continue;
    const source = domainOf(from);
    if (source === target) continue;
    const entry = path.join(domainsDir, target, 'index.ts');
    if (to !== entry) problems.push(`${rel(from)} → ${rel(to)}: outside the ${target} domain, import its index.ts`);
    if (!source && inside(from, serverDir) && !compositionRoot.some((c) => inside(from, c))) {
      problems.push(`${rel(from)} → ${rel(to)}: infrastructure never imports a domain; inject what it needs from app.ts`);
    }
  }
  return problems;
}

/** Tarjan's strongly connected components over a small graph of folder names. */
function cycles(graph: Map<string, Set<string>>): string[][] {
  let index = 0;
  const stack: string[] = [];
  const state = new Map<string, { index: number; low: number; onStack: boolean }>();
  const found: string[][] = [];
  const visit = (node: string) => {
    const s = { index, low: index, onStack: true };
    index += 1;
    state.set(node, s);
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      const t = state.get(next);
      if (!t) {
        visit(next);
        s.low = Math.min(s.low, state.get(next)!.low);
      } else if (t.onStack) s.low = Math.min(s.low, t.index);
    }
    if (s.low === s.index) {
      const component: string[] = [];
      let top: string;
      do {
        top = stack.pop()!;
        state.get(top)!.onStack = false;
        component.push(top);
      } while (top !== node);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!state.has(node)) visit(node);
  return found;
}

function folderCycles(edges: Edge[]): string[] {
  // For every folder, the edges between its child folders: a → b when a file under a imports one under b.
  const byParent = new Map<string, { graph: Map<string, Set<string>>; sample: Map<string, Edge> }>();
  for (const edge of edges) {
    const a = rel(edge.from).split(path.sep);
    const b = rel(edge.to).split(path.sep);
    let depth = 0;
    while (depth < a.length - 1 && depth < b.length - 1 && a[depth] === b[depth]) depth += 1;
    // Both must sit in a child folder of the shared parent, not directly in it.
    if (depth >= a.length - 1 || depth >= b.length - 1) continue;
    const parent = a.slice(0, depth).join('/') || '.';
    const entry = byParent.get(parent) ?? { graph: new Map(), sample: new Map() };
    byParent.set(parent, entry);
    const targets = entry.graph.get(a[depth]) ?? new Set();
    entry.graph.set(a[depth], targets.add(b[depth]));
    entry.sample.set(`${a[depth]}→${b[depth]}`, edge);
  }
  const problems: string[] = [];
  for (const [parent, { graph, sample }] of [...byParent].sort()) {
    for (const component of cycles(graph)) {
      const links = [...sample]
        .filter(([key]) => {
          const [x = '', y = ''] = key.split('→');
          return component.includes(x) && component.includes(y);
        })
        .map(([key, e]) => `    ${key}: ${rel(e.from)} → ${rel(e.to)}`);
      problems.push(`folders in src/${parent === '.' ? '' : parent + '/'} import each other: ${component.join(', ')}\n${links.join('\n')}`);
    }
  }
  return problems;
}

const edges = importEdges(walk(src));
const problems = [...boundaryViolations(edges), ...folderCycles(edges)];
if (problems.length > 0) {
  console.error(`Architecture check: ${problems.length} problem(s)\n${problems.map((p) => `  ${p}`).join('\n')}`);
  process.exit(1);
}
console.log(`Architecture check: ${edges.length} imports, no boundary crossed, no folder cycle`);
