import { z } from "zod";
import { TripId } from "@/lib/schemas/trip";

/**
 * An AI connection: a member lets an AI app (through MCP) read or act on the trip as them,
 * within scopes, never beyond the member's role. Each scope opens the tools of its effects
 * (lib/assistant/scopes.ts): read → reading tools; act → writes; generate → starting a
 * generation (model budget); manage → destructive tools (each confirmed by the person through
 * their AI app when it can ask, else refused: "confirm on the trip page"). Credential tools are never tools at all.
 */
export const AI_SCOPES = ["read", "act", "generate", "manage"] as const;
export type AiScope = (typeof AI_SCOPES)[number];

export const AI_SCOPE_LABELS: Record<AiScope, string> = {
  read: "Read the trip as me",
  act: "Make changes as me",
  generate: "Start generations (uses the trip's daily AI allowance)",
  manage: "Changes that can't be undone (you confirm each one in the app, or on the trip page)",
};

/** What each scope lets the app do, short, as the list of connections says it. */
export const AI_SCOPE_SHORT: Record<AiScope, string> = {
  read: "reads",
  act: "makes changes",
  generate: "starts generations",
  manage: "makes changes that can't be undone once you confirm",
};

/** "reads and makes changes", "reads, makes changes and starts generations". */
export function scopesInWords(scopes: readonly AiScope[]): string {
  const words = AI_SCOPES.filter((s) => scopes.includes(s)).map((s) => AI_SCOPE_SHORT[s]);
  return words.length <= 1 ? (words[0] ?? "") : `${words.slice(0, -1).join(", ")} and ${words.at(-1)}`;
}

export const AI_CONNECTION_DAYS = [1, 7, 30, 90] as const;
export const MAX_AI_LABEL = 60;
/** At most this many live connections per member. */
export const MAX_AI_CONNECTIONS = 10;

export const CreateAiConnectionInput = z
  .object({
    tripId: TripId,
    label: z
      .string("Name the connection")
      .trim()
      .min(1, "Name the connection (like “Claude on my laptop”)")
      .max(MAX_AI_LABEL, `At most ${MAX_AI_LABEL} characters`)
      .refine((s) => !/[\p{Cc}\p{Cf}]/u.test(s), "Use letters, numbers and spaces")
      .describe("What the member calls it, to tell connections apart."),
    scopes: z
      .array(z.enum(AI_SCOPES))
      .min(1, "Choose at least one thing it may do")
      .max(AI_SCOPES.length)
      .describe("What it may do: read, act, generate, manage."),
    days: z.union(AI_CONNECTION_DAYS.map((d) => z.literal(d))).describe("How many days it works: 1, 7, 30 or 90."),
  })
  .strict();
export type CreateAiConnectionInput = z.input<typeof CreateAiConnectionInput>;

export const RevokeAiConnectionInput = z
  .object({ tripId: TripId, connectionId: z.uuid().describe("The AI connection to revoke (its id).") })
  .strict();
