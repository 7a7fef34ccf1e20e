import { Component, Suspense, useEffect, useRef, type ReactNode } from 'react';
import MessageCircle from 'lucide-react/icons/message-circle';
import { closeChat, openChat, useChatLaunch } from '@/lib/chat-launch';
import { useTranslation } from '@/lib/use-translation';
import { lazyPage } from '../public-pages';

/**
 * The panel, its strings and its markdown come together on the first open (or on intent: the
 * pointer or the focus on the button), never with the page: public pages have 100 KB of JavaScript
 * (ADR 007). vite.config.ts lists none of its imports for preloading here, for the same reason.
 */
export const { Component: ChatPanel, preload: loadPanel } = lazyPage(
  () => import('@/features/authoring/chat/components/chat-panel'),
  ['chat'],
);
export const preloadChatPanel = () => void loadPanel().catch(() => undefined);

/**
 * A corner panel that fails (its code not downloading, a bug) closes, leaving its button, rather
 * than taking the page down. The voice control's panel uses it too.
 */
export class CornerBoundary extends Component<{ children: ReactNode; onFail: () => void }, { failed?: boolean }> {
  override state: { failed?: boolean } = {};
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch() {
    this.props.onFail();
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/**
 * The chat widget at the bottom right of every page, in both shells: a round button when
 * closed, the panel when open. It sits at the foot of the corner's column (SiteFrame), below the
 * voice control, so the two stack rather than overlap.
 */
export function ChatLauncher() {
  const { t } = useTranslation();
  const { open } = useChatLaunch();
  const button = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(open);

  // Closing gives the focus back to the button that opened the panel.
  useEffect(() => {
    if (wasOpen.current && !open) button.current?.focus();
    wasOpen.current = open;
  }, [open]);

  // While the panel's code downloads, the button stays (busy).
  const launcher = (
    <button
      ref={button}
      type="button"
      aria-label={t('chat.open')}
      onClick={() => openChat()}
      onPointerEnter={preloadChatPanel}
      onFocus={preloadChatPanel}
      className="pointer-events-auto inline-flex size-14 items-center justify-center rounded-full bg-primary text-primary-foreground shadow-lg hover:bg-primary-hover"
    >
      <MessageCircle aria-hidden="true" className="size-6" />
    </button>
  );
  return open ? (
    <CornerBoundary onFail={closeChat}>
      <Suspense fallback={launcher}>
        <ChatPanel />
      </Suspense>
    </CornerBoundary>
  ) : (
    launcher
  );
}
