import type { QueryClient } from '@tanstack/react-query';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { RootLayout } from './root-layout';
import { RouterShell } from './shell/router-shell';
import { ToastsHost } from './toasts-host';

export interface AppProps {
  queryClient: QueryClient;
  /** Set when a light public page started the app by following a link (see shell/boot.ts). */
  animateFirst?: boolean;
}

/** The full single-page app: every route, with React Router and TanStack Query. */
export function App({ queryClient, animateFirst = false }: AppProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <RouterShell>
          <RootLayout animateFirst={animateFirst} />
          <ToastsHost />
        </RouterShell>
      </BrowserRouter>
    </QueryClientProvider>
  );
}
