import { useEffect, useRef, useState, type ReactNode } from 'react';
import { serverMessage } from '@/lib/form-errors';
import { formatDateTime } from '@/lib/format';
import { Button } from './button';
import { LazyConfirmDialog } from './lazy-confirm-dialog';

export interface Revocable {
  id: string;
  label: string;
  revokedAt: string | null;
}

/** A revocable list's words, in the caller's namespace. */
export interface RevocableListText {
  heading: string;
  revoke: string;
  revokeNamed: (label: string) => string;
  revokedAt: (when: string) => string;
  confirmTitle: (label: string) => string;
  confirmDescription: string;
  cancel: string;
  revoked: (label: string) => string;
  revokeFailed: string;
}

/**
 * Credentials a company hands to another system (SCIM tokens, API keys): each with its details and,
 * while live, a Revoke button that asks first; the outcome is said in a status line.
 */
export function RevocableList<T extends Revocable>(props: {
  items: T[];
  text: RevocableListText;
  details: (item: T) => ReactNode;
  onRevoke: (id: string) => Promise<unknown>;
  testId: string;
}) {
  const { items, text, details, onRevoke, testId } = props;
  const [asking, setAsking] = useState<T | undefined>();
  const [message, setMessage] = useState<string | undefined>();
  const statusRef = useRef<HTMLParagraphElement>(null);
  // The Revoke button that had focus is gone with the key's revocation: the outcome takes it.
  useEffect(() => {
    if (message) statusRef.current?.focus();
  }, [message]);
  return (
    <>
      <h3 className="text-sm font-semibold">{text.heading}</h3>
      <ul className="flex flex-col divide-y divide-border rounded-lg border border-border" aria-label={text.heading}>
        {items.map((item) => (
          <li key={item.id} className="flex flex-wrap items-center justify-between gap-3 p-3" data-testid={testId}>
            <div className="flex min-w-0 flex-col">{details(item)}</div>
            {item.revokedAt ? (
              <span className="text-sm text-muted-foreground">{text.revokedAt(formatDateTime(item.revokedAt))}</span>
            ) : (
              <Button variant="secondary" size="sm" onClick={() => setAsking(item)} aria-label={text.revokeNamed(item.label)}>
                {text.revoke}
              </Button>
            )}
          </li>
        ))}
      </ul>
      <p ref={statusRef} tabIndex={-1} role="status" className="text-sm text-muted-foreground outline-none">
        {message ?? ''}
      </p>
      <LazyConfirmDialog
        open={asking !== undefined}
        onOpenChange={(open) => !open && setAsking(undefined)}
        title={text.confirmTitle(asking?.label ?? '')}
        description={text.confirmDescription}
        confirmLabel={text.revoke}
        cancelLabel={text.cancel}
        destructive
        onConfirm={() => {
          if (!asking) return;
          const { id, label } = asking;
          onRevoke(id).then(
            () => setMessage(text.revoked(label)),
            (failure: unknown) => setMessage(serverMessage(failure) ?? text.revokeFailed),
          );
          setAsking(undefined);
        }}
      />
    </>
  );
}
