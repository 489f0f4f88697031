import { allDestinations, findDestination } from "@/lib/catalog";
import { joinAnd, MONTH_NAMES } from "@/lib/format";
import {
  type CandidatePicks,
  CandidatesInput,
  type CardCandidate,
  CardInput,
  ExplainInput,
  type ExplainOutput,
  GuardInput,
  type GuardVerdict,
  NormalizeInput,
  type NormalizeOutput,
  type RankedOption,
  ResearchInput,
  type ShortlistCandidate,
  ShortlistInput,
  type ShortlistOutput,
} from "@/lib/schemas/agent-io";
import type { Source } from "@/lib/schemas/catalog";
import {
  CostNotesInput,
  type CostNotesOutput,
  DraftDayInput,
  type DraftDayOutput,
  PolishInput,
  type PolishOutput,
} from "@/lib/schemas/itinerary-pipeline";
import type { Vibe } from "@/lib/schemas/preferences";
import type { ResearchedActivities, ResearchedMeals, ResearchedPlaceOverview } from "@/lib/schemas/researched";

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
  "scout",
  "research",
  "shortlist",
  "card",
  "draft-day",
  "cost-notes",
  "polish",
  "place-research",
  "extract-place",
  "extract-activities",
  "extract-meals",
] as const;
export type OfflineTask = (typeof OFFLINE_TASKS)[number];

export type OfflineAnswer = { json?: unknown; text?: string; sources?: Source[] };

/**
 * The "rule-breaking" fault: a schema-valid answer that breaks the rules it was given —
 * a shortlist naming a destination that isn't eligible or that nobody researched, a card
 * whose first highlight is an activity outside its candidate's list (one that fails
 * someone's constraint, when there is one; else one the destination doesn't have), a day written for an
 * activity it doesn't have. Only checks catch it.
 */
export function breakRules(task: OfflineTask, answer: OfflineAnswer, input: unknown): OfflineAnswer {
  if (task === "candidates") {
    const { eligible } = CandidatesInput.parse(input);
    const outsider = allDestinations().find((d) => !eligible.some((e) => e.slug === d.slug));
    const picks = (answer.json as CandidatePicks).picks;
    return outsider ? { json: { picks: [...picks, { slug: outsider.slug, rationale: "A wildcard." }] } } : answer;
  }
  if (task === "shortlist") {
    // A destination nobody shortlisted as a candidate, slipped in last.
    const { candidates } = ShortlistInput.parse(input);
    const picks = [...(answer.json as ShortlistOutput).picks];
    const stranger = allDestinations().find((d) => !candidates.some((c) => c.slug === d.slug));
    if (stranger && picks.length > 1) picks[picks.length - 1] = { slug: stranger.slug, reason: "A wildcard." };
    return { json: { picks } };
  }
  if (task === "card") {
    // A highlight outside the candidate's list (one that fails someone's constraint, when there is one).
    const { candidate } = CardInput.parse(input);
    const option = structuredClone(answer.json as RankedOption);
    const outside = findDestination(candidate.slug)?.activities.find(
      (a) => !candidate.activities.some((x) => x.id === a.id),
    );
    const first = option.highlights[0];
    if (first) {
      // Every activity there suits the group: one the destination doesn't have at all.
      option.highlights[0] = outside
        ? { ...first, activityId: outside.id, title: outside.title, area: outside.area }
        : { ...first, activityId: `${first.activityId}-elsewhere` };
    }
    return { json: option };
  }
  if (task === "draft-day") {
    // Words for an activity the day doesn't have, in place of one it does.
    const day = answer.json as DraftDayOutput;
    const [first, ...rest] = day.items;
    if (!first) return answer;
    return { json: { ...day, items: [...rest, { ...first, activityId: `${first.activityId}-elsewhere` }] } };
  }
  return answer;
}

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
    // The offline model knows only the catalog: it proposes nothing beyond it.
    case "scout":
      return { json: { places: [] } };
    case "research":
      return research(ResearchInput.parse(input));
    case "shortlist":
      return { json: shortlist(ShortlistInput.parse(input), repair) };
    case "card": {
      const card = CardInput.parse(input);
      return { json: rankedOption(card.candidate, card) };
    }
    case "draft-day":
      return { json: draftDay(DraftDayInput.parse(input)) };
    case "cost-notes":
      return { json: costNotes(CostNotesInput.parse(input)) };
    case "polish":
      return { json: polish(PolishInput.parse(input)) };
    // The offline planner knows only the catalog: it doesn't research the world. Researching a
    // place offline finds nothing (no text, no sources), and extraction from nothing is empty.
    case "place-research":
      return { text: "", sources: [] };
    case "extract-place":
      return { json: EMPTY_RESEARCHED_PLACE };
    case "extract-activities":
      return { json: { activities: [] } satisfies ResearchedActivities };
    case "extract-meals":
      return { json: { meals: [] } satisfies ResearchedMeals };
  }
}

// ── itinerary: a day's words, cost notes, polish ───────────────────────────

function draftDay(input: DraftDayInput): DraftDayOutput {
  const focus = input.items[0]?.area ?? input.area;
  const titles = input.items.map((i) => i.title);
  const candidates = [
    `${focus}: ${titles.slice(0, 2).join(" and ")}`,
    `${focus}: ${titles[0] ?? ""}`,
    titles[0] ?? "",
    focus,
  ];
  const fitting = candidates.find((t) => t.length >= 3 && t.length <= 110);
  return {
    title: titles.length
      ? (fitting ?? `${(titles[0] ?? "").slice(0, 100)}…`)
      : `${input.area.slice(0, 100)}: a free day`,
    items: input.items.map((i) => ({
      activityId: i.activityId,
      description: i.description,
      tips: i.tips.slice(0, 2),
    })),
  };
}

function costNotes(input: CostNotesInput): CostNotesOutput {
  const notes: string[] = [];
  if (input.flights.some((f) => f.hours >= 8))
    notes.push("Long-haul fares swing the most with the season: book the flights first.");
  if (input.months.some((m) => m >= 6 && m <= 8))
    notes.push(`Summer is peak season in ${input.destination}: lodging can cost more than the typical figure.`);
  if (input.months.some((m) => m === 12 || m === 1))
    notes.push("Holiday weeks push lodging prices above the typical figure.");
  const priciest = [...input.paidItems].sort((a, b) => b.costUsd - a.costUsd)[0];
  if (priciest && priciest.costUsd >= 60)
    notes.push(`${priciest.title} is the biggest single ticket; its price can vary by date and time.`);
  if (input.tiers.includes("premium"))
    notes.push("Premium stays vary widely; the figure is a typical one, not a quote.");
  if (notes.length === 0) notes.push("Prices are typical figures; check them when you book.");
  return { notes: notes.slice(0, 5) };
}

function polish(input: PolishInput): PolishOutput {
  return {
    titles: input.days.map((d) => ({
      day: d.day,
      title: `Day ${d.day} · ${d.title}`.slice(0, 120),
    })),
    assumptions: input.assumptions.slice(0, 10),
  };
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
/**
 * Words that speak against a vibe as a whole: "I hate museums" is against museums and
 * galleries (read as a dislike of that kind, lib/constraints/reading.ts), not against all
 * culture; "no culture trips" is.
 */
const AVERSION_WORDS: Record<Vibe, string[]> = {
  beach: ["beach", "beaches", "seaside"],
  city: ["city", "cities", "urban"],
  nature: ["nature", "outdoors"],
  adventure: ["adventure", "adventures", "adventurous"],
  culture: ["culture", "cultural"],
  food: ["food", "foodie"],
  nightlife: ["nightlife", "party", "partying", "clubbing", "clubs"],
  relaxation: ["relaxing", "relaxation", "lazy"],
  history: ["history", "historic", "historical"],
  wellness: ["wellness"],
  shopping: ["shopping"],
  "winter-sports": ["ski", "skiing", "snowboarding", "winter sports"],
};
const VAGUE =
  /\b(whatever|anything (works|goes|is fine)|don'?t care|no preference|up to (you|the group)|easy ?going|open to anything|i'?m easy|fine with (anything|all))\b/;

/** Words that turn a clause against what it names ("I hate museums", "no beaches", "anything but cold"). */
const AGAINST =
  /\b(hate|hates|dislike|dislikes|not into|not a fan|no|not|never|avoid|avoiding|can'?t stand|don'?t (like|want|enjoy|need)|skip|boring|sick of|tired of|rather not|allergic to|without|except)\b/;

function normalize(input: NormalizeInput): NormalizeOutput {
  const notes = (input.notes ?? "").toLowerCase();
  // "Anything but cold": what follows "anything but" is spoken against.
  const clauses = [
    ...notes.replace(/\banything but\b/g, "avoid").split(/[.,;!?\n]|\bbut\b|\bthough\b|\bwhile\b/),
    ...(input.mustHaves ?? []).map((m) => m.toLowerCase()),
  ];
  const inferred = new Set<Vibe>();
  const aversions = new Set<Vibe>();
  for (const clause of clauses) {
    const words = ` ${clause.replace(/[^a-z0-9' ]+/g, " ").replace(/\s+/g, " ")} `;
    const against = AGAINST.test(clause);
    for (const vibe of Object.keys(VIBE_WORDS) as Vibe[]) {
      const list = against ? AVERSION_WORDS[vibe] : VIBE_WORDS[vibe];
      if (!list.some((w) => words.includes(` ${w} `))) continue;
      (against ? aversions : inferred).add(vibe);
    }
  }
  for (const v of aversions) inferred.delete(v);
  for (const v of input.formVibes) inferred.delete(v);
  const amounts = [...notes.matchAll(/\$\s?(\d[\d,]*)/g)].map((m) => Number((m[1] ?? "").replace(/,/g, "")));
  const valid = amounts.filter((n) => Number.isFinite(n) && n > 0 && n < 1_000_000).sort((a, b) => a - b);
  const budgetHint =
    input.hasBudget || valid.length === 0
      ? null
      : valid.length === 1
        ? { min: Math.round((valid[0] ?? 0) * 0.7), max: valid[0] ?? 0 }
        : { min: valid[0] ?? 0, max: valid[valid.length - 1] ?? 0 };
  const signal = inferred.size + aversions.size + (budgetHint ? 1 : 0);
  const vague = notes.trim() === "" ? input.formVibes.length === 0 && signal === 0 : VAGUE.test(notes) || signal === 0;
  const read = [
    inferred.size ? `likes ${[...inferred].join(", ")}` : null,
    aversions.size ? `not keen on ${[...aversions].join(", ")}` : null,
    budgetHint ? `a budget around $${budgetHint.max}` : null,
  ].filter(Boolean);
  const summary =
    !input.notes && !input.mustHaves
      ? "No notes."
      : vague
        ? `Few specifics, so we read it loosely: ${read.length ? read.join("; ") : "nothing beyond the form"}.`
        : `Read as: ${read.join("; ") || "the vibes on the form"}.`;
  return { inferredVibes: [...inferred], aversions: [...aversions], budgetHint, vague, summary };
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

/**
 * A place that offers one of the group's must-haves moves up a little: 0.1 per must-have
 * it offers, at most 0.2 — about one vibe of difference, less than a country already on
 * the list costs. Nobody's must-haves, no change.
 */
const MUST_HAVE_BOOST = 0.1;
const MUST_HAVE_BOOST_MAX = 0.2;
/**
 * Scope, when the group is split on it: each member a place leaves out of their own scope
 * counts against it, and a place that keeps everyone in theirs (Reykjavik for an Icelander
 * who wants home and friends who want abroad) comes ahead, even though someone lives there.
 */
const SCOPE_MISS_PENALTY = 0.3;
const SCOPE_BOTH_SIDES_BOOST = 1.5;

function candidates(input: CandidatesInput): CandidatePicks {
  // Best matches first (a place with a must-have a little ahead); a place someone lives in
  // only when little else fits; then spread: each pick from a country or region already on
  // the list counts for less. Members' suggestions get no boost here: the generator adds
  // them to whatever is picked.
  const base = (c: CandidatesInput["eligible"][number]) =>
    c.vibeMatch +
    Math.min(MUST_HAVE_BOOST_MAX, MUST_HAVE_BOOST * c.mustHavesMet.length) -
    (c.someoneLivesThere ? 1 : 0) -
    SCOPE_MISS_PENALTY * c.scopeMisses +
    (c.suitsEverySide ? SCOPE_BOTH_SIDES_BOOST : 0);
  const left = [...input.eligible].sort((a, b) => base(b) - base(a) || a.slug.localeCompare(b.slug));
  const count = Math.min(left.length, input.max);
  const picked: typeof left = [];
  while (picked.length < count) {
    const score = (c: (typeof left)[number]) =>
      base(c) -
      0.5 * picked.filter((p) => p.country === c.country).length -
      0.2 * picked.filter((p) => p.region === c.region).length;
    const next = left.reduce((best, c) => (score(c) > score(best) ? c : best));
    picked.push(next);
    left.splice(left.indexOf(next), 1);
  }
  return {
    picks: picked.map((d) => ({
      slug: d.slug,
      rationale: `${d.name} matches ${Math.round(d.vibeMatch * 100)}% of what the group likes (${d.vibes.slice(0, 3).join(", ")})${d.mustHavesMet.length ? ", and it has something from the group's must-haves" : ""}.`,
    })),
  };
}

// ── research ───────────────────────────────────────────────────────────────

function research(input: ResearchInput): OfflineAnswer {
  const destination = findDestination(input.slug);
  if (!destination) return { text: `No reliable information found for ${input.name}.`, sources: [] };
  const parts = [destination.summary];
  for (const month of input.months) {
    const climate = destination.climate.find((c) => c.month === month);
    if (climate) {
      parts.push(
        `In ${MONTH_NAMES[month - 1]} expect highs around ${climate.highC}°C, lows around ${climate.lowC}°C and about ${climate.rainyDays} rainy days.`,
      );
    }
  }
  if (destination.tips[0]) parts.push(`Tip: ${destination.tips[0]}`);
  return { text: parts.join(" "), sources: destination.sources };
}

// ── ranker ─────────────────────────────────────────────────────────────────

/** "Ana, Ben and Cy", or "Ana, Ben and 5 others" for a big group (a card's sentence stays short). */
function fewNames(names: string[]): string {
  return names.length <= 3 ? joinAnd(names) : `${names.slice(0, 2).join(", ")} and ${names.length - 2} others`;
}

const VIBE_PHRASES: Record<string, string> = {
  beach: "beach time",
  city: "a big city",
  nature: "the outdoors",
  adventure: "adventure",
  culture: "culture",
  food: "great food",
  nightlife: "nightlife",
  relaxation: "time to relax",
  history: "history",
  wellness: "wellness",
  shopping: "shopping",
  "winter-sports": "snow sports",
};

function shortlist(input: ShortlistInput, repair: string[]): ShortlistOutput {
  // On a repair round, leave out every destination a validator named.
  const rejected = new Set(
    input.candidates.filter((c) => repair.some((p) => p.includes(c.name) || p.includes(c.slug))).map((c) => c.slug),
  );
  const usable = input.candidates.filter((c) => !rejected.has(c.slug) && c.activityCount >= 2);
  const score = (c: ShortlistCandidate) =>
    c.vibeMatch * 2 -
    c.stretchCount * 0.4 -
    (c.members.some((m) => m.livesThere) ? 1 : 0) -
    c.members.reduce((n, m) => n + m.dislikes.length, 0) * 0.3 -
    c.members.filter((m) => m.outOfScope).length * SCOPE_MISS_PENALTY +
    (c.suitsEverySide ? SCOPE_BOTH_SIDES_BOOST : 0);
  const sorted = [...usable].sort((a, b) => score(b) - score(a) || a.slug.localeCompare(b.slug));
  // At most two per country, so the slate is spread when the shortlist allows.
  const spread = (list: ShortlistCandidate[], max: number) => {
    const out: ShortlistCandidate[] = [];
    for (const c of list) {
      if (out.filter((o) => o.country === c.country).length < 2 && out.length < max) out.push(c);
    }
    return out;
  };
  const consensus = sorted.filter((c) => c.stretchCount === 0);
  const compromise = sorted.filter((c) => c.stretchCount > 0);
  // With a budget conflict the group sees both kinds: options inside everyone's budget, and ones that ask someone to stretch.
  let chosen = input.budgetConflict
    ? spread([...consensus.slice(0, 3), ...compromise], input.max)
    : spread([...consensus, ...compromise], input.max);
  if (chosen.length < input.min) chosen = sorted.slice(0, input.max);
  return {
    picks: chosen.map((c) => ({
      slug: c.slug,
      reason: c.stretchCount ? `${c.name}: a strong fit that asks someone to stretch` : `${c.name}: a strong fit`,
    })),
  };
}

function rankedOption(c: CardCandidate, input: Omit<CardInput, "candidate">): RankedOption {
  const highlights = pickHighlights(c.activities, input.groupVibes, input.aversions);
  const suited = c.members.filter((m) => m.gets.length > 0 && !m.livesThere);
  const why: string[] = [];
  if (suited.length) {
    // "Tulum gives Olga and Ben beach time, and Cleo great food."
    const byVibe = new Map<string, string[]>();
    for (const m of suited) for (const v of m.gets) byVibe.set(v, [...(byVibe.get(v) ?? []), m.name]);
    const named = new Set<string>();
    const parts: string[] = [];
    for (const [vibe, names] of [...byVibe].sort((a, b) => b[1].length - a[1].length)) {
      const fresh = names.filter((n) => !named.has(n));
      if (fresh.length === 0 || parts.length === 3) continue;
      for (const n of fresh) named.add(n);
      parts.push(`${fewNames(fresh)} ${VIBE_PHRASES[vibe] ?? vibe}`);
    }
    why.push(`${c.name} gives ${joinAnd(parts)}.`);
  } else {
    why.push(`${c.name} brings ${c.vibes.slice(0, 2).join(" and ")} to a group that hasn't settled on a style yet.`);
  }
  const [first] = highlights;
  if (first) why.push(`${first.title} in ${first.area} anchors the first day.`);
  if (c.climate) why.push(`${c.name}: ${c.climate.replace(/^In /, "in ")}`);
  if (input.needs.length) why.push(`${c.name} has enough that works for everyone's needs (${input.needs.join(", ")}).`);

  const tradeoffs: RankedOption["tradeoffs"] = [];
  for (const m of c.members.filter((x) => x.livesThere)) {
    tradeoffs.push({
      summary: `${m.name} lives in ${c.name}, so it's less of a getaway for them.`,
      memberIds: [m.memberId],
    });
  }
  for (const m of c.members.filter((x) => x.dislikes.length).slice(0, 2)) {
    tradeoffs.push({
      summary: `${m.name} isn't keen on ${m.dislikes.join(" or ")}, which ${c.name} is known for.`,
      memberIds: [m.memberId],
    });
  }
  for (const m of c.members.filter((x) => x.missing.length && x.gets.length === 0).slice(0, 2)) {
    tradeoffs.push({
      summary: `${m.name} won't find much ${m.missing.slice(0, 2).join(" or ")} in ${c.name}.`,
      memberIds: [m.memberId],
    });
  }
  if (!c.verified)
    tradeoffs.push({
      summary: `We couldn't verify current details for ${c.name}; check them before booking.`,
      memberIds: [],
    });
  if (c.keywords.includes("crowds"))
    tradeoffs.push({ summary: `${c.name}'s best-known sights are busy with crowds.`, memberIds: [] });
  if (tradeoffs.length === 0) {
    tradeoffs.push({
      summary: `${c.name} has less variety if the group wants a change of pace later in the trip.`,
      memberIds: [],
    });
  }
  return {
    slug: c.slug,
    whyItFits: why.slice(0, 4),
    highlights,
    tradeoffs: tradeoffs.slice(0, 3),
    confidence: !c.verified ? "low" : c.stretchCount || input.datesPending ? "medium" : "high",
    sourceUrls: c.sourceUrls.slice(0, 3),
  };
}

/** Two days, a daytime and an evening slot each, favouring what the group likes and never what someone dislikes. */
function pickHighlights(
  activities: CardCandidate["activities"],
  vibes: string[],
  aversions: string[],
): RankedOption["highlights"] {
  const matches = (a: CardCandidate["activities"][number]) => a.vibes.filter((v) => vibes.includes(v)).length;
  const byFit = activities
    .filter((a) => !aversions.includes(a.vibes[0] ?? ""))
    .sort((a, b) => matches(b) - matches(a) || a.id.localeCompare(b.id));
  const pool = byFit.length >= 2 ? byFit : [...activities];
  const used = new Set<string>();
  const take = (times: string[]) => {
    const found = pool.find((a) => !used.has(a.id) && times.includes(a.bestTime)) ?? pool.find((a) => !used.has(a.id));
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

// ── place research (never offline: nothing to find) ─────────────────────────

const NO_TEXT = { text: "", source: 0 };

/** A place that says nothing: every fact unsourced, so no facts are made of it. */
const EMPTY_RESEARCHED_PLACE: ResearchedPlaceOverview = {
  name: "",
  country: "",
  countryCode: "",
  coordinates: { lat: 0, lon: 0 },
  timezone: "",
  summary: "",
  vibes: [],
  accessibility: [],
  dietary: [],
  keywords: [],
  source: 0,
  dailyCostUsd: { budget: 0, midrange: 0, premium: 0, source: 0 },
  fares: [],
  climate: [],
  areas: [],
  practical: {
    currency: { code: "", source: 0 },
    languages: { names: [], source: 0 },
    emergencyNumber: { number: "", source: 0 },
    airport: { code: "", name: "", source: 0 },
    airportTransfer: NO_TEXT,
    localTransport: [],
    passes: [],
    safety: NO_TEXT,
    health: NO_TEXT,
    stayAreas: [],
  },
  tips: [],
};
