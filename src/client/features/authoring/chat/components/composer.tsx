import { useEffect, useRef, type Ref } from 'react';
import SendHorizontal from 'lucide-react/icons/send-horizontal';
import Square from 'lucide-react/icons/square';
import { Button } from '@/components/ui/button';
import { useTranslation } from '@/lib/use-translation';

/** CHAT_LIMITS.messageChars (src/shared/schemas/assistants.ts, whose module brings zod along). */
const MESSAGE_CHARS = 4000;

interface ComposerProps {
  draft: string;
  onDraft: (text: string) => void;
  /** Sends the trimmed text; nothing when it is blank or a reply is pending. */
  onSend: () => void;
  onStop: () => void;
  pending: boolean;
  disabled: boolean;
  textarea: Ref<HTMLTextAreaElement>;
}

/** The message box: Enter sends, Shift+Enter makes a new line; Stop while a reply is written. */
export function Composer({ draft, onDraft, onSend, onStop, pending, disabled, textarea }: ComposerProps) {
  const { t } = useTranslation('chat');
  const form = useRef<HTMLFormElement>(null);
  // Stop goes away when the reply ends: the focus it had goes to the message box, not the page.
  const stopHadFocus = useRef(false);
  useEffect(() => {
    if (pending || !stopHadFocus.current) return;
    stopHadFocus.current = false;
    if (document.activeElement === null || document.activeElement === document.body) form.current?.querySelector('textarea')?.focus();
  }, [pending]);

  return (
    <form
      ref={form}
      className="flex flex-col gap-1 border-t border-border px-3 py-2"
      onSubmit={(event) => {
        event.preventDefault();
        onSend();
      }}
    >
      <label htmlFor="chat-message" className="sr-only">
        {t('message')}
      </label>
      <div className="flex items-end gap-2">
        <textarea
          ref={textarea}
          id="chat-message"
          rows={2}
          maxLength={MESSAGE_CHARS}
          value={draft}
          disabled={disabled}
          placeholder={t('placeholder')}
          aria-describedby="chat-keys"
          onChange={(event) => onDraft(event.target.value)}
          onKeyDown={(event) => {
            if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
            event.preventDefault();
            onSend();
          }}
          className="max-h-32 min-h-11 flex-1 resize-none rounded-lg border border-input bg-background px-3 py-2 text-sm text-foreground placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-ring disabled:opacity-60"
        />
        {pending && (
          <Button
            variant="secondary"
            size="icon"
            aria-label={t('stop')}
            title={t('stop')}
            onFocus={() => (stopHadFocus.current = true)}
            onClick={onStop}
          >
            <Square aria-hidden="true" className="size-4 fill-current" />
          </Button>
        )}
        <Button type="submit" size="icon" aria-label={t('send')} title={t('send')} disabled={disabled || pending || !draft.trim()}>
          <SendHorizontal aria-hidden="true" className="size-4" />
        </Button>
      </div>
      <p id="chat-keys" className="text-xs text-muted-foreground">
        {t('keys')}
      </p>
    </form>
  );
}
