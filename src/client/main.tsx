import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadRoute } from './app/route-table';
import { meQueryOptions } from './features/auth/api/get-me';
import { initI18n } from './lib/i18n';
import { createQueryClient } from './lib/query-client';
import './styles.css';

// Zod compiles fast parsers with new Function(), which the CSP forbids (no unsafe-eval); even its
// probe for that is reported as a violation. Set before any form code (and so zod) loads.
(globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig = { jitless: true };

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const queryClient = createQueryClient();
// The session check and the page's own code load while the translations do, not after them.
void queryClient.prefetchQuery(meQueryOptions);
preloadRoute(window.location.pathname);

// The first render waits for the UI language's common strings, so no untranslated key ever shows.
void initI18n().then(() => {
  createRoot(container).render(
    <StrictMode>
      <App queryClient={queryClient} />
    </StrictMode>,
  );
});
