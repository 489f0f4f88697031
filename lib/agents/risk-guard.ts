import { defineAgent } from "@/lib/agents/define-agent";
import { generateStructured } from "@/lib/ai/generate";
import { memberText, SYSTEM } from "@/lib/ai/prompts";
import { GuardVerdict } from "@/lib/schemas/agent-io";
import type { RawMember, SafetyFlag } from "@/lib/schemas/pipeline";

/**
 * Member free text is data, never instructions. Rules catch known prompt-injection and
 * unsafe phrasings after undoing the usual disguises (zero-width characters, look-alike
 * letters from other alphabets, spacing); the model gets a second look at the rest.
 * Flagged text is withheld from every later prompt and the flag names only the member
 * and field — the text itself is never copied.
 */

/** Invisible characters: every Unicode format character (zero-width, bidi controls, soft hyphen…) and the grapheme joiner. */
const INVISIBLE = /\p{Cf}|\u034F|\u180E/gu;
/** Cyrillic and Greek letters that look like Latin ones. */
const HOMOGLYPHS: Record<string, string> = {
  а: "a",
  в: "b",
  е: "e",
  ё: "e",
  к: "k",
  м: "m",
  н: "h",
  о: "o",
  р: "p",
  с: "c",
  т: "t",
  у: "y",
  х: "x",
  і: "i",
  ї: "i",
  ј: "j",
  ѕ: "s",
  ԁ: "d",
  ɡ: "g",
  ո: "n",
  ս: "u",
  ӏ: "l",
  ɩ: "i",
  α: "a",
  β: "b",
  ε: "e",
  η: "n",
  ι: "i",
  κ: "k",
  ν: "v",
  ο: "o",
  ρ: "p",
  τ: "t",
  υ: "u",
  χ: "x",
};

export function normaliseForScreening(text: string): string {
  return text
    .normalize("NFKC")
    .replace(INVISIBLE, "")
    .toLowerCase()
    .replace(/./gu, (ch) => HOMOGLYPHS[ch] ?? ch)
    .replace(/[^a-z0-9<>/[\]]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

const INJECTION = [
  // "ignore all previous instructions", but not "forget the rules of daily life".
  /\b(ignore|disregard|forget|override|bypass)\b.{0,20}\b(previous|prior|above|earlier|all|any|your|these|those|system|original)\b.{0,15}\b(instructions?|prompts?|rules|guidelines|directions)\b/,
  /\b(ignore|disregard|forget)\b (all |everything )?(of )?(the )?(above|previous|prior|earlier)\b/,
  /\b(system|developer|hidden) (prompt|message|instructions?)\b/,
  /\byou are (now|no longer) /,
  /\bnew (instructions?|rules)\b/,
  /\b(reveal|print|show|repeat|leak) (your|the hidden|the system) (prompt|instructions|rules)\b/,
  /<\s*\/?\s*(system|assistant|user|member text)\s*>/,
  /\[\s*\/?\s*inst\s*\]/,
  /\bdo anything now\b|\bjailbreak\b/,
];
const UNSAFE = [
  /\b(make|build|buy) (a )?(bomb|explosive|weapon|gun)s?\b/,
  /\b(smuggle|smuggling|traffic|trafficking)\b/,
  /\b(hurt|kill|attack) (someone|people|him|her|them)\b/,
];

export function screen(text: string): SafetyFlag["rule"] | null {
  const normalised = normaliseForScreening(text);
  if (INJECTION.some((re) => re.test(normalised))) return "prompt-injection";
  if (UNSAFE.some((re) => re.test(normalised))) return "unsafe-content";
  return null;
}

type Field = SafetyFlag["field"];

function freeTexts(members: RawMember[]): { memberId: string; field: Field; text: string }[] {
  return members.flatMap((m) => {
    const p = m.preferences;
    if (!p) return [];
    const entries: { memberId: string; field: Field; text: string }[] = [];
    if (p.notes.trim()) entries.push({ memberId: m.id, field: "notes", text: p.notes });
    for (const text of p.hardNos) entries.push({ memberId: m.id, field: "hardNos", text });
    for (const text of p.mustHaves) entries.push({ memberId: m.id, field: "mustHaves", text });
    if (p.origin) entries.push({ memberId: m.id, field: "origin", text: p.origin });
    return entries;
  });
}

const REASONS: Record<SafetyFlag["rule"], string> = {
  "prompt-injection": "reads like instructions to the planner",
  "unsafe-content": "asks for unsafe or illegal content",
  "model-flagged": "the safety model judged it manipulative",
};

export const riskGuard = defineAgent({
  name: "Risk guard",
  reads: ["rawPreferences"],
  writes: ["safetyFlags"],
  async run({ rawPreferences }, ctx) {
    const texts = freeTexts(rawPreferences);
    const flags: SafetyFlag[] = [];
    const key = (f: { memberId: string; field: string }) => `${f.memberId}:${f.field}`;
    for (const t of texts) {
      const rule = screen(t.text);
      if (rule && !flags.some((f) => key(f) === key(t))) {
        flags.push({ memberId: t.memberId, field: t.field, rule, reason: REASONS[rule] });
      }
    }
    const unflagged = texts.filter((t) => !flags.some((f) => key(f) === key(t)));
    if (unflagged.length) {
      const { output } = await generateStructured({
        models: ctx.models,
        role: "guard",
        meter: ctx.meter,
        schema: GuardVerdict,
        system: SYSTEM.guard,
        prompt: unflagged.map((t, i) => `#${i} (${t.field}): ${memberText(t.text)}`).join("\n"),
        offline: { task: "risk-guard", input: { texts: unflagged } },
      });
      for (const f of output.flags) {
        const match = unflagged.find((t) => t.memberId === f.memberId && t.field === f.field);
        if (match && !flags.some((x) => key(x) === key(match))) {
          flags.push({
            memberId: match.memberId,
            field: match.field,
            rule: "model-flagged",
            reason: REASONS["model-flagged"],
          });
        }
      }
    }
    return {
      patch: { safetyFlags: flags },
      inputSummary: `${texts.length} free-text answers from ${rawPreferences.length} members`,
      keyEvidence: flags.map((f) => `${f.field} of one member: ${f.reason}`),
      outputSummary: flags.length
        ? `${flags.length} answer${flags.length === 1 ? "" : "s"} withheld from the planner`
        : "Nothing suspicious",
      riskFlags: flags.map((f) => f.rule),
    };
  },
});
