/**
 * Is a server action request's body something our own pages could have sent? React
 * encodes an action's arguments as its "reply": a JSON array (text/plain), or multipart
 * form data whose part "0" holds that array, with strings starting with `$` as tags —
 * `$K1` for a form's fields (parts `1_<name>`), `$1` / `$1:a:b` for an object written to
 * part "1", `$0:0:hardNos` for an object met twice (a path into the root), `$$…` for a
 * string that really starts with `$`, and so on. React's decoder
 * throws on a tag it cannot resolve (a missing or broken part, `$n` with no number, a
 * Map, Blob, stream, iterator or server reference that isn't there), and Next answers
 * that with a 500. Our pages only ever send plain JSON values, forms, dates and
 * `undefined`, so this accepts exactly those tags and calls anything else malformed
 * (proxy.ts answers 400) before React decodes it.
 */

/** Tags React may write for the values our actions take; everything after the `$` is checked. */
const VALUE_TAG = /^\$(\$.*|undefined|NaN|-?Infinity|-0|D.*|T|K[0-9a-f]+)$/s;
/** A reference to an outlined part, with an optional path into it. */
const PART_REF = /^\$([0-9a-f]+)((?::[^:]*)*)$/;

export type ReplyVerdict = { ok: true } | { ok: false; problem: string };

/** A text/plain reply: the arguments array as JSON. */
export function checkTextReply(text: string): ReplyVerdict {
  // The root is part 0: React writes an object that appears twice as a path into it ("$0:0:hardNos").
  return checkRoot(text, (id) => (id === "0" ? text : undefined));
}

/** A multipart reply: part "0" is the root; other parts are read only when a tag points at them. */
export function checkFormReply(parts: Map<string, string | null>): ReplyVerdict {
  const root = parts.get("0");
  if (typeof root !== "string") return bad("The form's arguments are missing.");
  return checkRoot(root, (id) => parts.get(id));
}

function checkRoot(text: string, part: (id: string) => string | null | undefined): ReplyVerdict {
  const root = parseJson(text);
  if (root === INVALID) return bad("The arguments aren't valid JSON.");
  if (!Array.isArray(root)) return bad("The arguments must be a list.");
  const seen = new Set<string>(["0"]);
  const stack: unknown[] = [root];
  while (stack.length) {
    const value = stack.pop();
    if (typeof value === "string") {
      if (!value.startsWith("$") || VALUE_TAG.test(value)) continue;
      const ref = PART_REF.exec(value);
      if (!ref) return bad("The arguments hold a value this app never sends.");
      const id = String(Number.parseInt(ref[1] as string, 16));
      if (seen.has(id)) continue;
      seen.add(id);
      const body = part(id);
      if (typeof body !== "string") return bad("The arguments refer to a part that isn't there.");
      const outlined = parseJson(body);
      if (outlined === INVALID) return bad("A part of the arguments isn't valid JSON.");
      stack.push(outlined);
    } else if (value !== null && typeof value === "object") {
      stack.push(...Object.values(value));
    }
  }
  return { ok: true };
}

const INVALID = Symbol("invalid");

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return INVALID;
  }
}

function bad(problem: string): ReplyVerdict {
  return { ok: false, problem };
}
