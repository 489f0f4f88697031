import { defineAgent } from "@/lib/agents/define-agent";
import { generateStructured } from "@/lib/ai/generate";
import { memberText, SYSTEM } from "@/lib/ai/prompts";
import { plural } from "@/lib/format";
import { budgetInUsd, ownBudget } from "@/lib/money/budget";
import { NormalizeOutput } from "@/lib/schemas/agent-io";
import type { NormalizedPreferences } from "@/lib/schemas/pipeline";
import type { MemberPreferences } from "@/lib/schemas/preferences";
import type { Confidence } from "@/lib/schemas/recommendations";

/**
 * One member's preferences as the planner uses them (one step per member, in parallel).
 * The model only reads the free-text notes for soft signals; hard constraints are copied
 * from the form verbatim and a vague answer ("whatever works") becomes a wide range with
 * low confidence instead of a guess. Notes the risk guard flagged are never sent.
 */

/** "Flexible" with no stated budget: wide enough to rule nothing out. */
export const OPEN_BUDGET = { min: 0, max: 20_000 };

export const preferenceNormalizer = defineAgent<"rawPreferences" | "safetyFlags", "normalizedPreferences", string>({
  name: "Preference normalizer",
  reads: ["rawPreferences", "safetyFlags"],
  writes: ["normalizedPreferences"],
  async run({ rawPreferences, safetyFlags }, ctx, memberId) {
    const member = rawPreferences.find((m) => m.id === memberId);
    const p = member?.preferences;
    if (!member || !p) throw new Error(`No preferences for member ${memberId}`);
    const withheld = safetyFlags.some((f) => f.memberId === memberId && f.field === "notes");
    const mustHavesWithheld = safetyFlags.some((f) => f.memberId === memberId && f.field === "mustHaves");
    const notes = withheld || !p.notes.trim() ? null : p.notes;
    const mustHaves = mustHavesWithheld || p.mustHaves.length === 0 ? null : p.mustHaves;

    let read: NormalizeOutput = {
      inferredVibes: [],
      aversions: [],
      budgetHint: null,
      vague: p.vibes.length === 0,
      summary: "No notes.",
    };
    if (notes || mustHaves) {
      ({ output: read } = await generateStructured({
        models: ctx.models,
        role: "normalizer",
        meter: ctx.meter,
        schema: NormalizeOutput,
        system: SYSTEM.normalizer,
        prompt: `Form vibes: ${p.vibes.join(", ") || "none"}. Budget on the form: ${p.budget ? "yes" : "none"}.\nNotes: ${
          notes ? memberText(notes) : "none"
        }\nMust-haves: ${mustHaves ? mustHaves.map(memberText).join(" ") : "none"}`,
        offline: {
          task: "normalize",
          input: { memberId, notes, mustHaves, formVibes: p.vibes, hasBudget: p.budget !== null },
        },
        check: (o) =>
          o.budgetHint && o.budgetHint.min > o.budgetHint.max ? ["budgetHint.min must not exceed max"] : [],
      }));
    }

    const [budget, budgetConfidence]: [NormalizedPreferences["budget"], Confidence] = p.budget
      ? [usdBudgetOf(p.budget), "high"]
      : read.budgetHint
        ? [{ ...read.budgetHint, hardLimit: false }, "medium"]
        : [{ ...OPEN_BUDGET, hardLimit: false }, "low"];
    const confidence: Confidence = read.vague ? "low" : notes || mustHaves || p.vibes.length ? "high" : "medium";
    const normalized: NormalizedPreferences = {
      memberId,
      budget,
      budgetConfidence,
      vibes: p.vibes,
      inferredVibes: read.inferredVibes.filter((v) => !p.vibes.includes(v) && !read.aversions.includes(v)),
      // A vibe ticked on the form is an interest, whatever the notes seem to say.
      aversions: read.aversions.filter((v) => !p.vibes.includes(v)),
      // Verbatim: the planner never reinterprets a hard constraint.
      hardConstraints: { dietary: p.dietary, accessibility: p.accessibility, hardNos: p.hardNos },
      confidence,
      notesSummary: withheld ? "Notes withheld by the risk guard." : read.summary,
    };
    return {
      patch: { normalizedPreferences: [normalized] },
      inputSummary: `${member.name}'s form${notes ? " and notes" : ""}${withheld ? " (notes withheld)" : ""}`,
      keyEvidence: [
        // Budgets and notes are private: the decision log (which the group reads) says how
        // sure we are and how much the notes counted, never the amounts or what the notes say.
        `budget read with ${budgetConfidence} confidence`,
        ...(notes && !withheld
          ? [
              `notes taken into account: ${plural(normalized.inferredVibes.length, "interest")} and ${plural(normalized.aversions.length, "dislike")}`,
            ]
          : []),
      ],
      outputSummary: `${member.name}: ${confidence} confidence`,
      riskFlags: withheld ? ["notes withheld"] : [],
    };
  },
});

/** The form's budget in dollars for the normalized profile (the member's own currency is judged elsewhere). */
function usdBudgetOf(b: NonNullable<MemberPreferences["budget"]>): NormalizedPreferences["budget"] {
  const own = ownBudget(b);
  const usd = own ? budgetInUsd(own) : null;
  return { min: usd?.min ?? 0, max: usd?.max ?? 0, hardLimit: usd?.hardLimit ?? false };
}
