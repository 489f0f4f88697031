/**
 * Projected time on Gemini, from the product's real configuration: each pipeline runs on
 * the offline planner, every call delayed by what the model that plays its role
 * (`ModelSet.modelId` / `settings`, read from lib/ai/models.ts and the environment) would
 * take for that call's tokens and thinking budget (bench/latency-profile.ts), scaled down
 * ×20 so the bench stays quick. Projected time = the heaviest chain of calls at full scale
 * + everything else as measured. Prints per pipeline and group size: projected end to end,
 * projected time to the first result a member sees, the chain, calls and tokens.
 * Figures only, never a pass/fail.
 */
import type { ResearchCache } from "@/lib/agents/define-agent";
import type { ModelRole, ModelSet } from "@/lib/ai/models";
import { DEFAULT_CONCURRENCY, offlineModels } from "@/lib/ai/models";
import type { OfflineCall } from "@/lib/ai/offline/model";
import { hashToken, newToken } from "@/lib/auth/tokens";
import { closeDb } from "@/lib/db/client";
import { addFeedback } from "@/lib/db/queries/feedback";
import { currentItinerary } from "@/lib/db/queries/itineraries";
import { listMembersWithPreferences } from "@/lib/db/queries/members";
import { latestRecommendations } from "@/lib/db/queries/recommendations";
import { createRunOrGetActive, getRun, listProgressEvents } from "@/lib/db/queries/runs";
import { createTripWithOrganizer, reopenDestinationChoice } from "@/lib/db/queries/trips";
import type { RunKind } from "@/lib/db/schema";
import { demoMembers } from "@/lib/demo-trip";
import { readEnv } from "@/lib/env";
import { databaseResearchCache } from "@/lib/pipeline/deps";
import { runLocal } from "@/lib/pipeline/local-runner";
import type { MemberPreferences } from "@/lib/schemas/preferences";
import { MemberPreferences as MemberPreferencesSchema } from "@/lib/schemas/preferences";
import { WORLD_GROUP } from "@/test/gemini-group";
import { type RecordedCall, recordedGemini } from "@/test/gemini-recordings";
import { criticalChain } from "./critical-path";
import { projectedCallMs } from "./latency-profile";

const SCALE = 0.05;
const TODAY = new Date("2026-11-23T12:00:00Z");

type Projection = {
  endMs: number;
  firstMs: number;
  chain: string;
  /** The chain of calls before the first result. */
  firstChain: string;
  calls: number;
  inputTokens: number;
  outputTokens: number;
  /** Wall time over the critical-path bound of the (scaled) run. */
  ratio: number;
};

function projectionModels(calls: OfflineCall[]): ModelSet {
  const env = readEnv();
  const box: { set?: ModelSet } = {};
  box.set = offlineModels({
    ids: { fast: env.GEMINI_FAST_MODEL, strong: env.GEMINI_STRONG_MODEL },
    concurrency: env.MODEL_CONCURRENCY,
    latencyMs: (call) => SCALE * callMs(box.set as ModelSet, call.role, call.inputTokens, call.outputTokens),
    onCall: (call) => calls.push(call),
  });
  return box.set;
}

function callMs(models: ModelSet, role: string, inputTokens: number, outputTokens: number): number {
  const r = role as ModelRole;
  return projectedCallMs({
    modelId: models.modelId(r),
    thinkingBudget: models.settings(r).thinkingBudget,
    inputTokens,
    outputTokens,
    grounded: r === "researcher",
  });
}

/** What a member first sees of each kind of run: a card, a day — or, until a run shows them early, its end. */
const FIRST_RESULT: Record<RunKind, RegExp> = {
  recommendations: /^card:/,
  itinerary: /^day:/,
  regenerate: /^day:/,
};

/** A model call as the projection sees it: who made it and when (scaled). */
type Call = Pick<OfflineCall, "role" | "startedAt" | "endedAt">;

async function project(
  tripId: string,
  kind: RunKind,
  researchCache?: ResearchCache,
  /** Other models than the offline planner (recorded Gemini answers), recording their calls in `calls`. */
  recorded?: (calls: Call[]) => ModelSet,
): Promise<Projection> {
  const calls: Call[] = [];
  const { run } = await createRunOrGetActive({ tripId, kind, engine: "local", requestedBy: null });
  const startedAt = performance.now();
  const startedEpoch = Date.now();
  await runLocal(run.id, {
    models: recorded ? recorded(calls) : projectionModels(calls as OfflineCall[]),
    now: () => TODAY,
    sleep: async () => {},
    ...(researchCache ? { researchCache } : {}),
  });
  const endedAt = performance.now();
  const finished = await getRun({ runId: run.id });
  if (finished?.status !== "succeeded") throw new Error(`${kind} run ${finished?.status}: ${finished?.error?.message}`);
  const events = await listProgressEvents({ runId: run.id });
  const epochAt = (e: { createdAt: string }) => startedAt + (Date.parse(String(e.createdAt)) - startedEpoch);
  // A card is shown once the shortlist has picked it (some are written before it decides).
  const shortlist = events.find((e) => e.stepId === "rank" && e.kind === "finished");
  const picks = shortlist?.detail?.picks;
  const first = events.find(
    (e) =>
      e.kind === "finished" &&
      FIRST_RESULT[kind].test(e.stepId) &&
      (picks === undefined || picks.includes(e.stepId.replace(/^card:/, ""))),
  );
  const firstAt = first ? Math.max(epochAt(first), shortlist ? epochAt(shortlist) : 0) : endedAt;
  const at = (until: number) => {
    const chain = criticalChain(calls.filter((c) => c.endedAt <= until + 1));
    const scaled = chain.reduce((t, c) => t + (c.endedAt - c.startedAt), 0);
    const projected = chain.reduce((t, c) => t + (c.endedAt - c.startedAt) / SCALE, 0);
    return { chain, ms: projected + Math.max(0, until - startedAt - scaled) };
  };
  const end = at(endedAt);
  const firstAtMs = at(firstAt);
  const bound = end.chain.reduce((t, c) => t + (c.endedAt - c.startedAt), 0);
  return {
    ratio: (endedAt - startedAt) / Math.max(1, bound),
    endMs: end.ms,
    firstMs: Math.min(firstAtMs.ms, end.ms),
    chain: summarize(end.chain),
    firstChain: summarize(firstAtMs.chain),
    calls: calls.length,
    inputTokens: finished.usage?.inputTokens ?? 0,
    outputTokens: finished.usage?.outputTokens ?? 0,
  };
}

/** "guard 0.6 s → normalizer 1.1 s → … → card 2.0 s", consecutive calls of one role folded ("writer ×2 3.1 s"). */
function summarize(chain: Call[]): string {
  const parts: { role: string; count: number; ms: number }[] = [];
  for (const call of chain) {
    const ms = (call.endedAt - call.startedAt) / SCALE;
    const last = parts.at(-1);
    if (last?.role === call.role) {
      last.count++;
      last.ms += ms;
    } else parts.push({ role: call.role, count: 1, ms });
  }
  return parts.map((p) => `${p.role}${p.count > 1 ? ` ×${p.count}` : ""} ${(p.ms / 1000).toFixed(1)} s`).join(" → ");
}

async function groupTrip(members: { name: string; preferences: MemberPreferences }[]): Promise<string> {
  const { trip } = await createTripWithOrganizer({
    name: "Projection trip",
    inviteToken: newToken(),
    organizer: { name: "Organizer", tokenHash: hashToken(newToken()) },
    answeredMembers: members.map((m) => ({ ...m, tokenHash: hashToken(newToken()) })),
  });
  return trip.id;
}

/** Recommendations, then the first option chosen with its dates, the itinerary, a flag, and a regeneration. */
async function journey(members: { name: string; preferences: MemberPreferences }[]) {
  const tripId = await groupTrip(members);
  const rows: [string, Projection | null][] = [];
  rows.push(["recommendations", await project(tripId, "recommendations")]);
  const stored = await latestRecommendations({ tripId });
  const option = stored?.pack.status === "ready" ? stored.pack.options[0] : undefined;
  if (!stored || !option?.trip.start || !option.trip.end) {
    rows.push(["itinerary", null], ["regeneration", null]);
    return rows;
  }
  const { selectDestination } = await import("@/lib/db/queries/recommendations");
  const { setTripDates } = await import("@/lib/db/queries/trips");
  await selectDestination({ tripId, recommendationId: stored.id, slug: option.slug });
  await setTripDates({ tripId, startDate: option.trip.start, endDate: option.trip.end });
  rows.push(["itinerary", await project(tripId, "itinerary")]);
  const current = await currentItinerary({ tripId });
  const item = current?.itinerary.days.flatMap((d) => d.items)[0];
  const [member] = await listMembersWithPreferences({ tripId });
  if (current && item && member) {
    await addFeedback({
      tripId,
      memberId: member.id,
      itineraryVersion: current.version,
      kind: "flag",
      itemKey: item.key,
      reason: "not-my-thing",
      text: "",
      suggestedActivityId: null,
    });
    rows.push(["regeneration", await project(tripId, "regenerate")]);
  }
  await reopenDestinationChoice({ tripId }).catch(() => {});
  return rows;
}

/** The demo group's answers repeated under new names: a bigger group that still agrees on enough to get options. */
function biggerGroup(size: number): { name: string; preferences: MemberPreferences }[] {
  const demo = demoMembers(TODAY);
  return Array.from({ length: size }, (_, i) => {
    const like = demo[i % demo.length] as (typeof demo)[number];
    return { name: `${like.name} ${Math.floor(i / demo.length) + 1}`, preferences: like.preferences };
  });
}

export async function benchProjection(): Promise<void> {
  delete process.env.DATABASE_URL;
  process.env.PGLITE_DIR = "memory://";
  const env = readEnv();
  const probe = offlineModels({ ids: { fast: env.GEMINI_FAST_MODEL, strong: env.GEMINI_STRONG_MODEL } });
  console.log(
    `\nProjected on Gemini (bench/latency-profile.ts; roles from lib/ai/models.ts): fast = ${probe.modelId("guard")}, strong = ${probe.modelId("ranker")}, ${env.MODEL_CONCURRENCY ?? DEFAULT_CONCURRENCY} calls in flight`,
  );
  const groups: [string, { name: string; preferences: MemberPreferences }[]][] = [
    ["demo group", demoMembers(TODAY)],
    ["12 members", biggerGroup(12)],
    ["30 members", biggerGroup(30)],
  ];
  // One untimed run first: loading the gazetteer and compiling code on first use would stall the
  // event loop during some model call, and a stalled call is scaled up ×20 like a slow model.
  await journey(demoMembers(TODAY));
  for (const [label, members] of groups) {
    console.log(`  ${label} (${members.length} answered)`);
    for (const [pipeline, p] of await journey(members)) {
      if (!p) {
        console.log(`    ${pipeline.padEnd(16)} — (no destination to plan for this group)`);
        continue;
      }
      console.log(
        `    ${pipeline.padEnd(16)} end ${(p.endMs / 1000).toFixed(1).padStart(5)} s · first result ${(p.firstMs / 1000).toFixed(1).padStart(5)} s · ${p.calls} calls · ${p.inputTokens} in / ${p.outputTokens} out tokens`,
      );
      console.log(`    ${"".padEnd(16)} chain: ${p.chain}`);
    }
  }

  await researchKept();

  // A place beyond the catalog (Gemini only; the offline planner proposes from the catalog):
  // recorded Gemini answers (test/fixtures/gemini/world) delayed by the latency profile. The
  // first group researches São Miguel (grounded research, then the extraction); the next group
  // going in the same month reuses the facts kept for it.
  console.log("  a place beyond the catalog (recorded Gemini answers, São Miguel; recommendations)");
  const world = WORLD_GROUP.map((m) => ({ name: m.name, preferences: MemberPreferencesSchema.parse(m.answers) }));
  // One untimed run first (no cache kept), for the same reason as above: code used only here loads on first use.
  await project(await groupTrip(world), "recommendations", undefined, recordedModels);
  const worldCache = databaseResearchCache(() => TODAY);
  for (const label of ["without the facts cache", "with the facts cache"]) {
    const p = await project(await groupTrip(world), "recommendations", worldCache, recordedModels);
    console.log(
      `    ${label.padEnd(24)} end ${(p.endMs / 1000).toFixed(1).padStart(5)} s · first card ${(p.firstMs / 1000).toFixed(1).padStart(5)} s · ${p.calls} calls · ${p.inputTokens} in / ${p.outputTokens} out tokens · wall / critical path ${p.ratio.toFixed(2)}`,
    );
    console.log(`    ${"".padEnd(24)} chain: ${p.chain}`);
    console.log(`    ${"".padEnd(24)} to the first card: ${p.firstChain}`);
  }
  await closeDb();
}

/**
 * Research kept per place and travel month (Gemini runs keep it in destination_research):
 * the first group to look at a place pays for the lookups, the next one going then doesn't.
 */
async function researchKept(): Promise<void> {
  console.log("  research kept per place and month (demo group's recommendations)");
  const cache = databaseResearchCache(() => TODAY);
  for (const label of ["without (first group)", "with (next group)"]) {
    const p = await project(await groupTrip(demoMembers(TODAY)), "recommendations", cache);
    console.log(
      `    ${label.padEnd(22)} end ${(p.endMs / 1000).toFixed(1).padStart(5)} s · first card ${(p.firstMs / 1000).toFixed(1).padStart(5)} s · ${p.calls} calls · ${p.inputTokens} in / ${p.outputTokens} out tokens · wall / critical path ${p.ratio.toFixed(2)}`,
    );
    console.log(`    ${"".padEnd(22)} chain: ${p.chain}`);
    console.log(`    ${"".padEnd(22)} to the first card: ${p.firstChain}`);
  }
}

/** `npm run bench -- research`: only the research-kept comparison (after one untimed warm-up run). */
export async function benchResearchKept(): Promise<void> {
  delete process.env.DATABASE_URL;
  process.env.PGLITE_DIR = "memory://";
  await project(await groupTrip(demoMembers(TODAY)), "recommendations");
  await researchKept();
  await closeDb();
}

/** Gemini over the recordings, each answer delayed by what its role's model would take for its tokens (scaled). */
function recordedModels(calls: Call[]): ModelSet {
  const env = readEnv();
  const ids = { fast: env.GEMINI_FAST_MODEL, strong: env.GEMINI_STRONG_MODEL };
  const probe = offlineModels({ ids });
  const modelRole = (role: RecordedCall["role"]): ModelRole =>
    role === "scout"
      ? "planner"
      : role === "placeResearcher"
        ? "researcher"
        : role === "activityExtractor" || role === "mealExtractor"
          ? "extractor"
          : role;
  return recordedGemini(undefined, {
    overlay: "world",
    latencyMs: (call) => SCALE * callMs(probe, modelRole(call.role), call.inputTokens, call.outputTokens),
    onCall: (call) => calls.push({ ...call, role: modelRole(call.role) }),
  }).models;
}
