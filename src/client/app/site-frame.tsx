import type { ReactNode } from 'react';
import { ChatLauncher } from './layout/chat-launcher';
import { SiteFooter } from './layout/site-footer';
import { SiteHeader } from './layout/site-header';
import { VoiceLauncher } from './layout/voice-launcher';
import { ErrorBoundary } from './error-boundary';

/**
 * The page around the content: fixed navigation, <main>, footer, and the voice control and the
 * chat widget in the corner. Both shells render it, so a public page looks the same whether the light shell or the
 * full app is showing it.
 */
export function SiteFrame({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <SiteHeader />
      <main id="main" tabIndex={-1} className="min-h-dvh flex-1 pt-16 outline-none">
        <ErrorBoundary>{children}</ErrorBoundary>
      </main>
      <SiteFooter />
      {/* The voice control and the chat widget, stacked in the bottom right corner. */}
      <div className="pointer-events-none fixed right-4 bottom-4 z-40 flex flex-col items-end gap-3 print:hidden">
        <VoiceLauncher />
        <ChatLauncher />
      </div>
    </div>
  );
}
