import "server-only";
import type { z } from "zod";
import { type Caller, requireDeviceAwaitingProof, requireMember, requireOrganizer } from "@/lib/auth/guards";
import type { RequestContext } from "@/lib/auth/session";
import { AppError, type ErrorCode, type FieldErrors, fieldErrorsOf } from "@/lib/errors";
import { log } from "@/lib/log";

/**
 * Every write goes through one of these wrappers: parse the untrusted input with its
 * zod schema → authorize the caller from their cookie → act. Server actions in app/
 * are one-line adapters that pass `cookies()` in; tests call the same functions with an
 * in-memory jar. Failures come back as values (never thrown to the browser) with a
 * message safe to show and, for bad input, one message per field.
 */

export type ActionResult<T> =
  | { ok: true; data: T }
  | {
      ok: false;
      code: ErrorCode | "internal";
      message: string;
      fieldErrors?: FieldErrors;
      /** Refused for now (rate limit, model budget): seconds until trying again can work. */
      retryAfterSeconds?: number;
    };

/**
 * What an action does, for whoever offers it to someone other than its page (the assistant's
 * tools, the MCP endpoint): a read changes nothing; a write changes the trip in a way the
 * group can change back; a destructive one erases or signs out and can't be undone; one that
 * spends model budget starts a generation; a credential one mints a sign-in, invite or share link.
 */
export const EFFECTS = ["read", "write", "destructive", "spends-model", "credential"] as const;
export type Effect = (typeof EFFECTS)[number];

export type Access = "public" | keyof typeof AUTHORIZE;

/** The fields an action's context supplies rather than its caller: the trip it acts on. */
export type BoundField = "tripId";

/**
 * An action as a value that can be listed and inspected: its name (the export's), a
 * description in the group's own words, who may call it, what it does (`effect`), its input
 * schema (every field described, limits kept) and the fields bound from context.
 */
export interface ActionDefinition<S extends z.ZodType = z.ZodType> {
  name: string;
  description: string;
  access: Access;
  effect: Effect;
  input: S;
  bound: readonly BoundField[];
  /**
   * Requests in people's words that this action answers (any of the six languages the limits
   * read): the offline assistant's understanding learns its intent from them.
   */
  examples: readonly string[];
  /**
   * A reading tool's separate needs ("who is coming", "when is the trip"), each with its own
   * examples: the offline understanding learns one intent per need.
   */
  needs?: Readonly<Record<string, readonly string[]>>;
}

/** Called like before (`action(ctx, input)`), and it carries its definition. */
export type Action<T, S extends z.ZodType = z.ZodType> = ((
  ctx: RequestContext,
  input: unknown,
) => Promise<ActionResult<T>>) & { readonly definition: ActionDefinition<S> };

function withDefinition<T, S extends z.ZodType>(
  definition: ActionDefinition<S>,
  call: (ctx: RequestContext, input: unknown) => Promise<ActionResult<T>>,
): Action<T, S> {
  return Object.assign(call, { definition: Object.freeze(definition) });
}

/** A definition is inspected without its `run`: only what describes it. */
type Described = {
  name: string;
  description: string;
  effect: Effect;
  examples?: readonly string[];
  needs?: Readonly<Record<string, readonly string[]>>;
};

function describedBy(def: Described) {
  return { examples: def.examples ?? [], ...(def.needs ? { needs: def.needs } : {}) };
}

export function publicAction<S extends z.ZodType, T>(
  def: Described & {
    input: S;
    run(args: { input: z.output<S>; ctx: RequestContext }): Promise<T>;
  },
): Action<T, S> {
  return withDefinition(
    {
      name: def.name,
      description: def.description,
      access: "public",
      effect: def.effect,
      input: def.input,
      bound: [],
      ...describedBy(def),
    },
    (ctx, raw) => settle(async () => def.run({ input: parseInput(def.input, raw), ctx })),
  );
}

const AUTHORIZE = {
  member: requireMember,
  organizer: requireOrganizer,
  /** Only a device awaiting proof of being its member's (confirming it, or starting over). */
  "awaiting-proof": requireDeviceAwaitingProof,
} as const;

export function tripAction<S extends z.ZodType<{ tripId: string }>, T>(
  def: Described & {
    access: keyof typeof AUTHORIZE;
    input: S;
    run(args: { input: z.output<S>; caller: Caller; ctx: RequestContext }): Promise<T>;
  },
): Action<T, S> {
  const authorize = AUTHORIZE[def.access];
  return withDefinition(
    {
      name: def.name,
      description: def.description,
      access: def.access,
      effect: def.effect,
      input: def.input,
      bound: ["tripId"],
      ...describedBy(def),
    },
    (ctx, raw) =>
      settle(async () => {
        const input = parseInput(def.input, raw);
        const caller = await authorize(ctx, input.tripId);
        try {
          return await def.run({ input, caller, ctx });
        } catch (error) {
          // The trip or the caller's membership went away while this was being done (a deletion
          // or removal committed first: on Postgres the write then fails on a foreign key, and a
          // check may have read the trip half gone): answer what the same request gets now.
          // Not for a device awaiting proof: its own action may sign it out (the last wrong
          // guess), and that refusal is the answer it needs.
          if (def.access !== "awaiting-proof") await authorize(ctx, input.tripId);
          throw error;
        }
      }),
  );
}

function parseInput<S extends z.ZodType>(schema: S, raw: unknown): z.output<S> {
  const parsed = schema.safeParse(raw);
  if (parsed.success) return parsed.data;
  throw new AppError("invalid:input", "Some fields need another look.", fieldErrorsOf(parsed.error));
}

async function settle<T>(act: () => Promise<T>): Promise<ActionResult<T>> {
  try {
    return { ok: true, data: await act() };
  } catch (error) {
    if (error instanceof AppError) {
      return {
        ok: false,
        code: error.code,
        message: error.message,
        ...(error.fieldErrors ? { fieldErrors: error.fieldErrors } : {}),
        ...(error.retryAfterSeconds ? { retryAfterSeconds: error.retryAfterSeconds } : {}),
      };
    }
    log.error({ err: error }, "action failed");
    return {
      ok: false,
      code: "internal",
      message: "Something went wrong on our side and nothing was saved. Please try again.",
    };
  }
}
