/**
 * What the offline assistant's understanding hands the state machine (assistant-model.ts):
 * a plan of tool calls and the words of its reply, and the helpers that read tool results.
 * Every module of the offline assistant imports these from here, so none imports another back.
 */

export type Call = { tool: string; input: Record<string, unknown> };
/** What the tools returned so far this turn, by tool name (the latest result of each). */
export type Results = Record<string, unknown>;

export type Plan =
  | {
      kind: "tools";
      reads: Call[];
      /** The one action, when there is one; a function when it depends on what the reads found. */
      act?: Call | ((r: Results) => Call | Clarify | End);
      /** The action's tool when the reads only find its arguments: the role is checked before reading. */
      tool?: string;
      readBack?: Call;
      /** The reply, from the results (or a question, when they leave it open). */
      say(r: Results): string | Clarify;
      summary: string;
      status?: "success" | "blocked";
    }
  | Clarify
  | { kind: "say"; text: string; summary: string; status: "success" | "blocked" };

export type End = { kind: "end"; text: string; summary: string; status: "success" | "partial" | "blocked" };

export type Clarify = { kind: "clarify"; question: string; missing: string; why: string; choices: string[] };

export function sentence(s: string): string {
  const t = s.trim().replace(/[.!]+$/, "");
  return (t.charAt(0).toUpperCase() + t.slice(1)).slice(0, 300);
}

// ---- reading results ------------------------------------------------------------

type ToolOutcome = { ok?: boolean; data?: unknown; message?: string } | undefined;

export function isOk(r: unknown): boolean {
  return (r as ToolOutcome)?.ok === true;
}

export function dataOf(r: unknown): Record<string, unknown> {
  const d = (r as ToolOutcome)?.data;
  return d && typeof d === "object" ? (d as Record<string, unknown>) : {};
}

/**
 * Text from a tool output: product words are bare strings; what people wrote comes wrapped
 * (`{ untrusted_text }`) and is quoted only when it doesn't read as instructions — otherwise,
 * like held-back text (`{ withheld }`), it is left out.
 */
export function plain(value: unknown): string {
  if (typeof value === "string") return value;
  if (value && typeof value === "object" && "untrusted_text" in value) {
    const text = String((value as { untrusted_text: unknown }).untrusted_text);
    return looksLikeInstructions(text) ? "(held back)" : text;
  }
  return "(held back)";
}

const INSTRUCTION_WORDS =
  /\b(ignore|disregard|forget)\b.{0,40}\b(instructions?|rules?|prompt|above|previous)\b|\bsystem prompt\b|\byou are now\b|\bcall the\b.{0,20}\btool\b|<\/?[a-z][^>]*>|!\[|https?:\/\//i;

function looksLikeInstructions(text: string): boolean {
  return INSTRUCTION_WORDS.test(text);
}

/** What a refused or failed call said (its own message), and that nothing else changed. */
export function failure(r: unknown, fallback: string): string {
  const message = (r as ToolOutcome)?.message;
  return message ? `That didn't work: ${message} ${fallback}` : fallback;
}

export function listOf<T>(value: unknown): T[] {
  return Array.isArray(value) ? (value as T[]) : [];
}

/** Text the reading tool wrapped as someone's words, unwrapped to save it back as it was. */
function unwrapped(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(unwrapped);
  if (value && typeof value === "object" && "untrusted_text" in value) {
    return String((value as { untrusted_text: unknown }).untrusted_text);
  }
  return value;
}

/**
 * The caller's answers as `readMyAnswers` read them, ready to save back with one change: the
 * words unwrapped and empty words as "" (the reading shows them as null). Not answered yet:
 * the end that says so, naming `what` ("your budget").
 */
export function answersToEdit(
  r: Results,
  what: { part: string; summary: string },
): { version: unknown; answers: Record<string, unknown> } | End {
  const d = dataOf(r.readMyAnswers);
  if (d.answered !== true) {
    return {
      kind: "end",
      text: `You haven't answered the trip's questions yet: answer them on the trip page (${what.part} is one of them). Nothing was saved.`,
      summary: what.summary,
      status: "blocked",
    };
  }
  const answers = Object.fromEntries(Object.entries(dataOf({ data: d.answers })).map(([k, v]) => [k, unwrapped(v)]));
  for (const field of ["notes", "suggestedPlace"]) answers[field] ??= "";
  return { version: d.version, answers };
}
