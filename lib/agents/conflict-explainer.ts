import { detectConflicts } from "@/lib/agents/aggregation";
import { defineAgent } from "@/lib/agents/define-agent";
import { generateStructured } from "@/lib/ai/generate";
import { memberText, SYSTEM } from "@/lib/ai/prompts";
import { formatRange } from "@/lib/format";
import { ExplainOutput } from "@/lib/schemas/agent-io";
import type { GroupProfile } from "@/lib/schemas/group-profile";
import type { ConflictReport, Question } from "@/lib/schemas/recommendations";

/**
 * States the group's conflicts plainly: each with its severity and 1–3 concrete
 * resolutions (from the deterministic conflict detection), a one-line headline from the
 * model, and — when planning is impossible — targeted questions instead of a plan.
 */

export const conflictExplainer = defineAgent({
  name: "Conflict explainer",
  reads: ["groupProfile"],
  writes: ["conflictReport"],
  async run({ groupProfile: profile }, ctx) {
    // Shown to the whole group: nobody's budget by name (the organizer's dashboard has who).
    const conflicts = detectConflicts(profile, { kind: "everyone" }).map((c) => ({
      ...c,
      suggestedResolutions: (c.suggestedResolutions.length
        ? c.suggestedResolutions
        : ["Talk it through as a group, then update your preferences."]
      ).slice(0, 3),
    }));
    const needsMoreInput = profile.respondedIds.length === 0;
    const { output } = await generateStructured({
      models: ctx.models,
      role: "explainer",
      meter: ctx.meter,
      schema: ExplainOutput,
      system: SYSTEM.explainer,
      prompt: `${profile.respondedIds.length} answered, ${profile.pendingIds.length} pending.\nConflicts:\n${
        // Summaries carry member names and answers: data, inside the delimiters.
        conflicts.map((c) => `- [${c.severity}] ${memberText(c.summary)}`).join("\n") || "none"
      }`,
      offline: {
        task: "explain-conflicts",
        input: {
          conflicts: conflicts.map(({ kind, severity, summary }) => ({ kind, severity, summary })),
          responded: profile.respondedIds.length,
          pending: profile.pendingIds.length,
        },
      },
    });
    const report: ConflictReport = {
      headline: output.headline,
      conflicts,
      needsMoreInput,
      questions: questionsFor(profile),
    };
    return {
      patch: { conflictReport: report },
      inputSummary: `Group profile of ${profile.members.length} members`,
      keyEvidence: conflicts.map((c) => `${c.severity}: ${c.summary}`),
      outputSummary: needsMoreInput
        ? "Planning needs more input"
        : `${conflicts.length} conflict${conflicts.length === 1 ? "" : "s"}`,
    };
  },
});

/** What to ask, and whom, so the next run can plan for everyone. */
export function questionsFor(profile: GroupProfile): Question[] {
  const name = (id: string) => profile.members.find((m) => m.id === id)?.name ?? "Someone";
  const questions: Question[] = [];
  if (profile.members.length > 0 && profile.respondedIds.length === 0) {
    questions.push({
      memberId: null,
      question:
        "Nobody has shared preferences yet. Each of you: when can you travel, for how long, and on what budget?",
    });
  }
  for (const id of profile.pendingIds) {
    if (profile.respondedIds.length === 0) break;
    questions.push({ memberId: id, question: `${name(id)}, add your dates and budget so the plan covers you too.` });
  }
  const best = profile.dates.best;
  if (best && profile.dates.status !== "overlap" && !profile.dates.decided) {
    for (const w of best.widen.filter((x) => x.days > 0).slice(0, 3)) {
      questions.push({
        memberId: w.memberId,
        question: `${name(w.memberId)}, could you make ${formatRange(best.start, best.end)} work (${w.days} more day${w.days === 1 ? "" : "s"})?`,
      });
    }
  }
  if (profile.budget.status === "conflict" && profile.budget.lowestMaxMemberId && profile.budget.highestMinMemberId) {
    questions.push({
      memberId: profile.budget.highestMinMemberId,
      question: `${name(profile.budget.highestMinMemberId)}, would a cheaper trip work for you, so ${name(profile.budget.lowestMaxMemberId)} can come along comfortably?`,
    });
  }
  return questions;
}
