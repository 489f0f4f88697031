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

/** Whether an activity offers what a must-have asks for (its keywords, or its words in the title or keywords). */
function offers(a: Pick<CatalogActivity, "title" | "keywords">, reading: Reading): boolean {
  const keywords = new Set(a.keywords.map(phraseKey));
  const titleWords = wordsOf(a.title);
  return (
    reading.keywords.some((k) => keywords.has(k)) ||
    reading.phrases.some((p) => keywords.has(p) || containsPhrase(titleWords, p))
  );
}

/** What became of one member's must-have in a plan. */
export type MustHaveOutcome =
  | { memberId: string; mustHave: string; status: "in-plan"; items: { day: number; key: string; title: string }[] }
  | {
      memberId: string;
      mustHave: string;
      status: "not-honoured";
      /** Why, naming no member and no one's need. */
      why: string;
      /** What would make it possible. */
      wouldHelp: string;
    };

/**
 * Each member's must-haves against a plan: in the plan (the items that offer it), or not
 * honoured, with why and what would make it possible. Pure: `suitsEveryone` and `flagged`
 * say what the group's needs, hard no's, dislikes and flags in force rule out.
 *
 *   nothing at the destination offers it       → a destination that has it
 *   only what someone can't do offers it        → a member's need or hard no rules it out
 *   only what a member flagged offers it        → the flag lifted
 *   something suits everyone but isn't planned  → add it by hand or suggest it (named)
 */
export function mustHaveOutcomes(input: {
  placeName: string;
  members: readonly { id: string; mustHaves: readonly string[] }[];
  days: readonly { day: number; items: readonly { key: string; title: string; activityId: string | null }[] }[];
  activities: readonly Pick<CatalogActivity, "id" | "title" | "keywords">[];
  suitsEveryone: (a: Pick<CatalogActivity, "id">) => boolean;
  flagged: (a: Pick<CatalogActivity, "id">) => boolean;
}): MustHaveOutcome[] {
  const out: MustHaveOutcome[] = [];
  const byId = new Map(input.activities.map((a) => [a.id, a]));
  for (const member of input.members) {
    for (const mustHave of member.mustHaves) {
      const reading = readingOf(mustHave);
      const items = input.days.flatMap((d) =>
        d.items.flatMap((i) => {
          const known = i.activityId ? byId.get(i.activityId) : undefined;
          // The organizer's own item counts by its title ("Beach day at Cascais").
          const judged = known ?? { title: i.title, keywords: [] };
          return offers(judged, reading) ? [{ day: d.day, key: i.key, title: i.title }] : [];
        }),
      );
      if (items.length) {
        out.push({ memberId: member.id, mustHave, status: "in-plan", items });
        continue;
      }
      const offering = input.activities.filter((a) => offers(a, reading));
      const open = offering.filter((a) => input.suitsEveryone(a));
      const free = open.filter((a) => !input.flagged(a));
      const not = (why: string, wouldHelp: string) =>
        out.push({ memberId: member.id, mustHave, status: "not-honoured", why, wouldHelp });
      if (offering.length === 0)
        not(`Nothing we know in ${input.placeName} offers it.`, "Another destination that has it.");
      else if (open.length === 0)
        not(
          `What offers it here (${offering[0]?.title}) doesn't suit everyone: a need or hard no someone in the group has rules it out.`,
          "That member relaxing the need or hard no it breaks.",
        );
      else if (free.length === 0)
        not(`A member flagged what offers it here (${open[0]?.title}).`, "Their flag lifted, then a regeneration.");
      else
        not(
          `${free[0]?.title} offers it and suits everyone, but it didn't fit the days at the group's pace.`,
          `Suggest ${free[0]?.title}, or the organizer adds it by hand in place of something else.`,
        );
    }
  }
  return out;
}

export function mustHavesMet(
  activities: readonly Pick<CatalogActivity, "title" | "keywords">[],
  mustHaves: readonly string[],
): string[] {
  if (mustHaves.length === 0) return [];
  const readings = mustHaves.map((m) => ({ mustHave: m, reading: readingOf(m) }));
  const met = new Set<string>();
  for (const a of activities) {
    for (const { mustHave, reading } of readings) {
      if (!met.has(mustHave) && offers(a, reading)) met.add(mustHave);
    }
  }
  return mustHaves.filter((m) => met.has(m));
}
