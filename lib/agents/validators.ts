import {
  activityViolations,
  constraintsOf,
  destinationViolations,
  overHardCap,
  stretchedMembers,
} from "@/lib/agents/hard-constraints";
import { findDestination } from "@/lib/catalog";
import type { CatalogActivity } from "@/lib/schemas/catalog";
import type { GroupProfile } from "@/lib/schemas/group-profile";
import type { Candidate, RawMember, ResearchFacts } from "@/lib/schemas/pipeline";
import type { DestinationOption } from "@/lib/schemas/recommendations";

/**
 * The deterministic half of "generate → check → feed the errors back". Both validators
 * return violations in words a model can act on; the ranker sends them back as repair
 * instructions, and the final gate refuses to store anything that still has one.
 */

export type Violation = { slug: string | null; rule: string; message: string };

export type ValidationContext = {
  profile: GroupProfile;
  members: RawMember[];
  candidates: Candidate[];
  research: Record<string, ResearchFacts>;
};

/** Hard constraints: budget cap, scope, dietary, accessibility, hard no's, dates, who is impacted. */
export function checkCompliance(options: DestinationOption[], ctx: ValidationContext): Violation[] {
  const group = constraintsOf(ctx.profile);
  const violations: Violation[] = [];
  if (options.length < 3 || options.length > 5) {
    violations.push({ slug: null, rule: "count", message: `Give 3 to 5 options, not ${options.length}.` });
  }
  const seen = new Set<string>();
  const datesPending = !["overlap", "flexible"].includes(ctx.profile.dates.status);
  for (const option of options) {
    const v = (rule: string, message: string) => violations.push({ slug: option.slug, rule, message });
    if (seen.has(option.slug)) v("duplicate", `${option.name} appears twice.`);
    seen.add(option.slug);
    const destination = findDestination(option.slug);
    if (!destination) {
      v("unknown-destination", `"${option.slug}" is not a destination we know.`);
      continue;
    }
    for (const reason of destinationViolations(destination, group)) v("hard-constraint", `${option.name}: ${reason}.`);
    if (overHardCap(option.costPerPerson.high, group)) {
      v(
        "hard-cap",
        `${option.name} costs up to $${option.costPerPerson.high}, over the hard cap of $${group.hardCap}.`,
      );
    }
    for (const h of option.highlights) {
      const activity = destination.activities.find((a) => a.id === h.activityId);
      const reasons = activity ? activityViolations(activity, group) : [];
      for (const reason of reasons) v("hard-constraint", `Highlight "${h.title}" in ${option.name}: ${reason}.`);
    }
    const impacted = stretchedMembers(option.costPerPerson.high, ctx.profile);
    if (!sameSet(impacted, option.impactedMemberIds)) {
      v("impacted", `${option.name}: impactedMemberIds must be exactly the members whose budget it exceeds.`);
    }
    if ((option.mode === "consensus") !== (impacted.length === 0)) {
      v("mode", `${option.name}: mode must be "compromise" exactly when it stretches someone's budget.`);
    }
    if (option.datesPending !== datesPending) {
      v(
        "dates",
        `${option.name}: datesPending must be ${datesPending} (the group's dates are ${ctx.profile.dates.status}).`,
      );
    }
  }
  return violations;
}

/** Grounding: every option, highlight, source and price comes from research, and no member's words are echoed. */
export function checkGrounding(options: DestinationOption[], ctx: ValidationContext): Violation[] {
  const violations: Violation[] = [];
  const candidates = new Set(ctx.candidates.map((c) => c.slug));
  const echoes = memberPhrases(ctx.members);
  for (const option of options) {
    const v = (rule: string, message: string) => violations.push({ slug: option.slug, rule, message });
    const facts = ctx.research[option.slug];
    if (!candidates.has(option.slug) || !facts) {
      v("not-researched", `${option.name} was not among the researched candidates.`);
      continue;
    }
    const known = new Map<string, Pick<CatalogActivity, "title" | "area">>(facts.activities.map((a) => [a.id, a]));
    const days = new Set(option.highlights.map((h) => h.day));
    if (!days.has(1) || !days.has(2)) v("highlights", `${option.name}: give highlights for day 1 and day 2.`);
    for (const h of option.highlights) {
      const activity = known.get(h.activityId);
      if (!activity) v("ungrounded-highlight", `${option.name}: "${h.title}" is not in its research.`);
      else if (activity.title !== h.title || activity.area !== h.area) {
        v("ungrounded-highlight", `${option.name}: "${h.title}" must use the researched title and area.`);
      }
    }
    const urls = new Set(facts.sources.map((s) => s.url));
    for (const source of option.sources) {
      if (!urls.has(source.url)) v("ungrounded-source", `${option.name}: source ${source.url} is not from research.`);
    }
    if (facts.verified && option.sources.length === 0) v("sources", `${option.name}: cite at least one source.`);
    if (option.verified !== facts.verified) v("verified", `${option.name}: verified must be ${facts.verified}.`);
    if (option.costPerPerson.low !== facts.cost.low || option.costPerPerson.high !== facts.cost.high) {
      v("ungrounded-cost", `${option.name}: the cost must be the researched $${facts.cost.low}–$${facts.cost.high}.`);
    }
    const text = normaliseText(
      [option.whyItFits.join(" "), option.tradeoffs.map((t) => t.summary).join(" "), option.name].join(" "),
    );
    if (echoes.some((phrase) => text.includes(phrase))) {
      v("echo", `${option.name}: don't quote members' free text; describe the fit in your own words.`);
    }
  }
  return violations;
}

export function validateOptions(options: DestinationOption[], ctx: ValidationContext): Violation[] {
  return [...checkCompliance(options, ctx), ...checkGrounding(options, ctx)];
}

/** Every run of 6 words from a member's free text: the output must not carry any of them. */
function memberPhrases(members: RawMember[]): string[] {
  const phrases = new Set<string>();
  for (const m of members) {
    const p = m.preferences;
    if (!p) continue;
    for (const text of [p.notes, ...p.hardNos, ...p.mustHaves]) {
      const words = normaliseText(text).split(" ").filter(Boolean);
      for (let i = 0; i + 6 <= words.length; i++) phrases.add(words.slice(i, i + 6).join(" "));
    }
  }
  return [...phrases];
}

function normaliseText(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

function sameSet(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((x) => b.includes(x));
}
