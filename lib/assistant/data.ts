import { heldBackReason } from "@/lib/screened-answers";

/**
 * Text people wrote (or research found), as it goes to the model: marked as data, never as
 * instructions, and withheld when it reads as instructions (the same screen the pages use).
 */
export const WITHHELD = "[withheld: this text reads as instructions]";

export function asData(text: string): string {
  if (!text) return text;
  return heldBackReason(text) === null ? text : WITHHELD;
}
