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
const { Component: VoiceControl, preload: load } = lazyPage(() => import('@/features/authoring/voice/components/voice-control'), ['voice']);
const preload = () => void load().catch(() => undefined);

/** Without speech recognition in the browser, the control is not there at all. */
const supported = 'SpeechRecognition' in window || 'webkitSpeechRecognition' in window;

/** Once pressed, the panel stays: listening goes on when a light page hands over to the full app. */
let pressed = false;

export function VoiceLauncher() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(pressed);
  if (!supported) return null;
  const launcher = (
    <button
      type="button"
      aria-label={t('voice.control')}
      aria-pressed="false"
      onClick={() => setOpen((pressed = true))}
      onPointerEnter={preload}
      onFocus={preload}
      className="pointer-events-auto inline-flex size-14 items-center justify-center rounded-full border border-border bg-card text-foreground shadow-lg hover:bg-muted"
    >
      {micIcon}
    </button>
  );
  return open ? (
    <CornerBoundary onFail={() => setOpen((pressed = false))}>
      <Suspense fallback={launcher}>
        <VoiceControl />
      </Suspense>
    </CornerBoundary>
  ) : (
    launcher
  );
}
