/**
 * Every message the server can send, and every validation message the forms show, in both
 * languages. `spec` names the language the text was first given in: the server answers in that
 * language unless the request asks for the other (Accept-Language), so the original wording is the
 * default (docs/decisions/004-messages-and-language.md).
 * The client merges these into its i18n resources under the `messages` namespace.
 */
import { areaMessages } from './areas/index.ts';
import { coreMessages } from './core-messages.ts';
import type { Entry } from './entry.ts';

export const messages = { ...coreMessages, ...areaMessages } as const satisfies Record<string, Entry>;

export type MessageKey = keyof typeof messages;

export function isMessageKey(value: string): value is MessageKey {
  return Object.hasOwn(messages, value);
}

/** Resolves a key into text; `lang` undefined means the language it was first given in (`spec`). */
export function translate(key: MessageKey, lang?: 'da' | 'en', params?: Record<string, string | number>): string {
  const entry: Entry = messages[key];
  let text = entry[lang ?? entry.spec];
  if (params) for (const [k, v] of Object.entries(params)) text = text.replaceAll(`{{${k}}}`, String(v));
  return text;
}
