import { describe, expect, it } from "vitest";
import { timelineRows } from "@/components/recommendations/timeline-rows";
import * as actions from "@/lib/actions";
import { requireMember } from "@/lib/auth/guards";
import { getThread } from "@/lib/db/queries/assistant";
import { createRunOrGetActive, failRun } from "@/lib/db/queries/runs";
import { settleLocalRuns } from "@/lib/pipeline/local-runner";
import { stagesOf } from "@/lib/pipeline/stages";
import { assistantRunsView } from "@/lib/views/assistant-runs";
import { ask, pendingApproval } from "@/test/assistant";
import { browser } from "@/test/browser";
import { withTestDatabase } from "@/test/db";
import { newTrip } from "@/test/fixtures";

withTestDatabase();

/** A conversation in which the assistant's tool started `runId` (as the thread stores it). */
const conversation = (tool: string, runId: string) => [
  { role: "user", parts: [{ type: "text", text: "go" }] },
  {
    role: "assistant",
    parts: [{ type: `tool-${tool}`, state: "output-available", output: { ok: true, data: { runId, started: true } } }],
  },
];

describe("the runs in a member's conversation, as the page renders them", () => {
  it("after the organizer asks for ideas and approves, a render shows the run as it is now: every step done", async () => {
    const organizer = browser();
    const demo = await actions.createDemoTrip(organizer.ctx, {});
    if (!demo.ok) throw new Error(demo.message);
    const { tripId } = demo.data;
    // The demo organizer's chip.
    const asked = await ask(organizer, tripId, "Find destination ideas for us");
    const card = pendingApproval(asked);
    expect(card?.tool).toBe("generateRecommendations");
    await ask(organizer, tripId, { approval: { id: card?.id ?? "", approved: true } });

    const { member } = await requireMember(organizer.ctx, tripId);
    const thread = (await getThread({ tripId, memberId: member.id })) as Parameters<
      typeof assistantRunsView
    >[0]["messages"];
    const during = Object.values(await assistantRunsView({ tripId, messages: thread }));
    expect(during).toHaveLength(1);
    expect(during[0]?.kind).toBe("recommendations");

    await settleLocalRuns();
    const after = Object.values(await assistantRunsView({ tripId, messages: thread }));
    expect(after[0]?.status).toBe("succeeded");
    expect(after[0]?.error).toBeNull();
    // A reload after the end shows each of the recommendation stages finished, none still waiting.
    const rows = timelineRows(after[0]?.timeline ?? [], "recommendations");
    expect(rows).toHaveLength(stagesOf("recommendations").length);
    expect(rows.filter((r) => r.state !== "done" && r.state !== "warning")).toEqual([]);
  });

  it("a run that stopped comes with the product's words for why and whether trying again may work", async () => {
    const { tripId } = await newTrip();
    const { run } = await createRunOrGetActive({ tripId, kind: "recommendations", engine: "local", requestedBy: null });
    const error = { code: "model:unavailable", message: "The AI service didn't answer. Try again.", retryable: true };
    await failRun({ runId: run.id, error });

    const view = await assistantRunsView({ tripId, messages: conversation("generateRecommendations", run.id) });
    expect(view[run.id]).toMatchObject({ status: "failed", error, kind: "recommendations" });
  });

  it("reads only this trip's runs: another trip's run id, or one that isn't an id, shows nothing", async () => {
    const mine = await newTrip();
    const other = await newTrip();
    const { run } = await createRunOrGetActive({
      tripId: other.tripId,
      kind: "recommendations",
      engine: "local",
      requestedBy: null,
    });
    const messages = [
      ...conversation("generateRecommendations", run.id),
      ...conversation("generateRecommendations", "not-a-run"),
    ];
    expect(await assistantRunsView({ tripId: mine.tripId, messages })).toEqual({});
    // The same id on its own trip is found (the refusal above is the trip, not the lookup).
    expect(Object.keys(await assistantRunsView({ tripId: other.tripId, messages }))).toEqual([run.id]);
  });
});
