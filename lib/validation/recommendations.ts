import "server-only";
import { isDeepStrictEqual } from "node:util";
import { screen } from "@/lib/agents/screening";
import { addDays, daysBetweenInclusive } from "@/lib/dates";
import { type DestinationFacts, factsFor } from "@/lib/facts";
import { travelBetween } from "@/lib/facts/travel";
import { exceeds, formatBudget, overByUsd } from "@/lib/money/budget";
import type { Source } from "@/lib/schemas/catalog";
import type { ConflictDecision } from "@/lib/schemas/decisions";
import type { RawMember } from "@/lib/schemas/pipeline";
import type { DestinationOption, Exclusion, RecommendationsPack } from "@/lib/schemas/recommendations";
import { type MemberView, viewMember } from "@/lib/validation/member-view";
import {
  activityBreaks,
  available,
  budgetLabelBreak,
  cardActivities,
  costFor,
  destinationBreaks,
  everyDay,
  MIN_ACTIVITIES,
  memberPhrases,
  monthsBetween,
  normalise,
  sameSet,
  type Tier,
} from "@/lib/validation/rules";

/**
 * The compliance validator for recommendation packs. It recomputes every figure and
 * judges every hard constraint itself, from the raw catalog facts and each member's raw
 * answers — it imports nothing from the planner's pricing or filtering — and it gates
 * every stored pack:
 *   dates and nights agree and fit the group's answers (and the trip is the longest the
 *   caps allow); each member's own total, line by line, from their own home and tier;
 *   every hard cap, diet, access need and hard no, per member; budget mode and who
 *   stretches; highlights, sources and options grounded in research; no sentence
 *   repeated across cards, no member's words echoed, options spread across countries;
 *   and every exclusion justified by a named member's own total or rule.
 */

export type Violation = { slug: string | null; rule: string; message: string };

export type Evidence = {
  members: RawMember[];
  /** Slugs the pack may recommend (the shortlist). */
  candidates: string[];
  /** What research found per candidate: its sources and the activities it may name. */
  research: Record<
    string,
    { verified: boolean; sources: Source[]; activityIds: string[]; web?: DestinationOption["web"] }
  >;
  /** Where destination facts come from (the facts interface; tests pin hand-made ones). */
  facts?: (slug: string) => DestinationFacts | undefined;
  /** The organizer's decisions the run read (a decided scope applies to every member instead of their own). */
  decisions?: ConflictDecision[];
};

type Pack = RecommendationsPack;

export function validateRecommendations(pack: Pack, evidence: Evidence): Violation[] {
  const ctx = context(pack, evidence);
  const violations: Violation[] = [...checkFrame(pack, ctx)];
  for (const exclusion of pack.excluded) violations.push(...checkExclusion(exclusion, pack, ctx));
  if (pack.status !== "ready") return violations;
  violations.push(...checkSlate(pack.options, ctx, pack.onlyFit ?? null));
  for (const option of pack.options) violations.push(...validateOption(option, pack, ctx));
  return violations;
}

// ── Context: the group, read from raw answers ────────────────────────────────

type Context = {
  evidence: Evidence;
  factsOf: (slug: string) => DestinationFacts | undefined;
  respondents: MemberView[];
  groupTier: Tier;
  scopeSplit: boolean;
  decidedScope: "domestic" | "international" | null;
  /** The organizer's decision on the dates, if any: it settles them. */
  decidedDates: { start: string; end: string } | null;
  shortestAccepted: number;
  longestAccepted: number;
};

function context(_pack: Pack, evidence: Evidence): Context {
  const respondents = evidence.members.flatMap((m) =>
    m.preferences ? [viewMember({ id: m.id, name: m.name, preferences: m.preferences })] : [],
  );
  const count = { budget: 0, midrange: 0, premium: 0 };
  for (const r of respondents) if (r.prefs.accommodation) count[r.prefs.accommodation]++;
  const groupTier: Tier =
    count.budget > 0 && count.budget >= count.midrange && count.budget >= count.premium
      ? "budget"
      : count.premium > count.midrange
        ? "premium"
        : "midrange";
  const mins = respondents.map((r) => r.prefs.tripLength.minDays);
  const maxes = respondents.map((r) => r.prefs.tripLength.maxDays);
  const longestAccepted = maxes.length ? Math.min(...maxes) : 30;
  const shortestAccepted = Math.min(mins.length ? Math.max(...mins) : 1, longestAccepted);
  return {
    evidence,
    factsOf: evidence.facts ?? factsFor,
    respondents,
    groupTier,
    scopeSplit:
      respondents.some((r) => r.prefs.scope === "domestic") &&
      respondents.some((r) => r.prefs.scope === "international"),
    decidedScope: evidence.decisions?.flatMap((d) => (d.kind === "scope" ? [d.scope] : []))[0] ?? null,
    decidedDates: evidence.decisions?.find((d) => d.kind === "dates") ?? null,
    shortestAccepted,
    longestAccepted,
  };
}

// ── The planning frame ───────────────────────────────────────────────────────

function checkFrame(pack: Pack, ctx: Context): Violation[] {
  const v: Violation[] = [];
  const bad = (message: string) => v.push({ slug: null, rule: "dates", message });
  const { frame, plannedOn } = pack;
  if (ctx.respondents.length === 0) return v;
  const windowDays = frame.window
    ? daysBetweenInclusive(frame.window.start, frame.window.end)
    : Number.POSITIVE_INFINITY;
  if (frame.maxDays !== Math.min(ctx.longestAccepted, windowDays)) {
    bad(
      `The longest trip must be ${Math.min(ctx.longestAccepted, windowDays)} days (what everyone accepts, within the dates), not ${frame.maxDays}.`,
    );
  }
  if (frame.minDays !== Math.min(ctx.shortestAccepted, frame.maxDays)) {
    bad(`The shortest trip must be ${Math.min(ctx.shortestAccepted, frame.maxDays)} days, not ${frame.minDays}.`);
  }
  if (frame.window) {
    if (frame.window.start <= plannedOn)
      bad(`The dates start on ${frame.window.start}, which is not after ${plannedOn}.`);
    const everyoneCan = everyDay(frame.window.start, frame.window.end).every((day) =>
      ctx.respondents.every((r) => available(r, day)),
    );
    // The organizer's decision settles the dates even when someone can't make all of them.
    const settled = everyoneCan || ctx.decidedDates !== null;
    if (settled === frame.datesPending) {
      bad(
        everyoneCan
          ? "Everyone can make these dates: they are not pending."
          : settled
            ? "The organizer decided the dates: they are not pending."
            : "Not everyone can make these dates: they are pending.",
      );
    }
  } else if (!frame.datesPending) bad("Without dates, the dates are pending.");
  return v;
}

// ── One option ───────────────────────────────────────────────────────────────

export function validateOption(option: DestinationOption, pack: Pack, ctx: Context): Violation[] {
  const violations: Violation[] = [];
  const v = (rule: string, message: string) => violations.push({ slug: option.slug, rule, message });
  const facts = ctx.factsOf(option.slug);
  if (!facts) {
    v("unknown-destination", `"${option.slug}" is not a destination we have facts for.`);
    return violations;
  }
  const { trip } = option;

  // Dates that agree with nights, inside the frame, longest the caps allow.
  if (trip.days !== trip.nights + 1) v("dates", `${option.name}: ${trip.days} days must be ${trip.nights} nights + 1.`);
  const expectedStart = pack.frame.window?.start ?? null;
  if (trip.start !== expectedStart)
    v("dates", `${option.name}: the trip must start on ${expectedStart ?? "dates to be decided"}.`);
  if (trip.start && trip.end !== addDays(trip.start, trip.nights)) {
    v("dates", `${option.name}: ${trip.start} to ${trip.end} is not ${trip.nights} nights.`);
  }
  if (trip.datesPending !== pack.frame.datesPending)
    v("dates", `${option.name}: datesPending must be ${pack.frame.datesPending}.`);
  if (trip.days < pack.frame.minDays || trip.days > pack.frame.maxDays) {
    v("dates", `${option.name}: ${trip.days} days is outside ${pack.frame.minDays}–${pack.frame.maxDays}.`);
  }
  const months = trip.start && trip.end ? monthsBetween(trip.start, trip.end) : null;

  // Each member's own cost, recomputed line by line.
  const totals = new Map<string, number>();
  for (const member of ctx.respondents) {
    const claimed = option.costs.find((c) => c.memberId === member.id);
    const expected = costFor(facts, member, trip.nights, cardActivities(facts, trip.days), ctx.groupTier);
    totals.set(member.id, expected.total);
    if (!claimed) {
      v("cost", `${option.name}: no cost for ${member.name}.`);
      continue;
    }
    const line = (item: string) => claimed.lines.find((l) => l.item === item)?.usd;
    if (claimed.tier !== expected.tier)
      v("cost", `${option.name}: ${member.name}'s stay should be ${expected.tier}, not ${claimed.tier}.`);
    if (expected.travel === undefined) {
      // No price from a home the member didn't confirm: no travel line, and the card says so.
      if (line("travel") !== undefined || claimed.verified)
        v("cost", `${option.name}: ${member.name}'s home isn't confirmed, so their travel must be left out.`);
    } else if (line("travel") !== expected.travel)
      v("cost", `${option.name}: ${member.name}'s round trip is $${expected.travel}, not $${line("travel")}.`);
    if (line("stay") !== expected.stay)
      v("cost", `${option.name}: ${member.name}'s ${trip.nights} nights cost $${expected.stay}, not $${line("stay")}.`);
    if (line("activities") !== expected.activities)
      v(
        "cost",
        `${option.name}: ${member.name}'s activities come to $${expected.activities}, not $${line("activities")}.`,
      );
    if (claimed.total !== expected.total)
      v("cost", `${option.name}: ${member.name}'s total is $${expected.total}, not $${claimed.total}.`);
    // The card shows the claimed total: neither it nor the real one may pass the member's hard cap.
    const highest = Math.max(expected.total, claimed.total);
    if (member.hardCap !== null && exceeds(highest, member.hardCap)) {
      v(
        "hard-cap",
        `${option.name}: ${member.name}'s own total $${highest} is over their ${formatBudget(member.hardCap)} hard cap.`,
      );
    }
    const over = overByUsd(expected.total, member.max);
    if (claimed.overBy !== over)
      v("cost", `${option.name}: ${member.name} is $${over} over their budget, not $${claimed.overBy}.`);
  }
  for (const c of option.costs) {
    if (!ctx.respondents.some((r) => r.id === c.memberId))
      v("cost", `${option.name}: a cost for someone who hasn't answered.`);
  }
  const all = [...totals.values()];
  if (all.length) {
    const lo = Math.min(...all);
    const hi = Math.max(...all);
    const { low, high } = option.costPerPerson;
    if (low > lo || lo - low >= 10 || high < hi || high - hi >= 10) {
      v(
        "cost",
        `${option.name}: the range $${low}–$${high} must span the members' own totals $${lo}–$${hi} (rounded outward).`,
      );
    }
  }
  const stretched = ctx.respondents.filter((r) => overByUsd(totals.get(r.id) ?? 0, r.max) > 0).map((r) => r.id);
  if (!sameSet(stretched, option.impactedMemberIds))
    v("mode", `${option.name}: who stretches must be exactly those over their own budget.`);
  const label = budgetLabelBreak(option.mode, ctx.respondents, stretched.length);
  if (label) v("mode", `${option.name}: ${label}`);

  // Maximal length: one more day must break someone's hard cap (or the frame).
  if (trip.days < pack.frame.maxDays) {
    const longer = trip.days + 1;
    const fits = ctx.respondents.every(
      (m) =>
        m.hardCap === null ||
        !exceeds(costFor(facts, m, longer - 1, cardActivities(facts, longer), ctx.groupTier).total, m.hardCap),
    );
    if (fits)
      v(
        "length",
        `${option.name}: ${longer} days fit every hard cap; the trip should be the longest everyone accepts.`,
      );
    if (!trip.lengthNote) v("length", `${option.name}: say why the trip is shorter than ${pack.frame.maxDays} days.`);
  }

  // Hard constraints, member by member, and somewhere the whole group can sit down to eat.
  for (const member of ctx.respondents) {
    for (const why of destinationBreaks(facts, member, months, { ...ctx, days: trip.days }))
      v("hard-constraint", `${option.name}: ${member.name}: ${why}.`);
  }
  if (!groupCanEat(facts, ctx.respondents))
    v("hard-constraint", `${option.name}: too few places to eat suit everyone for lunch and dinner.`);
  // Split on scope: nobody's side is forced, so every member the place leaves out of their
  // own scope (read from their answer and their home's country) must be named in a tradeoff.
  if (ctx.scopeSplit && !ctx.decidedScope) {
    for (const member of ctx.respondents) {
      const home = member.country?.code;
      const wanted = member.prefs.scope;
      if (!home || wanted === "either") continue;
      const left = wanted === "domestic" ? facts.countryCode !== home : facts.countryCode === home;
      const named = option.tradeoffs.some((t) => t.memberIds.includes(member.id) && t.summary.includes(member.name));
      if (left && !named)
        v(
          "scope-unnamed",
          `${option.name}: it is ${wanted === "domestic" ? `outside ${member.name}'s country (${home})` : `in ${member.name}'s own country (${home})`}; name them in a tradeoff.`,
        );
    }
  }
  // A need the place serves venue by venue is named on the card, with counts that are true.
  const partialNeeds = [...new Set(ctx.respondents.flatMap((m) => m.prefs.accessibility))].filter(
    (need) => !facts.accessibility.includes(need),
  );
  for (const need of partialNeeds) {
    const shown = option.access?.find((a) => a.need === need);
    const activities = facts.activities.filter((a) => a.accessibility.includes(need)).length;
    const areas = facts.practical.stayAreas.filter((x) => x.accessibility.includes(need)).map((x) => x.area);
    if (!shown || shown.activities.accessible !== activities || shown.activities.total !== facts.activities.length)
      v(
        "access",
        `${option.name}: say how many of its ${facts.activities.length} activities serve ${need} (${activities}).`,
      );
    else if (!sameSet(shown.stayAreas, areas)) v("access", `${option.name}: name where to stay for ${need}.`);
  }
  const homes = ctx.respondents
    .filter((m) => m.homeKnown && travelBetween(m.home, facts).mode === "home")
    .map((m) => m.id);
  if (!sameSet(homes, option.homeMemberIds))
    v("home", `${option.name}: who lives there must be named and priced without travel.`);

  // Highlights: real, grounded, and fine for every member.
  const research = ctx.evidence.research[option.slug];
  if (!ctx.evidence.candidates.includes(option.slug) || !research) {
    v("not-researched", `${option.name} was not among the researched candidates.`);
    return violations;
  }
  const days = new Set(option.highlights.map((h) => h.day));
  if (!days.has(1) || !days.has(2)) v("highlights", `${option.name}: give highlights for day 1 and day 2.`);
  for (const h of option.highlights) {
    const activity = facts.activities.find((a) => a.id === h.activityId);
    if (!activity) {
      v("ungrounded-highlight", `${option.name}: "${h.title}" is not one of its activities.`);
      continue;
    }
    if (!research.activityIds.includes(h.activityId))
      v("ungrounded-highlight", `${option.name}: "${h.title}" is not in its research.`);
    if (activity.title !== h.title || activity.area !== h.area) {
      v("ungrounded-highlight", `${option.name}: "${h.title}" must use the researched title and area.`);
    }
    for (const member of ctx.respondents) {
      for (const why of activityBreaks(activity, member))
        v("hard-constraint", `Highlight "${h.title}" in ${option.name}: ${member.name}: ${why}.`);
    }
  }
  const urls = new Set(research.sources.map((s) => s.url));
  for (const source of option.sources) {
    if (!urls.has(source.url)) v("ungrounded-source", `${option.name}: source ${source.url} is not from research.`);
  }
  if (research.verified && option.sources.length === 0) v("sources", `${option.name}: cite at least one source.`);
  if (option.verified !== research.verified) v("verified", `${option.name}: verified must be ${research.verified}.`);
  // What the card says research found is research's own, word for word, with its own sources.
  if (option.web && !isDeepStrictEqual(option.web, research.web ?? null)) {
    v("ungrounded-research", `${option.name}: what research found must be shown as research found it.`);
  }
  // Every text a member will read passes the guard's output check (rules): a line that
  // tries to instruct or is unsafe fails the card, whoever wrote it.
  const texts = [
    ...option.whyItFits,
    ...option.tradeoffs.map((t) => t.summary),
    ...option.highlights.map((h) => h.title),
    ...(option.web ? [option.web.summary, ...option.web.suggestions.map((s) => s.label)] : []),
  ];
  for (const text of texts) {
    const rule = screen(text);
    if (rule) v("unsafe-text", `${option.name}: a line fails the output check (${rule}).`);
  }
  return violations;
}

// ── The slate as a whole ─────────────────────────────────────────────────────

function checkSlate(options: DestinationOption[], ctx: Context, onlyFit: number | null): Violation[] {
  const v: Violation[] = [];
  // Fewer than three only when the pack says only that many fit everyone (and shows no more than that).
  const fewest = onlyFit !== null && onlyFit < 3 ? 1 : 3;
  if (options.length < fewest || options.length > 5 || (onlyFit !== null && options.length > onlyFit))
    v.push({ slug: null, rule: "count", message: `Give 3 to 5 options, not ${options.length}.` });
  const slugs = options.map((o) => o.slug);
  for (const slug of new Set(slugs.filter((s, i) => slugs.indexOf(s) !== i))) {
    v.push({ slug, rule: "duplicate", message: `${slug} appears twice.` });
  }
  const seen = new Map<string, string>();
  for (const option of options) {
    for (const sentence of [...option.whyItFits, ...option.tradeoffs.map((t) => t.summary)]) {
      const key = sentence.trim().toLowerCase();
      const other = seen.get(key);
      if (other && other !== option.slug) {
        v.push({
          slug: option.slug,
          rule: "repeated",
          message: `${option.name} repeats "${sentence}" from another card; say what is specific to it.`,
        });
      }
      seen.set(key, option.slug);
    }
  }
  const countries = new Set(options.map((o) => o.countryCode));
  const candidateCountries = new Set(ctx.evidence.candidates.map((s) => ctx.factsOf(s)?.countryCode));
  if (options.length >= 3 && countries.size === 1 && candidateCountries.size > 1) {
    v.push({
      slug: null,
      rule: "spread",
      message: "Every option is in one country; spread them across the countries on the shortlist.",
    });
  }
  const echoes = memberPhrases(ctx.evidence.members);
  for (const option of options) {
    const text = normalise([option.whyItFits.join(" "), option.tradeoffs.map((t) => t.summary).join(" ")].join(" "));
    if (echoes.some((phrase) => text.includes(phrase))) {
      v.push({
        slug: option.slug,
        rule: "echo",
        message: `${option.name}: don't quote members' free text; describe the fit in your own words.`,
      });
    }
  }
  return v;
}

// ── Exclusions: each justified by a named member's own total or rule ─────────

function checkExclusion(exclusion: Exclusion, pack: Pack, ctx: Context): Violation[] {
  const facts = ctx.factsOf(exclusion.slug);
  const bad = (message: string) => [{ slug: exclusion.slug, rule: "exclusion", message }];
  if (!facts) return bad(`${exclusion.slug} is not a destination we have facts for.`);
  const window = pack.frame.window;
  const months = window ? monthsBetween(window.start, addDays(window.start, pack.frame.maxDays - 1)) : null;
  const justified = exclusion.reasons.some((reason) => {
    if (reason.memberId === null) {
      if (reason.rule === "too-few-places-to-eat") return !groupCanEat(facts, ctx.respondents);
      if (reason.rule !== "too-few-activities") return false;
      const suitable = facts.activities.filter((a) => ctx.respondents.every((m) => activityBreaks(a, m).length === 0));
      return suitable.length < MIN_ACTIVITIES;
    }
    const member = ctx.respondents.find((m) => m.id === reason.memberId);
    if (!member) return false;
    if (reason.rule === "hard-cap") {
      const days = pack.frame.minDays;
      return (
        member.hardCap !== null &&
        exceeds(costFor(facts, member, days - 1, cardActivities(facts, days), ctx.groupTier).total, member.hardCap)
      );
    }
    return destinationBreaks(facts, member, months, { ...ctx, days: pack.frame.maxDays }).length > 0;
  });
  return justified ? [] : bad(`${exclusion.name} was left out, but no named member's own total or rule rules it out.`);
}

/**
 * Whether the group, eating together, has at least two places to eat that suit every member
 * (allergies, wheelchair or step-free access, hard no's) with lunch and dinner among them —
 * asked only when someone has an allergy or one of those access needs.
 */
function groupCanEat(facts: DestinationFacts, members: Context["respondents"]): boolean {
  const seated = members.map((m) => ({
    ...m,
    prefs: {
      ...m.prefs,
      dietary: m.prefs.dietary.filter((x) => x === "nut-allergy" || x === "shellfish-allergy"),
      accessibility: m.prefs.accessibility.filter((x) => x === "wheelchair" || x === "step-free"),
    },
  }));
  if (seated.every((m) => m.prefs.dietary.length === 0 && m.prefs.accessibility.length === 0)) return true;
  const tables = facts.meals.filter((meal) =>
    seated.every((m) => activityBreaks({ ...meal, title: meal.name, involvesFood: true }, m).length === 0),
  );
  return (
    tables.length >= 2 &&
    tables.some((meal) => meal.meals.includes("lunch")) &&
    tables.some((meal) => meal.meals.includes("dinner"))
  );
}

export type { Context as ValidationContext };
export { context as validationContext };
