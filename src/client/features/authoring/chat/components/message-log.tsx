import { useLayoutEffect, useRef } from 'react';
import RotateCcw from 'lucide-react/icons/rotate-ccw';
import { Button } from '@/components/ui/button';
import { ShellLink } from '@/lib/shell-context';
import { useTranslation } from '@/lib/use-translation';
import type { ChatItem, Transcript } from '../lib/transcript';
import { isSitePath } from '@shared/site-path.ts';
import { safeChatUrl } from '../lib/safe-url';
import { ChatMarkdown } from './chat-markdown';

interface MessageLogProps {
  transcript: Transcript;
  /** The assistant's name, e.g. Learning Coach. */
  name: string;
  description: string | null;
  /** Counts the conversations shown: each gets a new live region (see ChatState.epoch). */
  epoch: number;
  canRetry: boolean;
  onRetry: () => void;
}

/** Pixels from the end within which the log follows a reply as it grows. */
const FOLLOW_PX = 80;

/**
 * The messages. The finished ones sit in a polite live region (role="log"), so a screen reader
 * reads each reply once, when it is complete (or stopped, or failed); the reply being written is
 * shown below it, outside the region, so its pieces are not read out one by one.
 */
export function MessageLog({ transcript, name, description, epoch, canRetry, onRetry }: MessageLogProps) {
  const { t } = useTranslation('chat');
  const scroller = useRef<HTMLDivElement>(null);
  const follow = useRef(true);
  const items = transcript.items;
  const writing = items.at(-1)?.status === 'streaming' ? items.at(-1)! : null;
  const settled = writing ? items.slice(0, -1) : items;
  const lastReply = items.at(-1)?.role === 'assistant' ? items.at(-1)!.key : null;

  useLayoutEffect(() => {
    const element = scroller.current;
    if (element && follow.current) element.scrollTop = element.scrollHeight;
  });

  return (
    <div
      ref={scroller}
      className="min-h-0 flex-1 overflow-y-auto px-4 py-3"
      onScroll={(event) => {
        const element = event.currentTarget;
        follow.current = element.scrollHeight - element.scrollTop - element.clientHeight < FOLLOW_PX;
      }}
    >
      {items.length === 0 && (
        <div className="flex flex-col gap-1 py-2 text-sm">
          <p className="font-medium">{t('welcome', { name })}</p>
          {description && <p className="text-muted-foreground">{description}</p>}
        </div>
      )}
      <div key={epoch} role="log" aria-live="polite" aria-label={t('log', { name })} data-testid="chat-log">
        <ol className="flex flex-col gap-3">
          {settled.map((item) => (
            <li key={item.key} className="flex flex-col">
              <Message item={item} name={name} retry={canRetry && item.key === lastReply ? onRetry : null} />
            </li>
          ))}
        </ol>
      </div>
      {writing && (
        <div className="mt-3 flex flex-col" data-testid="chat-writing">
          <Message item={writing} name={name} retry={null} />
        </div>
      )}
    </div>
  );
}

function Message({ item, name, retry }: { item: ChatItem; name: string; retry: (() => void) | null }) {
  const { t } = useTranslation('chat');
  if (item.role === 'user') {
    return (
      <div
        className="ml-8 self-end rounded-2xl rounded-br-sm bg-primary px-3 py-2 text-sm whitespace-pre-wrap text-primary-foreground"
        data-testid="chat-user"
      >
        <span className="sr-only">{t('you')}: </span>
        {item.content}
      </div>
    );
  }
  // The server gives the lessons' paths in the app; nothing else is made a link.
  const sources = item.sources.filter((source) => isSitePath(safeChatUrl(source.href) ?? ''));
  return (
    <div
      className="mr-6 flex flex-col gap-2 self-start rounded-2xl rounded-bl-sm bg-muted px-3 py-2 text-sm text-foreground"
      data-testid="chat-reply"
      data-status={item.status}
    >
      <span className="sr-only">{name}: </span>
      {item.status === 'failed' ? (
        <>
          <p>{t('failed')}</p>
          {item.detail && <p className="text-muted-foreground">{item.detail}</p>}
        </>
      ) : item.content ? (
        <ChatMarkdown text={item.content} />
      ) : (
        item.status === 'streaming' && <p className="text-muted-foreground">{t('writing')}</p>
      )}
      {item.status === 'stopped' && <p className="text-xs font-medium text-muted-foreground">{t('stopped')}</p>}
      {sources.length > 0 && (
        <div className="border-t border-border pt-2">
          <p className="text-xs font-semibold text-muted-foreground">{t('sources')}</p>
          <ol className="flex flex-col gap-0.5">
            {sources.map((source) => (
              <li key={source.number}>
                <ShellLink to={source.href} className="text-xs font-medium text-accent underline">
                  [{source.number}] {source.title}
                </ShellLink>
              </li>
            ))}
          </ol>
        </div>
      )}
      {retry && (
        <Button variant="ghost" size="sm" className="-ml-2 self-start" onClick={retry}>
          <RotateCcw aria-hidden="true" className="size-4" />
          {t('retry')}
        </Button>
      )}
    </div>
  );
}
