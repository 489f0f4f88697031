/**
 * Word-level text handling shared by everything that reads members' free text against
 * catalog facts: fold case and accents, split into words, and reduce plurals, so that
 * "No beaches!" and the keyword "beach" meet as the same word.
 */

/** Lower case, accents folded, punctuation to spaces: "Plages, musées" → "plages musees". */
export function foldText(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/ß/g, "ss")
    .replace(/[’`]/g, "'")
    .replace(/[^\p{L}\p{N}'<>.\s-]+/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/** English plural → singular for matching (beaches → beach, activities → activity, heights → height). */
export function singular(word: string): string {
  if (word.length <= 3) return word;
  if (word.endsWith("ies") && word.length > 4) return `${word.slice(0, -3)}y`;
  if (/(ches|shes|xes|sses|zes)$/.test(word)) return word.slice(0, -2);
  if (word.endsWith("s") && !/(ss|us|is|ous)$/.test(word)) return word.slice(0, -1);
  return word;
}

/** Words of a text, folded and singular: "Boat tours" → ["boat", "tour"]. */
export function wordsOf(text: string): readonly string[] {
  // The same catalog titles and keywords are read for every member and destination: each is
  // folded once. (Bounded, so free text from members can't grow it without limit.)
  const known = WORDS.get(text);
  if (known) return known;
  const words = Object.freeze(foldText(text).replace(/[.'-]/g, " ").split(" ").filter(Boolean).map(singular));
  if (WORDS.size >= MAX_CACHED) WORDS.clear();
  WORDS.set(text, words);
  return words;
}
const WORDS = new Map<string, readonly string[]>();
const MAX_CACHED = 20_000;

/** A phrase as its normalised words joined by single spaces ("Walking tours" → "walking tour"). */
export function phraseKey(text: string): string {
  return wordsOf(text).join(" ");
}

/** Whether `phrase` (normalised) occurs as whole words in `words` (normalised). */
export function containsPhrase(words: readonly string[], phrase: string): boolean {
  const target = phrase.split(" ");
  if (target.length === 0) return false;
  for (let i = 0; i + target.length <= words.length; i++) {
    if (target.every((w, j) => words[i + j] === w)) return true;
  }
  return false;
}
