import { Suspense, useEffect, useRef, useState } from 'react';
import MessageCircle from 'lucide-react/icons/message-circle';
import { micIcon } from '@/components/ui/mic-icon';
import { closeChat, openChat, useChatLaunch } from '@/lib/chat-launch';
import { useTranslation } from '@/lib/use-translation';
import { ChatPanel, CornerBoundary, preloadChatPanel } from '../layout/chat-launcher';
import { preloadVoice, VoiceControl, voicePress, voiceSupported } from '../layout/voice-launcher';

export const barButton =
  'inline-flex size-10 items-center justify-center rounded-lg text-foreground hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring';

/**
 * The chat in the workspace's top bar: the button stays in the bar (pressed while the panel is
 * open) and the panel opens below it, so nothing floats over the work. Its panel and open state
 * are the public site's corner widget's, so an open conversation stays open across the two.
 */
export function BarChatLauncher() {
  const { t } = useTranslation();
  const { open } = useChatLaunch();
  const button = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(open);

  // Closing gives the focus back to the button that opened the panel.
  useEffect(() => {
    if (wasOpen.current && !open) button.current?.focus();
    wasOpen.current = open;
  }, [open]);

  return (
    <>
      <button
        ref={button}
        type="button"
        aria-label={t('chat.open')}
        aria-expanded={open}
        title={t('chat.open')}
        onClick={() => (open ? closeChat() : openChat())}
        onPointerEnter={preloadChatPanel}
        onFocus={preloadChatPanel}
        className={`${barButton} aria-expanded:bg-accent-soft aria-expanded:text-accent`}
      >
        <MessageCircle aria-hidden="true" className="size-5" />
      </button>
      {open && (
        <div className="fixed top-16 right-2 z-40 sm:right-4 print:hidden">
          <CornerBoundary onFail={closeChat}>
            <Suspense fallback={null}>
              <ChatPanel />
            </Suspense>
          </CornerBoundary>
        </div>
      )}
    </>
  );
}

/** The voice control in the workspace's top bar; once pressed, its panel keeps to the bar too. */
export function BarVoiceLauncher() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(voicePress.pressed);
  if (!voiceSupported) return null;
  const launcher = (
    <button
      type="button"
      aria-label={t('voice.control')}
      aria-pressed="false"
      onClick={() => setOpen((voicePress.pressed = true))}
      onPointerEnter={preloadVoice}
      onFocus={preloadVoice}
      className={barButton}
    >
      {micIcon}
    </button>
  );
  return open ? (
    <CornerBoundary onFail={() => setOpen((voicePress.pressed = false))}>
      <Suspense fallback={launcher}>
        <VoiceControl placement="bar" />
      </Suspense>
    </CornerBoundary>
  ) : (
    launcher
  );
}
