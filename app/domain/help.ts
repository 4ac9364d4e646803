/**
 * FAQ search of /b2b/help: `?q=` matches questions and answers regardless of case and of
 * Greek accents ("λογαριασμος" finds "Λογαριασμός", "ΠΛΗΡΩΜΗ" finds "πληρωμή"), every word of the
 * query must appear. Pure, so the page and the tests agree.
 */

export interface FaqItem {
  q: string;
  a: string;
}

export interface FaqTopic {
  id: string;
  title: string;
  items: FaqItem[];
}

/** The longest query the page accepts; longer input is cut (the URL stays short). */
export const MAX_QUERY_LENGTH = 100;

/**
 * Lower case without diacritics (tonos, dialytika), final sigma as sigma, spaces collapsed.
 * "Ποιός ΛΟΓΑΡΙΑΣΜΌΣ;" → "ποιοσ λογαριασμοσ;".
 */
export function normaliseText(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLocaleLowerCase("el")
    .replace(/ς/g, "σ")
    .replace(/\s+/g, " ")
    .trim();
}

/** The words of a query, normalised; empty when the query has none. */
export function queryWords(query: string): string[] {
  return normaliseText(query.slice(0, MAX_QUERY_LENGTH)).split(" ").filter(Boolean);
}

export function matchesFaq(item: FaqItem, words: readonly string[]): boolean {
  if (words.length === 0) return true;
  const haystack = normaliseText(`${item.q} ${item.a}`);
  return words.every((word) => haystack.includes(word));
}

/** Topics with only their matching questions; topics left empty are dropped. */
export function searchFaq(topics: readonly FaqTopic[], query: string): FaqTopic[] {
  const words = queryWords(query);
  return topics
    .map((topic) => ({ ...topic, items: topic.items.filter((item) => matchesFaq(item, words)) }))
    .filter((topic) => topic.items.length > 0);
}

export function countItems(topics: readonly FaqTopic[]): number {
  return topics.reduce((sum, topic) => sum + topic.items.length, 0);
}
