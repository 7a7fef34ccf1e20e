import { useEffect, useRef, useState } from 'react';
import Bot from 'lucide-react/icons/bot';
import Eraser from 'lucide-react/icons/eraser';
import History from 'lucide-react/icons/history';
import Lightbulb from 'lucide-react/icons/lightbulb';
import MessageCircle from 'lucide-react/icons/message-circle';
import X from 'lucide-react/icons/x';
import type { AssistantSlug, TAiService } from '@shared/schemas/assistants.ts';
import { Button } from '@/components/ui/button';
import { closeChat, useChatLaunch } from '@/lib/chat-launch';
import { useCurrentChatPlace } from '@/lib/chat-place';
import { ShellLink, useShell } from '@/lib/shell-context';
import { useTranslation } from '@/lib/use-translation';
import { fetchServices } from '../api/chat';
import { ASSISTANT_NAMES, chat, isAssistantSlug, useChat } from '../lib/chat-store';
import { isPending, retryPlan } from '../lib/transcript';
import { Composer } from './composer';
import { ConversationList } from './conversation-list';
import { MessageLog } from './message-log';

/** The assistants' list of the last user it was fetched for: a reopened panel shows it at once. */
let servicesCache: { userId: string; services: TAiService[] } | null = null;

/**
 * The chat widget's panel, loaded on the first open: the assistant picker,
 * the messages streaming in, the message box, the stored conversations. A non-modal dialog: focus
 * moves in when it opens, Escape closes it (and the launcher gets the focus back).
 */
export default function ChatPanel() {
  const { t } = useTranslation('chat');
  const { session, pathname, search } = useShell();
  const userId = session.user?.id ?? null;
  const state = useChat();
  const launch = useChatLaunch();
  const place = useCurrentChatPlace();
  const [view, setView] = useState<'chat' | 'conversations'>('chat');
  const [services, setServices] = useState<TAiService[] | null>(() =>
    servicesCache && servicesCache.userId === userId ? servicesCache.services : null,
  );
  const [servicesFailed, setServicesFailed] = useState(false);
  const [servicesAttempt, setServicesAttempt] = useState(0);
  const [resumeFailed, setResumeFailed] = useState(false);
  const panel = useRef<HTMLElement>(null);
  const textarea = useRef<HTMLTextAreaElement>(null);

  // The conversation belongs to whoever is signed in; an openAIChat request chooses the assistant.
  useEffect(() => {
    if (session.status !== 'loading') chat.forUser(userId);
  }, [session.status, userId]);
  useEffect(() => chat.request(launch.request), [launch.request]);

  useEffect(() => {
    if (!userId) return;
    const controller = new AbortController();
    fetchServices(controller.signal).then(
      (list) => {
        servicesCache = { userId, services: list };
        setServices(list);
        setServicesFailed(false);
      },
      () => {
        if (!controller.signal.aborted) setServicesFailed(true);
      },
    );
    return () => controller.abort();
  }, [userId, servicesAttempt]);

  // Focus moves in: to the message box, or (a visitor, a disabled box) the first thing to use.
  useEffect(() => {
    const target =
      panel.current?.querySelector<HTMLElement>('textarea:not(:disabled), [data-chat-focus]') ??
      panel.current?.querySelector<HTMLElement>('[data-chat-close]');
    target?.focus();
  }, []);

  const service = services?.find((s) => s.slug === state.service) ?? null;
  const name = service?.name ?? ASSISTANT_NAMES[state.service];
  const unavailable = service && !service.available ? service.unavailableReason : null;
  const pending = isPending(state.transcript);
  const context = place ? { courseId: place.courseId, ...(place.lessonId && { lessonId: place.lessonId }) } : null;
  const signedIn = session.status === 'authenticated';
  const names: Record<string, string> = Object.fromEntries((services ?? []).map((s) => [s.slug, s.name]));

  const focusMessage = () => requestAnimationFrame(() => textarea.current?.focus());

  return (
    <section
      ref={panel}
      role="dialog"
      aria-modal="false"
      aria-labelledby="chat-title"
      data-testid="chat-panel"
      className="pointer-events-auto flex h-[500px] max-h-[calc(100dvh-10.5rem)] w-96 max-w-[calc(100vw-2rem)] flex-col overflow-hidden rounded-2xl border border-border bg-card text-foreground shadow-2xl"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && !event.defaultPrevented) {
          event.preventDefault();
          closeChat();
        }
      }}
    >
      <div className="flex items-center gap-1 border-b border-border py-2 pr-2 pl-4">
        <Bot aria-hidden="true" className="size-5 shrink-0 text-accent" />
        <h2 id="chat-title" className="ml-1 flex-1 truncate font-semibold">
          {t('title')}
        </h2>
        {signedIn && (
          <>
            <Button
              variant="ghost"
              size="icon"
              className="size-9"
              aria-label={view === 'chat' ? t('conversations') : t('backToChat')}
              title={view === 'chat' ? t('conversations') : t('backToChat')}
              onClick={() => setView(view === 'chat' ? 'conversations' : 'chat')}
            >
              {view === 'chat' ? (
                <History aria-hidden="true" className="size-4" />
              ) : (
                <MessageCircle aria-hidden="true" className="size-4" />
              )}
            </Button>
            <Button
              variant="ghost"
              size="icon"
              className="size-9"
              aria-label={t('clear')}
              title={t('clear')}
              disabled={state.transcript.items.length === 0}
              onClick={() => {
                chat.clear();
                setView('chat');
                focusMessage();
              }}
            >
              <Eraser aria-hidden="true" className="size-4" />
            </Button>
          </>
        )}
        <Button
          variant="ghost"
          size="icon"
          className="size-9"
          aria-label={t('close')}
          title={t('close')}
          data-chat-close
          onClick={closeChat}
        >
          <X aria-hidden="true" className="size-4" />
        </Button>
      </div>

      {session.status === 'loading' ? (
        <p role="status" className="p-4 text-sm text-muted-foreground">
          {t('loading')}
        </p>
      ) : !signedIn ? (
        <div className="flex flex-1 flex-col items-start gap-3 p-4 text-sm" data-testid="chat-sign-in">
          <p>{t('signIn.text')}</p>
          <ShellLink
            to={`/login?next=${encodeURIComponent(`${pathname}${search}`)}`}
            data-chat-focus
            className="inline-flex h-9 items-center rounded-lg bg-primary px-4 font-medium text-primary-foreground hover:bg-primary-hover focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
          >
            {t('signIn.action')}
          </ShellLink>
        </div>
      ) : (
        <>
          <div className="flex flex-col gap-1.5 border-b border-border px-4 py-2">
            <div className="flex items-center gap-2">
              <label htmlFor="chat-service" className="text-sm text-muted-foreground">
                {t('service')}
              </label>
              <select
                id="chat-service"
                value={state.service}
                onChange={(event) => {
                  if (isAssistantSlug(event.target.value)) chat.chooseService(event.target.value);
                  setView('chat');
                }}
                className="h-9 min-w-0 flex-1 rounded-md border border-input bg-card px-2 text-sm text-foreground focus-visible:outline-2 focus-visible:outline-ring"
              >
                {(services ?? FALLBACK).map((s) => (
                  <option key={s.slug} value={s.slug} disabled={!s.available}>
                    {s.available || !s.unavailableReason ? s.name : `${s.name} – ${t(`unavailable.${s.unavailableReason}`)}`}
                  </option>
                ))}
              </select>
            </div>
            {servicesFailed && (
              <div role="alert" className="flex items-center gap-2 text-xs text-danger">
                <span>{t('servicesFailed')}</span>
                <button type="button" className="font-medium underline" onClick={() => setServicesAttempt((n) => n + 1)}>
                  {t('tryAgain')}
                </button>
              </div>
            )}
            {place && (
              <p className="truncate text-xs text-muted-foreground" title={place.title} data-testid="chat-about">
                {t('about', { title: place.title })}
              </p>
            )}
            {state.transcript.hintsOnly && (
              <p className="flex items-start gap-1.5 text-xs text-foreground" data-testid="chat-hints-only">
                <Lightbulb aria-hidden="true" className="mt-px size-3.5 shrink-0 text-accent" />
                {t('hintsOnly')}
              </p>
            )}
          </div>

          {view === 'conversations' ? (
            <ConversationList
              names={names}
              onResume={async (id) => {
                try {
                  await chat.resume(id);
                  setResumeFailed(false);
                  setView('chat');
                  focusMessage();
                } catch {
                  setResumeFailed(true);
                  setView('chat');
                }
              }}
              onDeleted={(id) => chat.forget(id)}
            />
          ) : (
            <>
              {resumeFailed && (
                <p role="alert" className="px-4 pt-2 text-sm text-danger">
                  {t('resumeFailed')}
                </p>
              )}
              {unavailable && (
                <p role="status" className="px-4 pt-3 text-sm" data-testid="chat-unavailable">
                  {t(`unavailableText.${unavailable}`)}
                </p>
              )}
              <MessageLog
                transcript={state.transcript}
                name={name}
                description={service?.description ?? null}
                epoch={state.epoch}
                canRetry={!pending && retryPlan(state.transcript) !== null && !unavailable}
                onRetry={() => chat.retry(context)}
              />
              <Composer
                textarea={textarea}
                draft={state.draft}
                onDraft={chat.setDraft}
                onSend={() => chat.send(state.draft, context)}
                onStop={chat.stop}
                pending={pending}
                disabled={unavailable !== null}
              />
            </>
          )}
        </>
      )}
    </section>
  );
}

/** The picker until the list has come. */
const FALLBACK: TAiService[] = Object.entries(ASSISTANT_NAMES).map(([slug, name]) => ({
  slug: slug as AssistantSlug,
  name,
  description: '',
  available: true,
  unavailableReason: null,
}));
