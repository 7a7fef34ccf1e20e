import { plainText } from './blocks';

export interface FaqItem {
  id: string;
  question: string;
  answer: string;
}

export interface FaqTopic {
  id: string;
  title: string;
  items: FaqItem[];
}

type Tree = { [key: string]: string | Tree };

function isTree(value: unknown): value is Tree {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The help centre's topics as i18next returns them: `{ topic: { title, items: { id: { q, a } } } }`. */
export function faqTopics(value: unknown): FaqTopic[] {
  if (!isTree(value)) return [];
  return Object.entries(value).flatMap(([id, topic]) => {
    if (!isTree(topic) || typeof topic.title !== 'string' || !isTree(topic.items)) return [];
    const items = Object.entries(topic.items).flatMap(([itemId, item]) =>
      isTree(item) && typeof item.q === 'string' && typeof item.a === 'string'
        ? [{ id: `${id}-${itemId}`, question: item.q, answer: item.a }]
        : [],
    );
    return [{ id, title: topic.title, items }];
  });
}

/** Lower case without accents (é → e), so 'cafe' finds 'café'; æ, ø and å (its ring is kept) stay themselves. */
export function normalise(text: string): string {
  return text
    .toLocaleLowerCase('da')
    .normalize('NFD')
    .replace(/[\u0300-\u0309\u030b-\u036f]/g, '')
    .normalize('NFC');
}

/** The query's words: every one must occur in the question, the answer or the topic's title. */
export function queryWords(query: string): string[] {
  return normalise(query)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0);
}

/** The topics with only the items that match every word of the query; all of them for an empty query. */
export function searchFaq(topics: FaqTopic[], query: string): FaqTopic[] {
  const words = queryWords(query);
  if (words.length === 0) return topics;
  return topics
    .map((topic) => ({
      ...topic,
      items: topic.items.filter((item) => {
        const haystack = normalise(`${topic.title} ${item.question} ${plainText(item.answer)}`);
        return words.every((word) => haystack.includes(word));
      }),
    }))
    .filter((topic) => topic.items.length > 0);
}
