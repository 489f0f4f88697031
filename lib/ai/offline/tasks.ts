import { findDestination } from "@/lib/catalog";
import { MONTH_NAMES } from "@/lib/format";
import {
  type CandidatePicks,
  CandidatesInput,
  ExplainInput,
  type ExplainOutput,
  GuardInput,
  type GuardVerdict,
  NormalizeInput,
  type NormalizeOutput,
  type RankedOption,
  RankInput,
  type RankOutput,
  ResearchInput,
} from "@/lib/schemas/agent-io";
import type { Source } from "@/lib/schemas/catalog";
import type { Vibe } from "@/lib/schemas/preferences";

/**
 * How the offline planner answers each agent's task. Deterministic: the same input
 * always gets the same answer, built only from the input and the catalog. It behaves
 * like a diligent model: it follows the instructions in the input, and on a repair
 * round it drops whatever the validators complained about.
 */

export const OFFLINE_TASKS = [
  "risk-guard",
  "normalize",
  "explain-conflicts",
  "candidates",
  "research",
  "rank",
] as const;
export type OfflineTask = (typeof OFFLINE_TASKS)[number];

export type OfflineAnswer = { json?: unknown; text?: string; sources?: Source[] };

export function answerTask(task: OfflineTask, input: unknown, repair: string[]): OfflineAnswer {
  switch (task) {
    case "risk-guard":
      return { json: guard(GuardInput.parse(input)) };
    case "normalize":
      return { json: normalize(NormalizeInput.parse(input)) };
    case "explain-conflicts":
      return { json: explain(ExplainInput.parse(input)) };
    case "candidates":
      return { json: candidates(CandidatesInput.parse(input)) };
    case "research":
      return research(ResearchInput.parse(input));
    case "rank":
      return { json: rank(RankInput.parse(input), repair) };
  }
}

// ── risk guard: a second opinion on top of the rules ───────────────────────

const SUSPICIOUS = [
  /system prompt/,
  /you are (now )?(a|an|the) /,
  /\bact as\b/,
  /\bpretend\b/,
  /jailbreak/,
  /developer mode/,
  /\boverride\b/,
  /<\s*script/,
  /\b(respond|reply|answer|output) (only )?with\b/,
];

function guard(input: GuardInput): GuardVerdict {
  return {
    flags: input.texts
      .filter((t) => SUSPICIOUS.some((re) => re.test(t.text.toLowerCase())))
      .map((t) => ({ memberId: t.memberId, field: t.field, reason: "reads like instructions to the planner" })),
  };
}

// ── normalizer ──────────────────────────────────────────────────────────────

const VIBE_WORDS: Record<Vibe, string[]> = {
  beach: ["beach", "ocean", "sea", "surf", "sand", "island"],
  city: ["city", "urban", "skyline"],
  nature: ["nature", "hike", "hiking", "forest", "outdoors", "mountain", "mountains", "national park"],
  adventure: ["adventure", "thrill", "zipline", "rafting", "kayak", "kayaking"],
  culture: ["culture", "art", "museum", "museums", "gallery", "theatre", "theater"],
  food: ["food", "foodie", "restaurant", "restaurants", "cuisine", "eat", "eating", "tacos", "wine"],
  nightlife: ["nightlife", "party", "bars", "club", "clubs", "dancing"],
  relaxation: ["relax", "relaxing", "chill", "lazy", "unwind", "rest", "slow"],
  history: ["history", "historic", "ancient", "ruins", "castle", "castles"],
  wellness: ["wellness", "yoga", "spa", "meditation", "hot springs"],
  shopping: ["shopping", "shop", "markets", "boutiques"],
  "winter-sports": ["ski", "skiing", "snowboard", "snowboarding", "snow"],
};
const VAGUE =
  /\b(whatever|anything (works|goes|is fine)|don'?t care|no preference|up to (you|the group)|easy ?going|open to anything|i'?m easy|fine with (anything|all))\b/;

function normalize(input: NormalizeInput): NormalizeOutput {
  const notes = (input.notes ?? "").toLowerCase();
  const words = ` ${notes.replace(/[^a-z0-9 ]+/g, " ").replace(/\s+/g, " ")} `;
  const inferred = (Object.keys(VIBE_WORDS) as Vibe[]).filter(
    (vibe) =>
      !input.formVibes.includes(vibe) &&
      VIBE_WORDS[vibe].some(
        (w) => words.includes(` ${w} `) && !words.includes(` no ${w} `) && !words.includes(` not ${w} `),
      ),
  );
  const amounts = [...notes.matchAll(/\$\s?(\d[\d,]*)/g)].map((m) => Number((m[1] ?? "").replace(/,/g, "")));
  const valid = amounts.filter((n) => Number.isFinite(n) && n > 0 && n < 1_000_000).sort((a, b) => a - b);
  const budgetHint =
    input.hasBudget || valid.length === 0
      ? null
      : valid.length === 1
        ? { min: Math.round((valid[0] ?? 0) * 0.7), max: valid[0] ?? 0 }
        : { min: valid[0] ?? 0, max: valid[valid.length - 1] ?? 0 };
  const vague = notes.trim() === "" ? input.formVibes.length === 0 : VAGUE.test(notes);
  const summary = !input.notes
    ? "No notes."
    : vague && inferred.length === 0
      ? "Easy-going: no strong preferences in the notes."
      : `Notes point to ${inferred.length ? inferred.join(", ") : "the vibes on the form"}${budgetHint ? ` and a budget around $${budgetHint.max}` : ""}.`;
  return { inferredVibes: inferred, budgetHint, vague, summary };
}

// ── conflict explainer ─────────────────────────────────────────────────────

function explain(input: ExplainInput): ExplainOutput {
  if (input.responded === 0)
    return { headline: "Nobody has shared preferences yet, so there is nothing to plan from." };
  const high = input.conflicts.filter((c) => c.severity === "high");
  if (input.conflicts.length === 0) {
    return { headline: "No conflicts: everyone who answered agrees on the essentials." };
  }
  const first = high[0] ?? input.conflicts[0];
  return {
    headline: `${input.conflicts.length} ${input.conflicts.length === 1 ? "thing needs" : "things need"} sorting out${
      high.length ? `, ${high.length} of them serious` : ""
    }. Start with: ${first?.summary ?? ""}`,
  };
}

// ── candidate generator ────────────────────────────────────────────────────

function candidates(input: CandidatesInput): CandidatePicks {
  const ranked = [...input.eligible].sort((a, b) => b.vibeMatch - a.vibeMatch || a.slug.localeCompare(b.slug));
  const count = Math.min(ranked.length, input.max);
  let picked = ranked.slice(0, count);
  if (input.diverse) {
    // Round-robin over regions, best first in each, so the shortlist isn't five beaches in one country.
    const byRegion = new Map<string, typeof ranked>();
    for (const d of ranked) byRegion.set(d.region, [...(byRegion.get(d.region) ?? []), d]);
    picked = [];
    while (picked.length < count) {
      for (const list of byRegion.values()) {
        const next = list.shift();
        if (next && picked.length < count) picked.push(next);
      }
    }
  }
  return {
    picks: picked.map((d) => ({
      slug: d.slug,
      rationale: `${d.name} matches ${Math.round(d.vibeMatch * 100)}% of the group's vibes (${d.vibes.slice(0, 3).join(", ")}).`,
    })),
  };
}

// ── research ───────────────────────────────────────────────────────────────

function research(input: ResearchInput): OfflineAnswer {
  const destination = findDestination(input.slug);
  if (!destination) return { text: `No reliable information found for ${input.name}.`, sources: [] };
  const climate = input.month ? destination.climate[input.month - 1] : undefined;
  const parts = [destination.summary];
  if (climate && input.month) {
    parts.push(
      `In ${MONTH_NAMES[input.month - 1]} expect highs around ${climate.highC}°C, lows around ${climate.lowC}°C and about ${climate.rainyDays} rainy days.`,
    );
  }
  if (destination.tips[0]) parts.push(`Tip: ${destination.tips[0]}`);
  return { text: parts.join(" "), sources: destination.sources };
}

// ── ranker ─────────────────────────────────────────────────────────────────

function rank(input: RankInput, repair: string[]): RankOutput {
  // On a repair round, leave out every destination a validator named.
  const rejected = new Set(
    input.candidates.filter((c) => repair.some((p) => p.includes(c.name) || p.includes(c.slug))).map((c) => c.slug),
  );
  const usable = input.candidates.filter((c) => !rejected.has(c.slug) && c.activities.length >= 2);
  const score = (c: RankInput["candidates"][number]) =>
    c.vibeMatch * 2 + (c.verified ? 0.5 : 0) - c.stretches.length * 0.4 - c.cost.high / 20_000;
  const sorted = [...usable].sort((a, b) => score(b) - score(a) || a.slug.localeCompare(b.slug));
  const consensus = sorted.filter((c) => c.stretches.length === 0);
  const compromise = sorted.filter((c) => c.stretches.length > 0);
  // With a budget conflict the group sees both kinds: options inside everyone's budget, and ones that ask someone to stretch.
  let chosen = input.budgetConflict
    ? [...consensus.slice(0, 3), ...compromise.slice(0, 2)]
    : [...consensus, ...compromise].slice(0, input.max);
  if (chosen.length < input.min) chosen = sorted.slice(0, input.max);
  chosen = chosen.slice(0, input.max);
  return { options: chosen.map((c) => rankedOption(c, input)) };
}

function rankedOption(c: RankInput["candidates"][number], input: RankInput): RankedOption {
  const shared = c.vibes.filter((v) => input.groupVibes.includes(v));
  const price =
    c.cost.low === c.cost.high
      ? `About $${c.cost.high.toLocaleString("en-US")}`
      : `About $${c.cost.low.toLocaleString("en-US")}–$${c.cost.high.toLocaleString("en-US")}`;
  const why = [
    shared.length
      ? `Lines up with what the group wants: ${shared.slice(0, 3).join(", ")}.`
      : `A change of scene with ${c.vibes.slice(0, 2).join(" and ")}.`,
    c.stretches.length === 0 ? `${price} per person, inside everyone's budget.` : `${price} per person.`,
  ];
  if (input.needs.length) why.push(`Plenty to do that works for the group's needs (${input.needs.join(", ")}).`);
  if (c.climate) why.push(c.climate);

  const tradeoffs: RankedOption["tradeoffs"] = c.stretches.map((s) => ({
    summary: `Goes up to $${s.over.toLocaleString("en-US")} over ${s.name}'s budget.`,
    memberIds: [s.memberId],
  }));
  if (!c.verified)
    tradeoffs.push({ summary: "We couldn't verify current details; check prices before booking.", memberIds: [] });
  if (c.keywords.includes("long flight"))
    tradeoffs.push({ summary: "A long flight for most of the group.", memberIds: [] });
  if (c.keywords.includes("crowds"))
    tradeoffs.push({ summary: "Busy with crowds at the popular sights.", memberIds: [] });
  if (tradeoffs.length === 0)
    tradeoffs.push({ summary: "Fewer options for a very different vibe on day 2.", memberIds: [] });

  return {
    slug: c.slug,
    whyItFits: why.slice(0, 4),
    highlights: pickHighlights(c.activities, input.groupVibes),
    tradeoffs: tradeoffs.slice(0, 3),
    confidence: !c.verified ? "low" : c.stretches.length || input.datesPending ? "medium" : "high",
    sourceUrls: c.sourceUrls.slice(0, 3),
  };
}

/** Two days, a daytime and an evening slot each, favouring activities that match the group's vibes. */
function pickHighlights(
  activities: RankInput["candidates"][number]["activities"],
  vibes: string[],
): RankedOption["highlights"] {
  const byFit = [...activities].sort(
    (a, b) => b.vibes.filter((v) => vibes.includes(v)).length - a.vibes.filter((v) => vibes.includes(v)).length,
  );
  const used = new Set<string>();
  const take = (times: string[]) => {
    const found =
      byFit.find((a) => !used.has(a.id) && times.includes(a.bestTime)) ?? byFit.find((a) => !used.has(a.id));
    if (found) used.add(found.id);
    return found;
  };
  const slots: [1 | 2, string[]][] = [
    [1, ["morning", "afternoon", "any"]],
    [1, ["evening", "any"]],
    [2, ["morning", "afternoon", "any"]],
    [2, ["evening", "any"]],
  ];
  return slots.flatMap(([day, times]) => {
    const a = take(times);
    return a
      ? [
          {
            day,
            timeOfDay: a.bestTime,
            activityId: a.id,
            title: a.title,
            area: a.area,
          } as RankedOption["highlights"][number],
        ]
      : [];
  });
}
