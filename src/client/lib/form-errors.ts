import { useTranslation } from '@/lib/use-translation';
import type { FieldError, FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError } from './api-client';

/** Server field messages arrive translated already; they are marked so they are shown as they are. */
const SERVER = 'server';

/**
 * Puts the server's field errors (`errors: { field: message }`) onto the form's fields.
 * Returns whether any field received one.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): boolean {
  if (!isApiError(error) || !error.body?.errors) return false;
  let applied = false;
  for (const [field, message] of Object.entries(error.body.errors)) {
    const match = fields.find((name) => name === field);
    if (!match) continue;
    setError(match, { type: SERVER, message }, { shouldFocus: !applied });
    applied = true;
  }
  return applied;
}

/** The server's translated message, if the failure came with one. */
export function serverMessage(error: unknown): string | undefined {
  return isApiError(error) ? error.body?.message || undefined : undefined;
}

/**
 * Turns a field error into text: zod messages are keys of the shared message catalogue
 * ('register.companyName'), server messages are already text.
 */
export function useErrorText(): (error: FieldError | undefined) => string | undefined {
  const { t, i18n } = useTranslation('messages');
  return (error) => {
    const message = error?.message;
    if (!message) return undefined;
    // A catalogue key is one the loaded `messages` namespace knows; anything else is text already.
    if (error.type === SERVER || !i18n.exists(message, { ns: 'messages' })) return message;
    return t(message as 'register.email');
  };
}
