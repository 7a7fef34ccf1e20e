import { useContext, type ReactNode } from 'react';
import { QueryClientContext, QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createQueryClient } from '@/lib/query-client';

let lightClient: QueryClient | undefined;

/** In the full app the app's query client; on the light shell (a direct load of this public page) one of its own. */
export function WithQueryClient({ children }: { children: ReactNode }) {
  const appClient = useContext(QueryClientContext);
  if (appClient) return children;
  lightClient ??= createQueryClient();
  return <QueryClientProvider client={lightClient}>{children}</QueryClientProvider>;
}
