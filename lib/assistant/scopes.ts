import type { Access, ActionDefinition, Effect } from "@/lib/actions/define";
import type { AiScope } from "@/lib/schemas/ai-connections";

/**
 * What each AI connection scope opens, by effect (README.md here). Credential actions are
 * never tools, so no scope opens them. Destructive tools are listed under "manage", and the
 * MCP endpoint still asks the person each time (elicitation) or refuses: confirm on the trip page.
 */
export const SCOPE_EFFECTS: Record<AiScope, readonly Effect[]> = {
  read: ["read"],
  act: ["write"],
  generate: ["spends-model"],
  manage: ["destructive"],
};

/** The scope a tool of this effect needs (null: no scope opens it). */
export function scopeFor(effect: Effect): AiScope | null {
  const found = (Object.entries(SCOPE_EFFECTS) as [AiScope, readonly Effect[]][]).find(([, effects]) =>
    effects.includes(effect),
  );
  return found?.[0] ?? null;
}

/** Whether a member of this role may call an action of this access at all (the pages' rule). */
export function roleAllows(access: Access, isOrganizer: boolean): boolean {
  if (access === "member") return true;
  if (access === "organizer") return isOrganizer;
  // Public actions need no trip and devices awaiting proof use no tools.
  return false;
}

/** Whether a connection with these scopes, for a member of this role, gets this tool. */
export function connectionAllows(
  definition: Pick<ActionDefinition, "effect" | "access">,
  { scopes, isOrganizer }: { scopes: readonly AiScope[]; isOrganizer: boolean },
): boolean {
  const scope = scopeFor(definition.effect);
  return scope !== null && scopes.includes(scope) && roleAllows(definition.access, isOrganizer);
}
