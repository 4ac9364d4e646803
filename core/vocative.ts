/**
 * The Greek vocative of a first name, for the greeting "Καλώς ήρθατε, Γιώργο": Greek
 * addresses a person in the vocative, and "Καλώς ήρθατε, Γιώργος" reads as a mistake. In core/
 * because the pages (WelcomeBanner) and the API's emails and SMS ("Γεια σας Γιώργο") greet alike.
 *
 * Only the common masculine endings change; everything else keeps the nominative, which is never
 * wrong, only less natural:
 * - ‑ος → ‑ο for names of two syllables (Γιώργος → Γιώργο, Στέλιος → Στέλιο), ‑ε for longer ones
 *   (Αλέξανδρος → Αλέξανδρε, Νικόλαος → Νικόλαε, Γεώργιος → Γεώργιε, Κωνσταντίνος → Κωνσταντίνε);
 * - ‑ης → ‑η (Γιάννης → Γιάννη, Παντελής → Παντελή), ‑ας → ‑α (Κώστας → Κώστα, Λουκάς → Λουκά);
 * - feminine names (‑α, ‑η, ‑ω, ‑ου…) have no separate vocative: unchanged.
 * Kept as they are, because we cannot be sure: more than one word (a full name or a company),
 * anything that is not Greek letters only (Latin script, "Α.Ε.", hyphens, digits), all capitals
 * (company names, and capitals carry no accent to place the stress), a stressed ‑ός, and the
 * usual surname endings (‑όπουλος, ‑άκης, ‑ίδης, ‑άτος, ‑άκος), where the vocative sounds familiar.
 */

const GREEK_WORD = /^\p{Script=Greek}+$/u;
const SURNAME_ENDINGS = ["πουλος", "άκης", "ίδης", "άτος", "άκος"];

const VOWELS = new Set("αεηιουωάέήίόύώϊϋΐΰ");
/** Two letters sounding as one vowel (or vowel + v/f): one syllable. */
const DIGRAPHS = new Set([
  "αι",
  "ει",
  "οι",
  "ου",
  "υι",
  "αυ",
  "ευ",
  "ηυ",
  "αί",
  "εί",
  "οί",
  "ού",
  "υί",
  "αύ",
  "εύ",
  "ηύ",
]);

/**
 * Syllables of a lower-case Greek word, counting an unstressed ι or υ before another vowel as a
 * glide (synizesis: Γιώρ-γος, Στέ-λιος, but Γε-ώρ-γιος has three).
 */
export function greekSyllables(word: string): number {
  const letters = [...word.toLowerCase()];
  let count = 0;
  let i = 0;
  while (i < letters.length) {
    const letter = letters[i]!;
    if (!VOWELS.has(letter)) {
      i += 1;
      continue;
    }
    const pair = letter + (letters[i + 1] ?? "");
    if (DIGRAPHS.has(pair)) {
      i += 2;
    } else if ((letter === "ι" || letter === "υ") && VOWELS.has(letters[i + 1] ?? "")) {
      i += 1; // a glide: the next vowel carries the syllable
      continue;
    } else {
      i += 1;
    }
    count += 1;
  }
  return count;
}

export function greekVocative(name: string): string {
  const word = name.trim();
  if (!GREEK_WORD.test(word)) return name;
  if (word === word.toUpperCase()) return name; // all capitals: a company, or no accent to go by
  const lower = word.toLowerCase().replace(/σ$/, "ς");
  if (SURNAME_ENDINGS.some((ending) => lower.endsWith(ending))) return name;
  const stem = word.slice(0, -1); // without the final ς
  if (lower.endsWith("ος")) {
    const base = word.slice(0, -2);
    return greekSyllables(lower) <= 2 ? `${base}ο` : `${base}ε`;
  }
  if (/[αάηή]ς$/.test(lower)) return stem;
  return name;
}
