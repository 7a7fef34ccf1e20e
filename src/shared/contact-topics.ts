/** What a contact request is about; `?topic=demo` on /contact preselects one. No zod here: the page imports it. */
export const CONTACT_TOPICS = ['general', 'demo', 'sales', 'support'] as const;
export type ContactTopic = (typeof CONTACT_TOPICS)[number];

export function isContactTopic(value: unknown): value is ContactTopic {
  return typeof value === 'string' && (CONTACT_TOPICS as readonly string[]).includes(value);
}
