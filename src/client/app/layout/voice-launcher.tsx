import { Suspense, useState } from 'react';
import { micIcon } from '@/components/ui/mic-icon';
import { useTranslation } from '@/lib/use-translation';
import { lazyPage } from '../public-pages';
import { CornerBoundary } from './chat-launcher';

/**
 * The floating voice control, in every page's first-load chunk only as this button: recognition, the
 * commands, the replies, the tutorial and their strings (namespace `voice`) are one chunk fetched
 * on intent (pointer or focus on the button) or the first press, which then renders in its place.
 */
export const { Component: VoiceControl, preload: load } = lazyPage(
  () => import('@/features/authoring/voice/components/voice-control'),
  ['voice'],
);
export const preloadVoice = () => void load().catch(() => undefined);

/** Without speech recognition in the browser, the control is not there at all. */
export const voiceSupported = 'SpeechRecognition' in window || 'webkitSpeechRecognition' in window;

/**
 * Once pressed, the panel stays: listening goes on when a light page hands over to the full app,
 * and from the public site's corner to the workspace's top bar.
 */
export const voicePress = { pressed: false };

export function VoiceLauncher() {
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
      className="pointer-events-auto inline-flex size-14 items-center justify-center rounded-full border border-border bg-card text-foreground shadow-lg hover:bg-muted"
    >
      {micIcon}
    </button>
  );
  return open ? (
    <CornerBoundary onFail={() => setOpen((voicePress.pressed = false))}>
      <Suspense fallback={launcher}>
        <VoiceControl />
      </Suspense>
    </CornerBoundary>
  ) : (
    launcher
  );
}
