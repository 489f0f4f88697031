import { type HardNoReading, type HardNoRule, interpretHardNo } from "@/lib/constraints/hard-nos";
import { dedupe, type LimitRule, readLimits } from "@/lib/constraints/limits";
import { containsPhrase, foldText, phraseKey, wordsOf } from "@/lib/constraints/text";

/**
 * What the product takes from a member's own words beyond the form's boxes: limits on
 * their days (from their hard no's and their notes: "nothing before 10am", "back by 10pm",
 * "no more than 30 minutes away", "slow pace") and the kinds of thing their notes speak
 * against ("I hate museums", "not into shopping", "can't stand crowds", "Odio los museos"),
 * read at the level they meant: museums are museums and galleries, not all culture.
 *
 * Read by code from the raw answers (never by a model), shown back to the member ("We read:
 * …") and theirs to correct: a reading they dismiss (`dismissedReadings`, stored with their
 * answers) is applied nowhere. The planner, every validator and the regeneration gate read
 * members through this one function, so they apply the same meaning.
 */

export type TermRule = Extract<HardNoRule, { kind: "term" }>;
/** `what`: the kind as the member meant it ("museums & galleries"); `label`: how it reads back ("avoid museums & galleries"). */
export type DislikeRule = { kind: "dislike"; id: string; label: string; what: string; rule: TermRule };
export type ReadingRule = (LimitRule | DislikeRule) & { from: "hard-no" | "notes" };

export type MemberReading = {
  /** Every rule read, dismissed ones included (`dismissed` true): what the member is shown. */
  all: (ReadingRule & { dismissed: boolean })[];
  /** The limits in force (not dismissed). */
  limits: LimitRule[];
  /** The dislikes in force (not dismissed). */
  dislikes: DislikeRule[];
};

/** How a kind reads back to the member ("avoid museums & galleries"). */
const KIND_LABELS: Record<string, string> = {
  museums: "museums & galleries",
  nightlife: "nightlife (clubs, parties, bar crawls)",
  crowds: "crowded places",
  shopping: "shopping",
};

/**
 * Words that turn a clause of notes against what it names, in each language the form reads.
 * Matched on folded text, as whole words.
 */
const AGAINST = [
  "hate",
  "hates",
  "dislike",
  "dislikes",
  "not into",
  "not a fan",
  "not big on",
  "not keen",
  "no",
  "not",
  "never",
  "avoid",
  "can't stand",
  "cant stand",
  "cannot stand",
  "don't like",
  "dont like",
  "don't want",
  "dont want",
  "don't enjoy",
  "dont enjoy",
  "skip",
  "rather not",
  "without",
  "sick of",
  "tired of",
  "bored by",
  "boring",
  // Spanish
  "odio",
  "no me gusta",
  "no me gustan",
  "no soporto",
  "nada de",
  "sin",
  "evitar",
  // French
  "deteste",
  "je deteste",
  "je n'aime pas",
  "n'aime pas",
  "pas de",
  "horreur",
  "sans",
  "eviter",
  // German
  "hasse",
  "mag keine",
  "mag kein",
  "keine",
  "kein",
  "nicht",
  "ohne",
  // Italian
  "non mi piace",
  "non mi piacciono",
  "detesto",
  "niente",
  "senza",
  "evitare",
  // Portuguese
  "odeio",
  "nao gosto",
  "sem",
  "nada de",
];
const AGAINST_KEYS = AGAINST.map((w) => ` ${foldText(w)} `);
/** Where a clause of notes ends: punctuation, and "but" in each language. */
const CLAUSE_BREAK = /[.!?;\n,]|\b(?:but|though|although|pero|mais|aber|ma|mas)\b/i;

const readings = new Map<string, MemberReading>();

export function readMember(p: { hardNos: string[]; notes: string; dismissedReadings?: string[] }): MemberReading {
  const key = JSON.stringify([p.hardNos, p.notes, p.dismissedReadings ?? []]);
  const known = readings.get(key);
  if (known) return known;
  const reading = compute(p);
  if (readings.size > 5000) readings.clear();
  readings.set(key, reading);
  return reading;
}

function compute(p: { hardNos: string[]; notes: string; dismissedReadings?: string[] }): MemberReading {
  const found: ReadingRule[] = [
    ...p.hardNos.flatMap((text) => readLimits(text, { hardNo: true }).map((r) => ({ ...r, from: "hard-no" as const }))),
    ...readLimits(p.notes).map((r) => ({ ...r, from: "notes" as const })),
    ...readDislikes(p.notes).map((r) => ({ ...r, from: "notes" as const })),
  ];
  const unique = dedupe(found);
  const dismissed = new Set(p.dismissedReadings ?? []);
  const all = unique.map((r) => ({ ...r, dismissed: dismissed.has(r.id) }));
  const live = all.filter((r) => !r.dismissed);
  return {
    all,
    limits: live.filter((r): r is LimitRule & { from: "notes"; dismissed: boolean } => r.kind !== "dislike"),
    dislikes: live.filter((r): r is DislikeRule & { from: "notes"; dismissed: boolean } => r.kind === "dislike"),
  };
}

/** The kinds of thing notes speak against, each as the hard-no lexicon's term (so "museums" = museums & galleries). */
export function readDislikes(notes: string): DislikeRule[] {
  const out: DislikeRule[] = [];
  for (const clause of notes.split(CLAUSE_BREAK)) {
    if (!clause?.trim()) continue;
    const folded = ` ${foldText(clause)} `;
    if (!AGAINST_KEYS.some((w) => folded.includes(w))) continue;
    for (const rule of interpretHardNo(clause).rules) {
      if (rule.kind !== "term" || out.some((d) => d.rule.term === rule.term)) continue;
      const what = KIND_LABELS[rule.term] ?? rule.term;
      out.push({ kind: "dislike", id: `dislike:${rule.term}`, label: `avoid ${what}`, what, rule });
    }
  }
  return out;
}

/** Whether an activity or meal is of a kind a dislike names (its keywords, or its title's words). */
export function dislikeMatches(d: DislikeRule, item: { keywords: readonly string[]; title: string }): boolean {
  const keywords = item.keywords.map(phraseKey);
  const words = wordsOf(item.title);
  return d.rule.keywords.some((k) => keywords.includes(k)) || d.rule.phrases.some((p) => containsPhrase(words, p));
}

/** The limits and dislikes in force for one member's answers, or none when they haven't answered. */
export function readingOf(p: { hardNos: string[]; notes: string; dismissedReadings?: string[] } | null) {
  return p ? readMember(p) : { all: [], limits: [], dislikes: [] };
}

/** One rule read from a member's hard no's, as the member is shown it ("No museums — we'll keep museums out of the plan"). */
export type HardNoShown = {
  id: string;
  /** The rule as read ("No museums"). */
  label: string;
  /** What the planner does with it. */
  effect: string;
  /** The member's own words it came from (the first, when two say the same). */
  text: string;
  dismissed: boolean;
};

/** The id a hard-no rule is set aside by (in `dismissedReadings`): its kind and its label, folded. */
export function hardNoReadingId(rule: HardNoRule): string {
  const key = foldText(rule.label)
    .replace(/[^a-z0-9 -]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  return `hard-no-${rule.kind}:${key || "rule"}`.slice(0, 80);
}

function effectOf(rule: HardNoRule): string {
  switch (rule.kind) {
    case "term":
      return `we'll keep ${rule.term} out of the plan`;
    case "climate":
      return "we'll leave out places like that in the travel month";
    case "flight":
      return rule.maxHours === 0
        ? "we'll only suggest places you can reach without flying"
        : "we'll leave out places further than that from your home";
    case "place":
    case "destination":
      return "we won't suggest it";
    case "abroad":
      return "we'll keep to your own country";
    case "home-country":
      return "we'll suggest places abroad";
  }
}

/**
 * Every rule the planner reads from the member's hard no's, once each (two hard no's that mean
 * the same read as one), with whether they set it aside; and the words we couldn't read.
 */
export function hardNosShown(
  p: { hardNos: string[]; dismissedReadings?: string[] },
  destinationNames: string[] = [],
): { rules: HardNoShown[]; unread: string[] } {
  const dismissed = new Set(p.dismissedReadings ?? []);
  const rules = new Map<string, HardNoShown>();
  const unread: string[] = [];
  for (const text of p.hardNos) {
    const reading = interpretHardNo(text, destinationNames);
    for (const rule of reading.rules) {
      const id = hardNoReadingId(rule);
      if (rules.has(id)) continue;
      const label = rule.label.charAt(0).toUpperCase() + rule.label.slice(1);
      rules.set(id, { id, label, effect: effectOf(rule), text, dismissed: dismissed.has(id) });
    }
    // A hard no read as limits ("nothing before 10am") is shown with the limits, not as unread.
    if (reading.rules.length === 0 && readLimits(text, { hardNo: true }).length > 0) continue;
    unread.push(...reading.unparsed);
  }
  return { rules: [...rules.values()], unread };
}

/** A member's hard no's as the planner and the validators apply them: without the rules they set aside. */
export function hardNoReadingsInForce(
  p: { hardNos: string[]; dismissedReadings?: string[] },
  destinationNames: string[],
): HardNoReading[] {
  const dismissed = new Set(p.dismissedReadings ?? []);
  return p.hardNos.map((text) => {
    const reading = interpretHardNo(text, destinationNames);
    if (dismissed.size === 0) return reading;
    return { ...reading, rules: reading.rules.filter((rule) => !dismissed.has(hardNoReadingId(rule))) };
  });
}
