import { useEffect, useEffectEvent, useRef, useState, type FormEvent, type RefObject } from 'react';
import { failureOf, focusFirstInvalid, type Failure } from './failure';

export interface PublicFormOptions<TAnswer> {
  /** What the form says when the server gave no message of its own (the network failed, say). */
  fallback: string;
  /** Sends the form; its answer goes to `onSent`. */
  send: () => Promise<TAnswer>;
  onSent: (answer: TAnswer) => void;
  /** Where focus goes on a failure instead of the first field at fault (a reset link's heading when the link is the problem). */
  focusOnFailure?: (failure: Failure) => HTMLElement | null | undefined;
}

/**
 * A public mail form's submission (/contact, /forgot-password, a reset link): sends it, is pending
 * meanwhile, and on a refusal keeps the server's messages and, once they are on screen, moves focus
 * to the first field at fault, so its message is read out.
 */
export function usePublicForm<TAnswer>({ fallback, send, onSent, focusOnFailure }: PublicFormOptions<TAnswer>) {
  const form = useRef<HTMLFormElement>(null);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);

  const focusFailure = useEffectEvent((shown: Failure) => {
    const target = focusOnFailure?.(shown);
    if (target) target.focus();
    else focusFirstInvalid(form.current, shown.fields);
  });
  useEffect(() => {
    if (failure) focusFailure(failure);
  }, [failure]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setPending(true);
    setFailure(null);
    send()
      .then(onSent, (error: unknown) => setFailure(failureOf(error, fallback)))
      .finally(() => setPending(false));
  };

  return { form, pending, failure, onSubmit };
}

/** Moves focus to `ref`'s element whenever `shown` turns true: an outcome that replaced a form, so it is read out. */
export function useFocusWhen(ref: RefObject<HTMLElement | null>, shown: boolean): void {
  useEffect(() => {
    if (shown) ref.current?.focus();
  }, [ref, shown]);
}
