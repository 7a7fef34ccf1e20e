import type { Entry } from '../entry.ts';

/** The assistants' chat and conversations. Written in Danish first, so Danish is their default. */
export const chatMessages = {
  'chat.messageRequired': { spec: 'da', da: 'Skriv en besked.', en: 'Write a message.' },
  'chat.retryNeedsConversation': { spec: 'da', da: 'Kun en gemt samtale kan prøve igen.', en: 'Only a saved conversation can be retried.' },
  'chat.unknownService': { spec: 'da', da: 'Den assistent findes ikke.', en: 'There is no such assistant.' },
  'chat.conversationNotFound': { spec: 'da', da: 'Samtalen findes ikke.', en: 'The conversation does not exist.' },
  'chat.serviceMismatch': { spec: 'da', da: 'Samtalen er med en anden assistent.', en: 'The conversation is with another assistant.' },
  'chat.nothingToRetry': { spec: 'da', da: 'Der er ingen besked at svare på igen.', en: 'There is no message to answer again.' },
  'chat.limitReached': {
    spec: 'da',
    da: 'Du har brugt dine {{limit}} beskeder til assistenterne denne måned. Du kan skrive igen fra den 1. i næste måned.',
    en: 'You have used your {{limit}} messages to the assistants this month. You can write again from the 1st of next month.',
  },
} as const satisfies Record<string, Entry>;
