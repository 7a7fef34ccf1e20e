import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { localeFiles } from './scripts/vite/locale-files.ts';

const apiTarget = process.env.KURSA_API_URL ?? 'http://127.0.0.1:5000';
// The server refuses state-changing requests whose Origin is not its PUBLIC_URL. Through the dev
// proxy the browser sends the dev server's origin, so it is swapped for the one the server expects.
const serverOrigin = process.env.PUBLIC_URL ?? 'http://localhost:5000';

export default defineConfig({
  plugins: [react(), tailwindcss(), localeFiles(fileURLToPath(new URL('./src/client/locales', import.meta.url)))],
  resolve: {
    alias: [
      { find: /^@\//, replacement: `${fileURLToPath(new URL('./src/client', import.meta.url))}/` },
      { find: /^@shared\//, replacement: `${fileURLToPath(new URL('./src/shared', import.meta.url))}/` },
    ],
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': {
        target: apiTarget,
        configure: (proxy) => {
          proxy.on('proxyReq', (proxyReq) => {
            if (proxyReq.getHeader('origin')) proxyReq.setHeader('origin', serverOrigin);
          });
        },
      },
    },
  },
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    // Which chunks each page needs, read by the server to announce a logged-in page's code in its
    // HTML (src/server/http/page-preloads.ts).
    manifest: true,
    target: 'es2022',
    // Browsers without <link rel="modulepreload"> (Safari before 17) still load every chunk, just a
    // little later; the polyfill would cost every visitor of the front page its bytes.
    modulePreload: {
      polyfill: false,
      // The creator's demos (fetched on the first intent to use them) request their own imports
      // when they run: listing their chunks on /course-creator, as Vite does for preloading, cost
      // that public page its budget's bytes; the price is one round trip on intent.
      // The chat widget's panel likewise: its list sat in the first-load chunk of every page (0.15 KB);
      // and the voice control's panel, also fetched from every page; and a course's free preview
      // page, a page few visits open first, whose list pushed the front page past its budget.
      // The workspace's creator and assistants pages too: their lists sat in the full app's chunk,
      // which every logged-in page loads (about 0.2 KB, the builder's last bytes under 150 KB); a
      // direct load has them announced in its HTML (ADR 041), a move from the sidebar waits one
      // round trip more. The SCORM lesson's view, runtimes and builder form likewise (their lists
      // took the builder past 150 KB): a SCORM lesson waits one round trip more as it opens.
      resolveDependencies: (filename, deps) =>
        [
          'creator-demos',
          'chat-panel',
          'voice-control',
          'course-preview',
          'workspace-creator',
          'workspace-assistants',
          // The notifications page and the unsubscribe page (a direct load has them announced in its
          // HTML), the mails kept without SMTP, and the top bar's bell list and account menu (fetched
          // on intent): their lists sat in the first-load chunks, the builder's last bytes.
          'notifications',
          'unsubscribe',
          'dev-mail',
          'bell-panel',
          'user-menu-panel',
          // The legal documents (terms, privacy, GDPR, the data processing agreement, the
          // sub-processors, about): pages few visits open first; their list was the front page's last bytes.
          'documents',
          'scorm',
        ].some((name) => filename.includes(name))
          ? []
          : deps,
    },
    rolldownOptions: {
      output: {
        // A page's own chunk keeps its name; a shared chunk is named by its hash alone. The first-load
        // chunk lists each page's shared chunks (to preload them with the page), and their names
        // were a good part of its bytes.
        chunkFileNames: (chunk) => (chunk.isDynamicEntry ? 'assets/[name]-[hash:7].js' : 'assets/[hash:7].js'),
        codeSplitting: {
          groups: [
            // The front page's own code in one file: fewer requests, and it compresses as a whole.
            { name: 'app', tags: ['$initial'], priority: 4 },
            // The full app (router, route table) in one file, fetched on the first navigation.
            { name: 'full-app', test: /src[\\/]client[\\/]app[\\/]shell[\\/]full-app\.tsx$/, priority: 1 },
            // The query cache on its own: the full app needs it, and so does the CVR look-up on the
            // light /register page (ADR 008), which must not download the router with it.
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/, priority: 2 },
            // The public pages' small shared pieces (hero, cards, container, call to action) in one
            // file instead of six, each with its own request, imports and gzip framing: 0.6–0.8 KB
            // less on /, /course-creator and the info pages, the room the chat widget's launcher takes.
            {
              name: 'page-kit',
              test: /src[\\/]client[\\/](components[\\/]ui[\\/](stage-item|card|container|page-hero|start-cta)\.tsx|lib[\\/]use-fetched\.ts)$/,
              priority: 2,
            },
            // The four icons of a course's public page (shared with the builder, the player and
            // /resources) in one file rather than four: 0.5 KB less on /courses/:slug.
            // The plans (constants and cards) for the landing page, /pricing and /billing in one file.
            {
              name: 'plans',
              test: /src[\\/](shared[\\/]plans\.ts|client[\\/]features[\\/]site[\\/]marketing[\\/](plans[\\/]|components[\\/]closing-cta\.tsx))/,
              priority: 2,
            },
            // The landing page's icons (feature cards, the builder preview, the plan cards) in one
            // file rather than nine, each with its own request and import framing.
            {
              name: 'landing-icons',
              test: /lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/](award|bot|globe|layout-list|wand-sparkles|badge-check)\.mjs$/,
              priority: 2,
            },
            // The pieces the public forms use (/contact, /forgot-password, /login, /register, a reset
            // link): one file instead of four, each a request the page waits for. The input stays
            // apart: /help and the catalogue's search use it without a form.
            {
              name: 'form-kit',
              test: /src[\\/]client[\\/](components[\\/]ui[\\/](field|spinner)\.tsx|lib[\\/](public-forms[\\/](failure|use-public-form)|form-errors)\.ts)$/,
              priority: 2,
            },
            { name: 'input', test: /src[\\/]client[\\/]components[\\/]ui[\\/]input\.tsx$/, priority: 2 },
            // The Radix pieces every Radix component builds on (the button's slot, presence, context,
            // controlled state): in the hook-form group below, taken in with the checkbox, they made
            // every page with a dialog, a tab or a button download react-hook-form (21 KB).
            {
              name: 'radix',
              test: /node_modules[\\/]@radix-ui[\\/](primitive|react-(compose-refs|context|presence|primitive|slot|use-controllable-state|use-effect-event|use-layout-effect|use-size))[\\/]/,
              priority: 3,
            },
            // The check mark alone: the plan cards and the checkbox both draw it, and in either's
            // group it made the other's pages download that group (the builder's AI panel fetched the
            // front page's plan cards for its checkbox).
            { name: 'check-icon', test: /lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]check\.mjs$/, priority: 3 },
            // The cap likewise: the workspace's sidebar (in the full app) and /ai-assistant both draw
            // it, and in the full app's group it made that public page download the whole app.
            { name: 'cap-icon', test: /lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]graduation-cap\.mjs$/, priority: 3 },
            // The checkbox on its own, for the player's review, the builder and the dashboard's
            // assignments, which have no form of react-hook-form's.
            { name: 'checkbox', test: /src[\\/]client[\\/]components[\\/]ui[\\/]checkbox\.tsx$/, priority: 1 },
            // react-hook-form and the resolver the login, registration and account forms validate with:
            // one file instead of several (on /register, Lighthouse's FCP waited on the queue of small
            // requests).
            {
              name: 'hook-form',
              // The server's messages (lib/form-errors) are in the form kit instead: /billing uses them,
              // and downloaded all of react-hook-form (21 KB) with them.
              test: /(node_modules[\\/]react-hook-form[\\/]|src[\\/]client[\\/]lib[\\/]lazy-resolver\.ts$)/,
              priority: 2,
            },
            // The fields the forms are made of (text, long text, password) without react-hook-form, which
            // they only take types from: the profile shows its values in them before anyone edits, and
            // downloads the form library on Edit. After the groups above, so it takes no input or
            // form kit of theirs with it.
            {
              name: 'fields',
              test: /(lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]eye(-off)?\.mjs$|src[\\/]client[\\/]components[\\/]ui[\\/](text-fields|password-field|password-input)\.tsx$)/,
              priority: 1,
            },
            // The workspace's own icons, drawn by no public page: one file rather than a dozen of
            // 0.2 KB, each a request with its gzip framing and its import list. Apart, they put the
            // dashboard and the builder past their 150 KB (docs/benchmarks.md). An icon a public
            // page draws stays out of it.
            {
              name: 'workspace-icons',
              test: /lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/](route|rotate-ccw-clock|credit-card|lock|circle-exclamation-point|sparkles?|plus|star|upload|clipboard-check|chart-line|circle|trash|arrow-(?:up|down))\.mjs$/,
              priority: 2,
            },
            {
              name: 'course-icons',
              test: /lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/](file-text|circle-play|download|list-checks)\.mjs$/,
              priority: 2,
            },
          ],
        },
      },
    },
  },
});
