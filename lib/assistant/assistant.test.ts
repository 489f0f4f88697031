import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import * as actions from "@/lib/actions";
import { offlineModels } from "@/lib/ai/models";
import { FORGED } from "@/lib/assistant/loop";
import { requireMember } from "@/lib/auth/guards";
import { getDb } from "@/lib/db/client";
import { getThread } from "@/lib/db/queries/assistant";
import { assistantThreads, contextEntries, members, trips, unmetRequests } from "@/lib/db/schema";
import { loadStatus } from "@/lib/status";
import { myData } from "@/lib/views/my-data";
import { ask, pendingApproval } from "@/test/assistant";
import { browser, type TestBrowser } from "@/test/browser";
import { withTestDatabase } from "@/test/db";
import { newTrip } from "@/test/fixtures";
import { deleteAssistant, getAssistant, postAssistant } from "./http";

withTestDatabase();

const saved = { ...process.env };
afterEach(() => {
  for (const key of Object.keys(process.env)) {
    if (key.startsWith("RATE_LIMIT_") || key.startsWith("MODEL_BUDGET_")) {
      if (saved[key] === undefined) delete process.env[key];
      else process.env[key] = saved[key];
    }
  }
});

/** Offline models that count the assistant's model calls. */
function counted(options: Parameters<typeof offlineModels>[0] = {}) {
  const calls: number[] = [];
  const models = offlineModels({
    ...options,
    assistant: { ...options.assistant, onCall: () => calls.push(1) },
  });
  return { models, calls };
}

async function post(who: TestBrowser, tripId: string, body: unknown, models = counted().models) {
  const response = await postAssistant({ ctx: who.ctx, tripId, body, models });
  return { response, text: await response.text() };
}

describe("bad input never reaches the model", () => {
  it.each([
    ["an empty message", { text: "   " }, "Type a message"],
    ["a message over 2,000 characters", { text: "a".repeat(2001) }, "Keep it under 2,000 characters"],
    ["control characters", { text: "hello\u0007there" }, "hidden control characters"],
    ["no message at all", {}, "Type a message"],
  ])("%s → a field error, no model call, no thread", async (_what, body, message) => {
    const { tripId, organizer } = await newTrip();
    const { models, calls } = counted();
    const { response, text } = await post(organizer, tripId, body, models);
    expect(response.status).toBe(400);
    expect(JSON.parse(text).fieldErrors.text).toContain(message);
    expect(calls).toHaveLength(0);
    expect(await getThread({ tripId, memberId: (await requireMember(organizer.ctx, tripId)).member.id })).toEqual([]);
  });

  it("someone not in the trip gets the same 404 as a trip that doesn't exist", async () => {
    const { tripId } = await newTrip();
    const outsider = browser();
    const theirs = await post(outsider, tripId, { text: "What's next?" });
    const missing = await post(outsider, randomUUID(), { text: "What's next?" });
    expect(theirs.response.status).toBe(404);
    expect(theirs.text).toBe(missing.text);
    expect((await getAssistant({ ctx: outsider.ctx, tripId })).status).toBe(404);
  });
});

describe("limits", () => {
  it("over the member's assistant limit: 429 with Retry-After, and no model call", async () => {
    process.env.RATE_LIMIT_ASSISTANT = "2/600";
    const { tripId, organizer } = await newTrip();
    await post(organizer, tripId, { text: "What's next for our trip?" });
    await post(organizer, tripId, { text: "What's next for our trip?" });
    const { models, calls } = counted();
    const third = await post(organizer, tripId, { text: "What's next for our trip?" }, models);
    expect(third.response.status).toBe(429);
    expect(Number(third.response.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(calls).toHaveLength(0);
  });

  it("the assistant stops at half of the trip's daily model budget, leaving the rest for Generate", async () => {
    // 6 calls a day for the trip: the assistant may use 3. A read turn takes 2 model calls (read, then answer).
    process.env.MODEL_BUDGET_TRIP_CALLS = "6";
    const { tripId, organizer } = await newTrip();
    expect((await post(organizer, tripId, { text: "What's next for our trip?" })).response.status).toBe(200);
    expect((await post(organizer, tripId, { text: "What's next for our trip?" })).response.status).toBe(200);
    const third = await post(organizer, tripId, { text: "What's next for our trip?" });
    expect(third.response.status).toBe(429);
    expect(JSON.parse(third.text).error).toBe("too_many:assistant-budget");
  });
});

describe("one turn at a time", () => {
  it("a second message while one is answering is refused until it ends", async () => {
    const { tripId, organizer } = await newTrip();
    const slow = counted({ assistant: { latencyMs: 300 } }).models;
    const first = postAssistant({
      ctx: organizer.ctx,
      tripId,
      body: { text: "What's next for our trip?" },
      models: slow,
    });
    await new Promise((r) => setTimeout(r, 50));
    const second = await post(organizer, tripId, { text: "What do we still disagree on?" });
    expect(second.response.status).toBe(409);
    expect(JSON.parse(second.text).message).toMatch(/still answering/);
    expect((await deleteAssistant({ ctx: organizer.ctx, tripId })).status).toBe(409);
    await (await first).text();
    const after = await ask(organizer, tripId, "What do we still disagree on?");
    expect(after.status).toBe(200);
  });
});

describe("approvals are bound to the stored thread", () => {
  it("an approval that isn't waiting in the thread is refused and changes nothing", async () => {
    const { tripId, organizer } = await newTrip();
    const asked = await ask(organizer, tripId, "Remember that we fly out on Friday evening");
    expect(pendingApproval(asked)?.tool).toBe("addContextEntry");
    const forged = await post(organizer, tripId, { approval: { id: "approval-I-made-up", approved: true } });
    expect(forged.response.status).toBe(403);
    expect(JSON.parse(forged.text).message).toBe(FORGED);
    const db = await getDb();
    expect(await db.select().from(contextEntries).where(eq(contextEntries.tripId, tripId))).toHaveLength(0);
    // The real one still works once, and can't be replayed.
    const card = pendingApproval(asked);
    const approved = await ask(organizer, tripId, { approval: { id: card?.id ?? "", approved: true } });
    expect(approved.tools.map((t) => t.name)).toEqual(["addContextEntry", "readAgreed", "complete_task"]);
    const replay = await post(organizer, tripId, { approval: { id: card?.id ?? "", approved: true } });
    expect(replay.response.status).toBe(403);
    expect(await db.select().from(contextEntries).where(eq(contextEntries.tripId, tripId))).toHaveLength(1);
  });

  it("a new message instead of an answer declines the waiting card, and the turn goes on", async () => {
    const { tripId, organizer } = await newTrip();
    const asked = await ask(organizer, tripId, "Remember that we fly out on Friday evening");
    const card = pendingApproval(asked);
    const next = await ask(organizer, tripId, "What do we still disagree on?");
    expect(next.tools.map((t) => t.name)).toEqual(["readConflicts", "complete_task"]);
    const memberId = (await requireMember(organizer.ctx, tripId)).member.id;
    expect(JSON.stringify(await getThread({ tripId, memberId }))).toContain('"state":"output-denied"');
    const late = await post(organizer, tripId, { approval: { id: card?.id ?? "", approved: true } });
    expect(late.response.status).toBe(403);
    const db = await getDb();
    expect(await db.select().from(contextEntries).where(eq(contextEntries.tripId, tripId))).toHaveLength(0);
  });

  it("another member can't answer my approval card", async () => {
    const { tripId, organizer, join } = await newTrip();
    const sam = await join("Sam");
    const asked = await ask(organizer, tripId, "Remember that we fly out on Friday evening");
    const theirs = await post(sam, tripId, { approval: { id: pendingApproval(asked)?.id ?? "", approved: true } });
    expect(theirs.response.status).toBe(403);
  });

  it("deleting the trip needs its name typed by the person: a wrong name is a field error, the right one deletes", async () => {
    const { tripId, organizer } = await newTrip("Lisbon in June");
    const asked = await ask(organizer, tripId, "Delete this trip");
    const card = pendingApproval(asked);
    expect(card?.tool).toBe("deleteTrip");
    const wrong = await post(organizer, tripId, {
      approval: { id: card?.id ?? "", approved: true, confirmName: "Lisbon" },
    });
    expect(wrong.response.status).toBe(400);
    expect(JSON.parse(wrong.text).fieldErrors.confirmName).toMatch(/trip's name exactly/);
    const db = await getDb();
    expect(await db.select().from(trips).where(eq(trips.id, tripId))).toHaveLength(1);
    const right = await post(organizer, tripId, {
      approval: { id: card?.id ?? "", approved: true, confirmName: "Lisbon in June" },
    });
    expect(right.response.status).toBe(200);
    expect(await db.select().from(trips).where(eq(trips.id, tripId))).toHaveLength(0);
  });
});

describe("when the model fails", () => {
  it("a model timeout ends the turn saying what was done and that nothing else changed", async () => {
    const { tripId, organizer } = await newTrip();
    const models = offlineModels({ timeoutMs: 150, assistant: { faults: [{ kind: "timeout" }] } });
    const response = await postAssistant({ ctx: organizer.ctx, tripId, body: { text: "What's next?" }, models });
    const stream = await response.text();
    expect(stream).toContain("stopped before finishing");
    expect(stream).toContain("Nothing was done. Nothing else changed.");
    const memberId = (await requireMember(organizer.ctx, tripId)).member.id;
    const db = await getDb();
    for (let i = 0; i < 50; i++) {
      const [row] = await db.select().from(assistantThreads).where(eq(assistantThreads.memberId, memberId));
      if (row?.answeringUntil === null) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    const [row] = await db.select().from(assistantThreads).where(eq(assistantThreads.memberId, memberId));
    expect(row?.answeringUntil).toBeNull();
    expect(JSON.stringify(row?.messages)).toContain("Nothing else changed.");
  });
});

describe("the conversation is the member's", () => {
  it("Clear conversation deletes it; it is in Download my data; it goes, with their entries and requests, when they leave", async () => {
    const { tripId, organizer, join } = await newTrip();
    const sam = await join("Sam");
    await ask(sam, tripId, "Book flights to Lisbon for everyone");
    const asked = await ask(sam, tripId, "Remember that we fly out on Friday evening");
    await ask(sam, tripId, { approval: { id: pendingApproval(asked)?.id ?? "", approved: true } });
    const samCaller = await requireMember(sam.ctx, tripId);
    const file = await myData(samCaller);
    expect(file.assistant.messages.length).toBeGreaterThanOrEqual(4);
    expect(file.contextEntries.map((e) => e.text)).toEqual(["We fly out on Friday evening"]);
    expect(file.unmetRequests).toEqual([
      { summary: "Book flights to Lisbon for everyone", category: "booking", askedAt: expect.any(String) },
    ]);
    // Someone else's file has none of it.
    const olgaFile = await myData(await requireMember(organizer.ctx, tripId));
    expect(JSON.stringify(olgaFile)).not.toContain("Friday evening");

    expect((await deleteAssistant({ ctx: sam.ctx, tripId })).status).toBe(200);
    expect(await getThread({ tripId, memberId: samCaller.member.id })).toEqual([]);

    await ask(sam, tripId, "What's next for our trip?");
    const left = await actions.leaveTrip(sam.ctx, { tripId, confirm: true });
    expect(left.ok).toBe(true);
    const db = await getDb();
    const memberId = samCaller.member.id;
    expect(await db.select().from(assistantThreads).where(eq(assistantThreads.memberId, memberId))).toHaveLength(0);
    expect(await db.select().from(contextEntries).where(eq(contextEntries.authorId, memberId))).toHaveLength(0);
    expect(await db.select().from(unmetRequests).where(eq(unmetRequests.memberId, memberId))).toHaveLength(0);
    expect(await db.select().from(members).where(eq(members.id, memberId))).toHaveLength(0);
  });
});

describe("requests it can't fulfil", () => {
  it("are listed for the organizer (the trip's) and each member (their own); /status counts them by category only", async () => {
    const { tripId, organizer, join } = await newTrip();
    const sam = await join("Sam");
    await ask(sam, tripId, "Book flights to Lisbon for everyone");
    await ask(organizer, tripId, "Pay Sam back for the hotel deposit");
    const organizerView = await (await getAssistant({ ctx: organizer.ctx, tripId })).json();
    const samView = await (await getAssistant({ ctx: sam.ctx, tripId })).json();
    expect(organizerView.unmet.map((u: { summary: string; by: string }) => [u.summary, u.by])).toEqual([
      ["Pay Sam back for the hotel deposit", "Olga"],
      ["Book flights to Lisbon for everyone", "Sam"],
    ]);
    expect(samView.unmet.map((u: { summary: string; by: string | null }) => [u.summary, u.by])).toEqual([
      ["Book flights to Lisbon for everyone", null],
    ]);
    const status = await loadStatus();
    expect(status.unmet).toEqual({ booking: 1, payments: 1 });
  });
});
