import { useEffect, useRef, useState } from 'react';
import Trash2 from 'lucide-react/icons/trash-2';
import type { TConversationSummary } from '@shared/schemas/assistants.ts';
import { Button } from '@/components/ui/button';
import { formatDate } from '@/lib/format';
import { useTranslation } from '@/lib/use-translation';
import { deleteConversation, fetchConversations } from '../api/chat';

interface ConversationListProps {
  /** Assistant names by slug. */
  names: Record<string, string>;
  onResume: (id: string) => Promise<void>;
  onDeleted: (id: string) => void;
}

/** The user's recent conversations: resume one, or delete one after a confirmation. */
export function ConversationList({ names, onResume, onDeleted }: ConversationListProps) {
  const { t } = useTranslation('chat');
  const [list, setList] = useState<TConversationSummary[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const heading = useRef<HTMLHeadingElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  /** A cancelled confirmation gives the focus back to its delete button. */
  const refocus = useRef<string | null>(null);
  useEffect(() => {
    if (confirming !== null || !refocus.current) return;
    listRef.current?.querySelector<HTMLElement>(`[data-delete="${CSS.escape(refocus.current)}"]`)?.focus();
    refocus.current = null;
  }, [confirming]);

  useEffect(() => {
    const controller = new AbortController();
    fetchConversations(controller.signal).then(
      (conversations) => {
        setList(conversations);
        setError(null);
      },
      () => {
        if (!controller.signal.aborted) setError(t('conversationsFailed'));
      },
    );
    return () => controller.abort();
  }, [attempt, t]);

  const remove = async (conversation: TConversationSummary) => {
    try {
      await deleteConversation(conversation.id);
      setList((current) => current?.filter((c) => c.id !== conversation.id) ?? null);
      setConfirming(null);
      setError(null);
      onDeleted(conversation.id);
      heading.current?.focus();
    } catch {
      setError(t('deleteFailed'));
    }
  };

  return (
    <div className="flex min-h-0 flex-1 flex-col gap-2 overflow-y-auto px-4 py-3">
      <h3 ref={heading} tabIndex={-1} id="chat-recent" className="text-sm font-semibold outline-none">
        {t('recent')}
      </h3>
      {error && (
        <div role="alert" className="flex flex-col items-start gap-2 text-sm text-danger">
          <p>{error}</p>
          {!list && (
            <Button variant="secondary" size="sm" onClick={() => setAttempt((n) => n + 1)}>
              {t('tryAgain')}
            </Button>
          )}
        </div>
      )}
      {!list && !error && (
        <p role="status" className="text-sm text-muted-foreground">
          {t('loading')}
        </p>
      )}
      {list?.length === 0 && <p className="text-sm text-muted-foreground">{t('noConversations')}</p>}
      {list && list.length > 0 && (
        <ul ref={listRef} aria-labelledby="chat-recent" className="flex flex-col gap-1" data-testid="chat-conversations">
          {list.map((conversation) => (
            <li key={conversation.id} className="rounded-lg border border-border">
              {confirming === conversation.id ? (
                <ConfirmDelete
                  title={conversation.title}
                  onConfirm={() => void remove(conversation)}
                  onCancel={() => {
                    refocus.current = conversation.id;
                    setConfirming(null);
                  }}
                />
              ) : (
                <div className="flex items-center gap-1">
                  <button
                    type="button"
                    className="flex min-w-0 flex-1 flex-col items-start rounded-lg px-3 py-2 text-left hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
                    onClick={() => void onResume(conversation.id)}
                  >
                    <span className="w-full truncate text-sm font-medium">{conversation.title}</span>
                    <span className="text-xs text-muted-foreground">
                      {names[conversation.aiService] ?? conversation.aiService} · {formatDate(conversation.updatedAt)} ·{' '}
                      {t('messages', { count: conversation.messageCount })}
                    </span>
                  </button>
                  <Button
                    variant="ghost"
                    size="icon"
                    className="mr-1 size-9"
                    aria-label={t('delete', { title: conversation.title })}
                    title={t('delete', { title: conversation.title })}
                    data-delete={conversation.id}
                    onClick={() => setConfirming(conversation.id)}
                  >
                    <Trash2 aria-hidden="true" className="size-4" />
                  </Button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Asks in place; Cancel has the focus, and Escape cancels (rather than closing the panel). */
function ConfirmDelete({ title, onConfirm, onCancel }: { title: string; onConfirm: () => void; onCancel: () => void }) {
  const { t } = useTranslation('chat');
  const cancel = useRef<HTMLButtonElement>(null);
  useEffect(() => cancel.current?.focus(), []);
  return (
    <div
      role="group"
      aria-labelledby="chat-confirm-delete"
      className="flex flex-col gap-2 p-3"
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.stopPropagation();
        onCancel();
      }}
    >
      <p id="chat-confirm-delete" className="text-sm">
        {t('confirmDelete', { title })}
      </p>
      <div className="flex gap-2">
        <Button variant="destructive" size="sm" onClick={onConfirm}>
          {t('confirm')}
        </Button>
        <Button ref={cancel} variant="secondary" size="sm" onClick={onCancel}>
          {t('cancel')}
        </Button>
      </div>
    </div>
  );
}
