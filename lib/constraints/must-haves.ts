import { interpretHardNo } from "@/lib/constraints/hard-nos";
import { containsPhrase, phraseKey, wordsOf } from "@/lib/constraints/text";
import type { CatalogActivity } from "@/lib/schemas/catalog";

/**
 * Which of the group's must-haves a destination can offer, read from its activities'
 * keywords and titles. A must-have is read with the same lexicon as a hard no ("a beach
 * day" carries the keywords beach and sand; "sushi" the phrase sushi), so the two mean
 * the same things; a must-have the lexicon doesn't know ("live jazz") counts when its
 * words appear as a phrase in an activity's title or keywords. Only activities that suit
 * everyone should be passed in: a must-have met only by something someone can't do isn't met.
 */

type Reading = { keywords: string[]; phrases: string[] };

function readingOf(mustHave: string): Reading {
  const { rules, unparsed } = interpretHardNo(mustHave);
  const keywords: string[] = [];
  const phrases: string[] = [];
  for (const rule of rules) {
    // Weather and place words say nothing about what there is to do.
    if (rule.kind !== "term") continue;
    keywords.push(...rule.keywords);
    phrases.push(...rule.phrases);
  }
  for (const text of unparsed) {
    const key = phraseKey(text);
    if (key) phrases.push(key);
  }
  return { keywords, phrases };
}

export function mustHavesMet(
  activities: readonly Pick<CatalogActivity, "title" | "keywords">[],
  mustHaves: readonly string[],
): string[] {
  if (mustHaves.length === 0) return [];
  const readings = mustHaves.map((m) => ({ mustHave: m, reading: readingOf(m) }));
  const met = new Set<string>();
  for (const a of activities) {
    const keywords = new Set(a.keywords.map(phraseKey));
    const titleWords = wordsOf(a.title);
    for (const { mustHave, reading } of readings) {
      if (met.has(mustHave)) continue;
      if (
        reading.keywords.some((k) => keywords.has(k)) ||
        reading.phrases.some((p) => keywords.has(p) || containsPhrase(titleWords, p))
      ) {
        met.add(mustHave);
      }
    }
  }
  return mustHaves.filter((m) => met.has(m));
}
