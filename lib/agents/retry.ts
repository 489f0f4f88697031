import type { AgentContext } from "@/lib/agents/define-agent";
import { PermanentError } from "@/lib/errors";

/** How many times a lookup is tried before the run goes on without it. */
export const LOOKUP_ATTEMPTS = 3;
const FIRST_DELAY_MS = 250;

/**
 * A lookup whose failure must not fail the run (research): tried up to `attempts` (3)
 * times, waiting 250 ms, then 500 ms between tries (a permanent error isn't tried again);
 * then its value, or the last error's words for the decision log.
 */
export async function lookup<T>(
  ctx: Pick<AgentContext, "sleep">,
  call: () => Promise<T>,
  attempts = LOOKUP_ATTEMPTS,
): Promise<{ value: T; error: null } | { value: null; error: string }> {
  let error = "";
  for (let attempt = 1; attempt <= attempts; attempt++) {
    try {
      return { value: await call(), error: null };
    } catch (thrown) {
      error = wordsOf(thrown);
      // A model that keeps answering in the wrong shape (after its repairs) won't do better now.
      if (thrown instanceof PermanentError) break;
      if (attempt < attempts) await ctx.sleep(FIRST_DELAY_MS * 2 ** (attempt - 1));
    }
  }
  return { value: null, error };
}

/** An error in words for the decision log: its message, else its kind and HTTP status. */
function wordsOf(thrown: unknown): string {
  if (!(thrown instanceof Error)) return String(thrown);
  const status = (thrown as { statusCode?: unknown }).statusCode;
  return thrown.message || `${thrown.name}${typeof status === "number" ? ` (HTTP ${status})` : ""}`;
}
