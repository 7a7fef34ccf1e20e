import type { QueryClient } from '@tanstack/react-query';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { RootLayout } from './root-layout';
import { ToastsHost } from './toasts-host';

export function App({ queryClient }: { queryClient: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <RootLayout />
        <ToastsHost />
      </BrowserRouter>
    </QueryClientProvider>
  );
}
