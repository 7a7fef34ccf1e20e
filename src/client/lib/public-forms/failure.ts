import { isApiError } from '@/lib/api-client';

/** What a failed submission says: the server's translated field messages, and one message for the form. */
export interface Failure {
  fields: Record<string, string>;
  message: string;
  status: number | null;
}

/**
 * The public mail forms validate on the server only (the shared zod schema, in the visitor's
 * language), so their pages carry no validation code of their own and stay light. A failure
 * without a server message (the network, say) gets `fallback`.
 */
export function failureOf(error: unknown, fallback: string): Failure {
  if (!isApiError(error)) return { fields: {}, message: fallback, status: null };
  return { fields: error.body?.errors ?? {}, message: error.body?.message || fallback, status: error.status };
}

/** Moves focus to the first field the server found fault with, so its message is read out. */
export const focusFirstInvalid = (form: HTMLFormElement | null, fields: Record<string, string>): void => {
  const first = Object.keys(fields).find((name) => form?.elements.namedItem(name) instanceof HTMLElement);
  if (first) (form!.elements.namedItem(first) as HTMLElement).focus();
};
