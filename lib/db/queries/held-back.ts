import "server-only";
import { and, desc, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import { getDb } from "@/lib/db/client";
import { pipelineRuns, runSteps } from "@/lib/db/schema";
import { RawMember, SafetyFlag } from "@/lib/schemas/pipeline";

/** A member's answer the guard's model pass flagged in the latest run that screened the trip: who, which field, which words. */
export type ModelFlaggedText = { memberId: string; field: SafetyFlag["field"]; text: string };

const GuardStep = z.object({ patch: z.object({ safetyFlags: z.array(SafetyFlag) }) });
const LoadStep = z.object({ patch: z.object({ rawPreferences: z.array(RawMember) }) });
/** The steps that load the answers in each workflow (recommendations; itinerary and regenerate). */
const LOAD_STEPS = ["load-preferences", "load"];

/**
 * The rules screen every read; the guard's model pass runs only inside a run. What it
 * flagged there is kept in that run's memoized steps (the guard's flags, the answers it
 * read), so views can hold back the same words until the member changes them.
 */
export async function modelFlaggedTexts({ tripId }: { tripId: string }): Promise<ModelFlaggedText[]> {
  const db = await getDb();
  const [guard] = await db
    .select({ runId: runSteps.runId, result: runSteps.result })
    .from(runSteps)
    .innerJoin(pipelineRuns, eq(pipelineRuns.id, runSteps.runId))
    .where(and(eq(pipelineRuns.tripId, tripId), eq(runSteps.stepId, "risk-guard")))
    .orderBy(desc(runSteps.finishedAt))
    .limit(1);
  const flags = GuardStep.safeParse(guard?.result).data?.patch.safetyFlags.filter((f) => f.rule === "model-flagged");
  if (!guard || !flags?.length) return [];
  const [load] = await db
    .select({ result: runSteps.result })
    .from(runSteps)
    .where(and(eq(runSteps.runId, guard.runId), inArray(runSteps.stepId, LOAD_STEPS)));
  const read = LoadStep.safeParse(load?.result).data?.patch.rawPreferences ?? [];
  return flags.flatMap((flag) => {
    const member = read.find((m) => m.id === flag.memberId);
    const p = member?.preferences;
    const text =
      flag.field === "name"
        ? member?.name
        : flag.field === "hardNos" || flag.field === "mustHaves"
          ? p?.[flag.field][flag.index ?? -1]
          : (p?.[flag.field] ?? undefined);
    return text ? [{ memberId: flag.memberId, field: flag.field, text }] : [];
  });
}
