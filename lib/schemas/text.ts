import { z } from "zod";

// zod compiles validators with `Function` when it may; our Content-Security-Policy forbids
// eval in the browser (and zod's probe for it would be reported as a violation), so don't.
z.config({ jitless: true });

/**
 * Text a person typed, cleaned once at the boundary (every text field of every form and
 * action goes through `typedText`):
 * - broken characters (lone UTF-16 surrogates) and control characters (NUL and friends;
 *   tabs and line breaks only where the field is multi-line) are refused with a field error,
 *   because nothing a person types contains them;
 * - invisible formatting characters are stripped: zero-width spaces and joiners, the byte
 *   order mark, soft hyphens, and bidi controls (right-to-left overrides, embeddings,
 *   isolates and marks) that can make a name or note display differently from what it is.
 *   A zero-width joiner inside an emoji sequence and a zero-width non-joiner between
 *   letters of scripts that need it (Persian, Hindi, …) are kept;
 * - the result is NFC-normalised and trimmed, then length-checked.
 * Reading old rows back through the same schema only strips, so it never fails on them.
 */

const CONTROL_SINGLE_LINE = /[\p{Cc}\u2028\u2029]/u;
/** Tabs and line breaks are fine in a multi-line field. */
const CONTROL_MULTI_LINE = /(?![\t\n\r])\p{Cc}/u;

/** Invisible characters that are always removed. */
const INVISIBLE =
  /\u034F|\u115F|\u1160|[\u00AD\u061C\u180E\u200B\u200E\u200F\u202A-\u202E\u2060-\u2064\u2066-\u206F\u3164\uFEFF\uFFA0]/g;
/** Joiners, kept only where they do a job (emoji sequences; non-Latin scripts). */
const ZWJ_IN_EMOJI = /(?<=\p{Extended_Pictographic}|\p{Emoji_Modifier}|\uFE0F)\u200D(?=\p{Extended_Pictographic})/u;
const ZWNJ_IN_SCRIPT = /(?<=[\p{L}\p{M}])\u200C(?=[\p{L}\p{M}])/u;
const LATIN = /\p{Script=Latin}/u;

export function stripInvisible(text: string): string {
  return text.replace(INVISIBLE, "").replace(/[\u200C\u200D]/g, (joiner, offset: number, whole: string) => {
    const around = whole.slice(Math.max(0, offset - 2), offset + 3);
    if (joiner === "\u200D") return ZWJ_IN_EMOJI.test(around) ? joiner : "";
    const before = whole[offset - 1] ?? "";
    const after = whole[offset + 1] ?? "";
    return ZWNJ_IN_SCRIPT.test(around) && !LATIN.test(before) && !LATIN.test(after) ? joiner : "";
  });
}

export const TEXT_MESSAGES = {
  broken: "This contains a broken character. Please retype it.",
  control: "This contains hidden control characters. Please retype it without them.",
} as const;

export function typedText({
  max,
  min = 0,
  multiline = false,
  messages = {},
}: {
  max: number;
  min?: number;
  multiline?: boolean;
  messages?: { type?: string; required?: string; tooLong?: string };
}) {
  const control = multiline ? CONTROL_MULTI_LINE : CONTROL_SINGLE_LINE;
  return (
    z
      .string(messages.type ?? "Enter some text")
      .refine((value) => value.isWellFormed(), TEXT_MESSAGES.broken)
      .refine((value) => !control.test(value), TEXT_MESSAGES.control)
      .transform((value) => stripInvisible(value).normalize("NFC").trim())
      .pipe(
        z
          .string()
          .min(min, messages.required ?? "This can't be empty")
          .max(max, messages.tooLong ?? `Keep it under ${max} characters`),
      )
      // The limits are checked on the cleaned text (inside the pipe); said here too, so the
      // input's JSON Schema (the assistant's and MCP tools') keeps them.
      .meta(min > 0 ? { minLength: min, maxLength: max } : { maxLength: max })
  );
}
