import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { APP_ROUTE_PATTERNS, ASSISTANTS_PAGE_PATH, CREATOR_PAGE_PATH, normalisePath } from '../../shared/routes.ts';
import { WORKSPACE_SECTIONS, workspaceSectionPath } from '../../shared/workspace-routes.ts';

/** What Vite's manifest (build.manifest) says of one chunk: its file and the chunks it imports statically. */
interface ManifestChunk {
  file: string;
  imports?: string[];
}

/** The workspace's sidebar, loaded on its own (src/client/app/workspace/workspace-frame.tsx). */
export const SIDEBAR_MODULE = 'src/client/app/workspace/workspace-sidebar.tsx';

/**
 * The pages behind the login, each with the route module the client's route table loads for it
 * (src/client/app/route-table.tsx), and whether it shows the workspace's sidebar (the builder and
 * the player keep it in a drawer). `tests/api/page-preloads.test.ts` checks the two agree.
 */
export const LOGGED_IN_PAGES: { matches: (pathname: string) => boolean; module: string; sidebar?: false }[] = [
  {
    matches: (p) => p === '/dashboard' || WORKSPACE_SECTIONS.some((section) => p === workspaceSectionPath(section)),
    module: 'src/client/routes/dashboard.tsx',
  },
  { matches: (p) => p === '/certificates', module: 'src/client/routes/certificates.tsx' },
  { matches: (p) => p === '/compliance', module: 'src/client/routes/compliance.tsx' },
  { matches: (p) => p === '/paths', module: 'src/client/routes/paths.tsx' },
  { matches: (p) => p === '/audit-log', module: 'src/client/routes/audit-log.tsx' },
  { matches: (p) => APP_ROUTE_PATTERNS.compliancePerson.test(p), module: 'src/client/routes/compliance-person.tsx' },
  { matches: (p) => APP_ROUTE_PATTERNS.complianceCourse.test(p), module: 'src/client/routes/compliance-course.tsx' },
  { matches: (p) => p === '/profile', module: 'src/client/routes/profile.tsx' },
  { matches: (p) => p === '/learn', module: 'src/client/routes/learn.tsx' },
  { matches: (p) => p === '/billing', module: 'src/client/routes/billing.tsx' },
  { matches: (p) => p === '/notifications', module: 'src/client/routes/notifications.tsx' },
  { matches: (p) => p === CREATOR_PAGE_PATH, module: 'src/client/routes/workspace-creator.tsx' },
  { matches: (p) => p === ASSISTANTS_PAGE_PATH, module: 'src/client/routes/workspace-assistants.tsx' },
  { matches: (p) => APP_ROUTE_PATTERNS.courseBuilder.test(p), module: 'src/client/routes/course-builder.tsx', sidebar: false },
  { matches: (p) => APP_ROUTE_PATTERNS.player.test(p), module: 'src/client/routes/player.tsx', sidebar: false },
];

/**
 * The code of a logged-in page, announced in the page's own HTML as `<link rel="modulepreload">`.
 * Without it the client asks for the page's chunks when its router starts, through Vite's preload
 * helper, which adds one link element per chunk to the document; the browser starts each fetch
 * inside that call, about 1.4 ms a link at 4× CPU slowdown, 30 links for the builder, all in one
 * long task. Announced by the HTML, the browser's preload scanner starts them while the page is
 * still being parsed, and the helper finds them there and adds no link of its own for them (only
 * one for the entry, which the page loads with a script element)
 * (docs/decisions/041-logged-in-pages-announce-their-code.md).
 */
export class PagePreloads {
  private constructor(private readonly pagesByModule: Map<string, string>) {}

  /**
   * Reads the build's manifest and makes each logged-in page's HTML once; without a manifest (a
   * build without the client, the dev server) no page gets any.
   */
  static read(clientDir: string, indexHtml: string): PagePreloads {
    const file = path.join(clientDir, '.vite', 'manifest.json');
    const pages = new Map<string, string>();
    if (!existsSync(file)) return new PagePreloads(pages);
    const manifest = JSON.parse(readFileSync(file, 'utf8')) as Record<string, ManifestChunk>;
    // What index.html's entry loads with itself is there before any page's code is asked for.
    const loaded = closure(manifest, 'index.html', new Set());
    if (!manifest[SIDEBAR_MODULE]) throw new Error(`the client build has no chunk for ${SIDEBAR_MODULE}`);
    for (const { module, sidebar } of LOGGED_IN_PAGES) {
      if (!manifest[module]) throw new Error(`the client build has no chunk for ${module}: the route table and LOGGED_IN_PAGES disagree`);
      const needed = closure(manifest, module, new Set());
      if (sidebar !== false) closure(manifest, SIDEBAR_MODULE, needed);
      const links = [...needed]
        .filter((key) => !loaded.has(key) && manifest[key]!.file.endsWith('.js'))
        .map((key) => `<link rel="modulepreload" crossorigin href="/${manifest[key]!.file}" />`);
      pages.set(
        module,
        indexHtml.replace('</head>', () => `${links.join('')}</head>`),
      );
    }
    return new PagePreloads(pages);
  }

  /** index.html with the code of the logged-in page at `pathname` announced; undefined for any other page. */
  at(pathname: string): string | undefined {
    const path = normalisePath(pathname);
    const page = LOGGED_IN_PAGES.find(({ matches }) => matches(path));
    return page && this.pagesByModule.get(page.module);
  }
}

/** `key` and every chunk it imports statically, added to `into`. */
function closure(manifest: Record<string, ManifestChunk>, key: string, into: Set<string>): Set<string> {
  if (into.has(key) || !manifest[key]) return into;
  into.add(key);
  for (const imported of manifest[key].imports ?? []) closure(manifest, imported, into);
  return into;
}
