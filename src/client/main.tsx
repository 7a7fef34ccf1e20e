import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { CrashNotice } from './app/error-boundary';
import { isLightPath, preloadLightPage } from './app/public-pages';
import { bootFullApp, preloadFullApp } from './app/shell/boot';
import { LightApp } from './app/shell/light-app';
import { loadSession } from './app/shell/session-store';
import { initI18n } from './lib/i18n';
import './styles.css';

// Zod compiles fast parsers with new Function(), which the CSP forbids (no unsafe-eval); even its
// probe for that is reported as a violation. Set before any form code (and so zod) loads.
(globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig = { jitless: true };

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const root = createRoot(container);

// Public pages, /login and /register boot light (no router, no query cache: the JavaScript
// budgets, ADR 007 and 008); every other address needs the full app, which then downloads at
// once, alongside the translations.
const { pathname } = window.location;
const light = isLightPath(pathname);
// The session check and the page's own code load while the translations do, not after them.
void loadSession();
const pageReady = light ? preloadLightPage(pathname) : undefined;
if (!light) preloadFullApp(pathname);

// The first render waits for the UI language's common strings, so no untranslated key ever shows,
// and on a light page for the page's code too (downloading alongside), so the page shows whole in
// the first paint rather than its placeholder first.
void Promise.all([initI18n(), pageReady]).then(() => {
  if (!light) {
    // A page that cannot get its code (a new deploy, a dropped connection) offers a reload.
    return bootFullApp(root, { animateFirst: false }).catch((error: unknown) => {
      console.error(error);
      root.render(<CrashNotice />);
    });
  }
  root.render(
    <StrictMode>
      <LightApp boot={() => bootFullApp(root, { animateFirst: true })} />
    </StrictMode>,
  );
});
