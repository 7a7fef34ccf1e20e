import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { ChatLauncher } from './layout/chat-launcher';
import { SiteFooter } from './layout/site-footer';
import { SiteHeader } from './layout/site-header';
import { VoiceLauncher } from './layout/voice-launcher';
import { ErrorBoundary } from './error-boundary';

export interface WorkspaceSlots {
  /** The workspace's top bar and sidebar, in place of the site's header, footer and corner buttons. */
  chrome: ReactNode;
  /** The room <main> leaves for them. */
  inset: string;
}

/**
 * The page around the content: fixed navigation, <main>, footer, and the voice control and the
 * chat widget in the corner. Both shells render it, so a public page looks the same whether the light shell or the
 * full app is showing it. The full app passes the workspace's chrome for the pages of logged-in
 * work; <main> keeps its place in the tree either way, so the page inside is not mounted anew.
 */
export function SiteFrame({ children, workspace }: { children: ReactNode; workspace?: WorkspaceSlots | undefined }) {
  return (
    <div className="flex min-h-dvh flex-col">
      {workspace ? workspace.chrome : <SiteHeader />}
      <main id="main" tabIndex={-1} className={cn('min-h-dvh flex-1 outline-none', workspace ? workspace.inset : 'pt-16')}>
        <ErrorBoundary>{children}</ErrorBoundary>
      </main>
      {!workspace && <SiteFooter />}
      {/* The voice control and the chat widget, stacked in the bottom right corner. */}
      {!workspace && (
        <div className="pointer-events-none fixed right-4 bottom-4 z-40 flex flex-col items-end gap-3 print:hidden">
          <VoiceLauncher />
          <ChatLauncher />
        </div>
      )}
    </div>
  );
}
