/**
 * How tool outputs carry text nobody on the product's side wrote (README.md here): every
 * string a member typed (names, notes, feedback, a trip's description, custom items) or that
 * research and generation produced (activity titles, why a place fits, tips) is an object
 * `{ "untrusted_text": "…" }`, never a bare string. A model reads it as data to quote or
 * summarise, never as instructions; the assistant's instructions say so once.
 */
export type UntrustedText = { untrusted_text: string };

export function untrusted(text: string): UntrustedText {
  return { untrusted_text: text };
}

/** Text held back (it reads as instructions to the AI, or the model guard flagged it): said, not shown. */
export const WITHHELD = { withheld: "This text is held back: it reads as instructions rather than trip details." };
