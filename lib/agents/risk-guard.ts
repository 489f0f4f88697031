import { defineAgent } from "@/lib/agents/define-agent";
import { screen } from "@/lib/agents/screening";
import { generateStructured } from "@/lib/ai/generate";
import { memberText, SYSTEM } from "@/lib/ai/prompts";
import { GuardVerdict } from "@/lib/schemas/agent-io";
import type { PipelineState, RawMember, SafetyFlag } from "@/lib/schemas/pipeline";

export { normaliseForScreening, screen } from "@/lib/agents/screening";

/**
 * Member text is data, never instructions. The guard screens every piece of it — display
 * names, notes, each hard no and must-have, the origin, the suggested place — with the rules in screening.ts
 * (which undo the usual disguises), and gives the model a second look at whatever the
 * rules let through. It then hands the rest of the pipeline the members' answers with
 * every flagged text withheld: a flagged note becomes empty, a flagged hard no or
 * must-have is dropped, a flagged origin is unknown, a flagged suggested place is none,
 * a flagged name becomes "Member n".
 * So no later prompt, conflict, question or stored pack can carry it. The flags name the
 * member, field and entry — the text itself is never copied.
 */

type Field = SafetyFlag["field"];
type MemberTextEntry = { memberId: string; field: Field; index?: number; text: string };

function memberTexts(members: RawMember[]): MemberTextEntry[] {
  return members.flatMap((m) => {
    const entries: MemberTextEntry[] = [{ memberId: m.id, field: "name", text: m.name }];
    const p = m.preferences;
    if (!p) return entries;
    if (p.notes.trim()) entries.push({ memberId: m.id, field: "notes", text: p.notes });
    p.hardNos.forEach((text, index) => {
      entries.push({ memberId: m.id, field: "hardNos", index, text });
    });
    p.mustHaves.forEach((text, index) => {
      entries.push({ memberId: m.id, field: "mustHaves", index, text });
    });
    if (p.origin) entries.push({ memberId: m.id, field: "origin", text: p.origin });
    if (p.suggestedPlace) entries.push({ memberId: m.id, field: "suggestedPlace", text: p.suggestedPlace });
    return entries;
  });
}

export const REASONS: Record<SafetyFlag["rule"], string> = {
  "prompt-injection": "reads like instructions to the planner",
  "unsafe-content": "asks for unsafe or illegal content",
  "model-flagged": "the safety model judged it manipulative",
};

const sameText = (a: { memberId: string; field: string; index?: number }, b: typeof a) =>
  a.memberId === b.memberId && a.field === b.field && a.index === b.index;

/** The members' answers with every flagged text left out (see the file comment). */
export function withholdFlagged<M extends RawMember>(members: M[], flags: SafetyFlag[]): M[] {
  return members.map((m, position) => {
    const mine = flags.filter((f) => f.memberId === m.id);
    if (mine.length === 0) return m;
    const flagged = (field: Field, index?: number) => mine.some((f) => sameText(f, { memberId: m.id, field, index }));
    const name = flagged("name") ? `Member ${position + 1}` : m.name;
    const p = m.preferences;
    if (!p) return { ...m, name };
    return {
      ...m,
      name,
      preferences: {
        ...p,
        notes: flagged("notes") ? "" : p.notes,
        hardNos: p.hardNos.filter((_, i) => !flagged("hardNos", i)),
        mustHaves: p.mustHaves.filter((_, i) => !flagged("mustHaves", i)),
        origin: flagged("origin") ? null : p.origin,
        suggestedPlace: flagged("suggestedPlace") ? "" : p.suggestedPlace,
      },
    };
  });
}

/**
 * What the rules alone withhold (no model call): the normalizers start from this while the
 * guard's model pass runs beside them, and a member the model then flags is read again.
 */
export function screenedByRules<M extends RawMember = PipelineState["rawPreferences"][number]>(
  rawPreferences: M[],
): { safetyFlags: SafetyFlag[]; rawPreferences: M[] } {
  const flags: SafetyFlag[] = [];
  for (const t of memberTexts(rawPreferences)) {
    const rule = screen(t.text);
    if (rule) flags.push(flagFor(t, rule));
  }
  return { safetyFlags: flags, rawPreferences: withholdFlagged(rawPreferences, flags) };
}

export const riskGuard = defineAgent({
  name: "Risk guard",
  reads: ["rawPreferences"],
  writes: ["safetyFlags", "rawPreferences"],
  async run({ rawPreferences }, ctx) {
    const texts = memberTexts(rawPreferences);
    const flags = [...screenedByRules(rawPreferences).safetyFlags];
    const unflagged = texts.filter((t) => !flags.some((f) => sameText(f, t)));
    if (unflagged.length) {
      const { output } = await generateStructured({
        models: ctx.models,
        role: "guard",
        meter: ctx.meter,
        schema: GuardVerdict,
        system: SYSTEM.guard,
        prompt: unflagged.map((t, i) => `#${i} (${t.field}): ${memberText(t.text)}`).join("\n"),
        offline: {
          task: "risk-guard",
          input: { texts: unflagged.map(({ memberId, field, text }) => ({ memberId, field, text })) },
        },
      });
      // The model names member and field; every text it was shown from that field is withheld.
      for (const verdict of output.flags) {
        for (const t of unflagged.filter((x) => x.memberId === verdict.memberId && x.field === verdict.field)) {
          if (!flags.some((f) => sameText(f, t))) flags.push(flagFor(t, "model-flagged"));
        }
      }
    }
    const members = new Set(flags.map((f) => f.memberId)).size;
    return {
      patch: { safetyFlags: flags, rawPreferences: withholdFlagged(rawPreferences, flags) },
      inputSummary: `${texts.length} names and free-text answers from ${rawPreferences.length} members`,
      keyEvidence: flags.map((f) => `${describeField(f.field)} of one member: ${f.reason}`),
      outputSummary: flags.length
        ? `${flags.length} answer${flags.length === 1 ? "" : "s"} withheld from the planner (${members} member${members === 1 ? "" : "s"})`
        : "Nothing suspicious",
      riskFlags: [...new Set(flags.map((f) => f.rule))],
    };
  },
});

function flagFor(t: MemberTextEntry, rule: SafetyFlag["rule"]): SafetyFlag {
  return {
    memberId: t.memberId,
    field: t.field,
    ...(t.index === undefined ? {} : { index: t.index }),
    rule,
    reason: REASONS[rule],
  };
}

export function describeField(field: Field): string {
  const names: Record<Field, string> = {
    name: "display name",
    notes: "notes",
    hardNos: "a hard no",
    mustHaves: "a must-have",
    origin: "origin",
    suggestedPlace: "suggested place",
  };
  return names[field];
}
