import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as actions from "@/lib/actions";
import { requireMember } from "@/lib/auth/guards";
import { tripCookieName } from "@/lib/auth/session";
import type { AiScope } from "@/lib/schemas/ai-connections";
import type { TestBrowser } from "@/test/browser";
import { withTestDatabase } from "@/test/db";
import { newTrip } from "@/test/fixtures";
import { startMcpServer } from "@/test/mcp-server";

withTestDatabase();

let server: Awaited<ReturnType<typeof startMcpServer>>;
beforeAll(async () => {
  server = await startMcpServer();
});
afterAll(async () => {
  await server?.close();
});

async function connect(who: TestBrowser, tripId: string, scopes: AiScope[]) {
  const made = await actions.createAiConnection(who.ctx, { tripId, label: "Test app", scopes, days: 7 });
  if (!made.ok) throw new Error(made.message);
  return made.data;
}

const INIT = {
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "1" } },
};

describe("the MCP endpoint", () => {
  it("lists only its scopes' tools, calls one as the member, and answers 401 once revoked", async () => {
    const trip = await newTrip("Lisbon");
    const readOnly = await connect(trip.organizer, trip.tripId, ["read"]);
    const client = await server.client(readOnly.token);
    const listed = (await client.listTools()).tools;
    expect(listed.map((t) => t.name).sort()).toEqual([
      "readAgreed",
      "readConflicts",
      "readCosts",
      "readMyAnswers",
      "readPlan",
      "readRecommendations",
      "readTrip",
    ]);
    expect(listed.every((t) => t.annotations?.readOnlyHint === true)).toBe(true);
    const called = await client.callTool({ name: "readTrip", arguments: {} });
    expect(called.isError).toBe(false);
    const text = (called.content as { type: string; text: string }[])[0]?.text ?? "";
    expect(JSON.parse(text)).toMatchObject({
      ok: true,
      data: { trip: { name: { untrusted_text: "Lisbon" }, status: "collecting" }, me: { isOrganizer: true } },
    });
    const resources = (await client.listResources()).resources.map((r) => r.uri);
    const view = (name: string) => `tripsync://trip/${trip.tripId}/${name}`;
    expect(resources.sort()).toEqual(["agreed", "conflicts", "myanswers", "plan", "recommendations", "trip"].map(view));
    // "What we've agreed" reads like the dashboard: the entry the organizer added, wrapped as data.
    const added = await actions.addContextEntry(trip.organizer.ctx, {
      tripId: trip.tripId,
      kind: "decided",
      text: "We take the night train",
    });
    expect(added.ok).toBe(true);
    const agreed = await client.readResource({ uri: view("agreed") });
    const agreedText = (agreed.contents[0] as { text: string }).text;
    expect(JSON.parse(agreedText)).toMatchObject({
      ok: true,
      data: { entries: [{ kind: "decided", text: { untrusted_text: "We take the night train" }, canEdit: true }] },
    });
    await client.close();

    const revoked = await actions.revokeAiConnection(trip.organizer.ctx, {
      tripId: trip.tripId,
      connectionId: readOnly.connectionId,
    });
    expect(revoked.ok).toBe(true);
    const after = await server.post(INIT, { authorization: `Bearer ${readOnly.token}` });
    expect(after.status).toBe(401);
    await expect(server.client(readOnly.token)).rejects.toThrow();
  });

  it("acts as the member with the act scope: the write is the action's own", async () => {
    const trip = await newTrip("Before");
    const acting = await connect(trip.organizer, trip.tripId, ["read", "act"]);
    const client = await server.client(acting.token);
    const names = (await client.listTools()).tools.map((t) => t.name);
    expect(names).toContain("renameTrip");
    expect(names).not.toContain("generateItinerary");
    expect(names).not.toContain("deleteTrip");
    const renamed = await client.callTool({ name: "renameTrip", arguments: { name: "Porto in May" } });
    expect(renamed.isError).toBe(false);
    expect((await requireMember(trip.organizer.ctx, trip.tripId)).trip.name).toBe("Porto in May");
    // Bad input comes back as the action's own field errors, changing nothing.
    const bad = await client.callTool({ name: "renameTrip", arguments: { name: "" } });
    expect(bad.isError).toBe(true);
    expect(JSON.parse((bad.content as { text: string }[])[0]?.text ?? "")).toMatchObject({
      ok: false,
      code: "invalid:input",
      fieldErrors: { name: "Give the trip a name" },
    });
    expect((await requireMember(trip.organizer.ctx, trip.tripId)).trip.name).toBe("Porto in May");
    await client.close();
  });

  it("refuses a tool outside its scopes with 403, beyond the member's role with 403, a destructive one until confirmed on the page", async () => {
    const trip = await newTrip("Scopes");
    const mia = await trip.join("Mia");
    const readOnly = await connect(trip.organizer, trip.tripId, ["read"]);
    await server.post(INIT, { authorization: `Bearer ${readOnly.token}` });
    const call = (name: string, args: unknown = {}) => ({
      jsonrpc: "2.0",
      id: 2,
      method: "tools/call",
      params: { name, arguments: args },
    });
    const outOfScope = await server.post(call("renameTrip", { name: "Nope" }), {
      authorization: `Bearer ${readOnly.token}`,
    });
    expect(outOfScope.status).toBe(403);
    expect(outOfScope.headers.get("www-authenticate")).toContain('scope="act"');

    const miaActs = await connect(mia, trip.tripId, ["read", "act", "manage"]);
    const beyondRole = await server.post(call("renameTrip", { name: "Mine" }), {
      authorization: `Bearer ${miaActs.token}`,
    });
    expect(beyondRole.status).toBe(403);
    expect(await beyondRole.json()).toMatchObject({ error: { message: "Only the trip's organizer can do that." } });
    const miaClient = await server.client(miaActs.token);
    const miaTools = (await miaClient.listTools()).tools;
    expect(miaTools.map((t) => t.name)).not.toContain("renameTrip");
    expect(miaTools.map((t) => t.name)).toContain("voteForDestination");
    const leave = miaTools.find((t) => t.name === "leaveTrip");
    expect(leave?.annotations).toMatchObject({ destructiveHint: true, readOnlyHint: false });
    const left = await miaClient.callTool({ name: "leaveTrip", arguments: { confirm: true } });
    expect(left.isError).toBe(true);
    expect((left.content as { text: string }[])[0]?.text).toContain("confirm it on the trip page");
    // Mia is still in the trip.
    expect((await requireMember(mia.ctx, trip.tripId)).member.name).toBe("Mia");
    await miaClient.close();
    expect((await requireMember(trip.organizer.ctx, trip.tripId)).trip.name).toBe("Scopes");
  });

  it("asks the person through a client that can elicit before a destructive tool: yes does it, no changes nothing", async () => {
    const trip = await newTrip("Ask first");
    const mia = await trip.join("Mia");
    const ned = await trip.join("Ned");
    const asked: string[] = [];
    const miaToken = (await connect(mia, trip.tripId, ["read", "manage"])).token;
    const declining = await server.client(miaToken, {
      elicitation: (message) => {
        asked.push(message);
        return { action: "decline" };
      },
    });
    const no = await declining.callTool({ name: "leaveTrip", arguments: { confirm: true } });
    expect(asked).toEqual([
      "Leave trip: this can't be undone. Leave the trip: my answers, votes, feedback, devices and sign-in links are erased. The organizer can't leave; they delete the trip instead.",
    ]);
    expect(no.isError).toBe(true);
    expect(JSON.parse((no.content as { text: string }[])[0]?.text ?? "")).toEqual({
      ok: false,
      code: "forbidden:declined",
      message: "Not confirmed, so nothing was changed.",
    });
    expect((await requireMember(mia.ctx, trip.tripId)).member.name).toBe("Mia");
    await declining.close();

    const nedToken = (await connect(ned, trip.tripId, ["read", "manage"])).token;
    const agreeing = await server.client(nedToken, {
      elicitation: () => ({ action: "accept", content: { confirm: true } }),
    });
    const yes = await agreeing.callTool({ name: "leaveTrip", arguments: { confirm: true } });
    expect(yes.isError).toBe(false);
    await agreeing.close();
    await expect(requireMember(ned.ctx, trip.tripId)).rejects.toThrow();
    // Mia, who said no, is still in the trip.
    expect((await requireMember(mia.ctx, trip.tripId)).member.name).toBe("Mia");
  });

  it("takes no cookie as a bearer token and no token as a cookie; an unknown or missing token is 401", async () => {
    const trip = await newTrip("Tokens");
    const conn = await connect(trip.organizer, trip.tripId, ["read"]);
    const cookieToken = trip.organizer.cookie(tripCookieName(trip.tripId)) ?? "";
    expect((await server.post(INIT, { authorization: `Bearer ${cookieToken}` })).status).toBe(401);
    expect((await server.post(INIT, { cookie: `${tripCookieName(trip.tripId)}=${cookieToken}` })).status).toBe(401);
    expect((await server.post(INIT, { authorization: "Bearer not-a-token" })).status).toBe(401);
    const none = await server.post(INIT);
    expect(none.status).toBe(401);
    expect(await none.json()).toEqual({
      error: "unauthorized",
      message:
        "This is TripSync's MCP endpoint for AI apps. Send an AI connection's token in the header Authorization: Bearer <token>; make a connection on the trip's Settings page.",
    });
    // The connection's token in a trip cookie opens nothing.
    const { browser } = await import("@/test/browser");
    const asCookie = browser(new Map([[tripCookieName(trip.tripId), conn.token]]));
    expect(await actions.renameTrip(asCookie.ctx, { tripId: trip.tripId, name: "Hijacked" })).toMatchObject({
      ok: false,
      code: "not_found:trip",
    });
    // An expired one is refused like a revoked one.
    const { getDb } = await import("@/lib/db/client");
    const { aiConnections } = await import("@/lib/db/schema");
    const { eq } = await import("drizzle-orm");
    await (await getDb())
      .update(aiConnections)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(aiConnections.id, conn.connectionId));
    expect((await server.post(INIT, { authorization: `Bearer ${conn.token}` })).status).toBe(401);
  });

  it("refuses a body over 64 kB with 413 and a JSON-RPC error, changing nothing; one under it reaches the action", async () => {
    const trip = await newTrip("Small");
    const acting = await connect(trip.organizer, trip.tripId, ["read", "act"]);
    const auth = { authorization: `Bearer ${acting.token}` };
    await server.post(INIT, auth);
    const rename = (name: string) => ({
      jsonrpc: "2.0",
      id: 3,
      method: "tools/call",
      params: { name: "renameTrip", arguments: { name } },
    });
    // 70,000 letters: the whole body is over 65,536 bytes.
    const huge = await server.post(rename("x".repeat(70_000)), auth);
    expect(huge.status).toBe(413);
    expect(await huge.json()).toEqual({
      jsonrpc: "2.0",
      id: null,
      error: {
        code: -32600,
        message:
          "This request is larger than 64 kB, the most the TripSync endpoint takes at once. Nothing was changed: send less in one call.",
      },
    });
    // Sent in pieces with no declared length, it is cut off at the cap all the same.
    const text = JSON.stringify(rename("y".repeat(70_000)));
    const streamed = await fetch(server.url, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...auth },
      body: new ReadableStream({
        start(controller) {
          for (let at = 0; at < text.length; at += 8192)
            controller.enqueue(new TextEncoder().encode(text.slice(at, at + 8192)));
          controller.close();
        },
      }),
      duplex: "half",
    } as RequestInit);
    expect(streamed.status).toBe(413);
    expect((await requireMember(trip.organizer.ctx, trip.tripId)).trip.name).toBe("Small");
    // 60,000 letters fit: the action itself answers (a name that long is not a trip name).
    const client = await server.client(acting.token);
    const under = await client.callTool({ name: "renameTrip", arguments: { name: "z".repeat(60_000) } });
    expect(under.isError).toBe(true);
    expect(JSON.parse((under.content as { text: string }[])[0]?.text ?? "")).toMatchObject({
      ok: false,
      code: "invalid:input",
    });
    await client.close();
    expect((await requireMember(trip.organizer.ctx, trip.tripId)).trip.name).toBe("Small");
  });

  it("limits each connection's requests before the actions' own: over it, 429 with when to try again", async () => {
    const trip = await newTrip("Busy");
    const busy = await connect(trip.organizer, trip.tripId, ["read"]);
    const calm = await connect(trip.organizer, trip.tripId, ["read"]);
    const previous = process.env.RATE_LIMIT_MCP;
    process.env.RATE_LIMIT_MCP = "3/60";
    try {
      const statuses = [];
      for (let i = 0; i < 4; i++)
        statuses.push((await server.post(INIT, { authorization: `Bearer ${busy.token}` })).status);
      expect(statuses).toEqual([200, 200, 200, 429]);
      const refused = await server.post(INIT, { authorization: `Bearer ${busy.token}` });
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(Number(refused.headers.get("retry-after"))).toBeLessThanOrEqual(60);
      // Another connection of the same member has its own allowance.
      expect((await server.post(INIT, { authorization: `Bearer ${calm.token}` })).status).toBe(200);
    } finally {
      if (previous === undefined) delete process.env.RATE_LIMIT_MCP;
      else process.env.RATE_LIMIT_MCP = previous;
    }
  });

  it("leaves the same database state for the same write through the page, the assistant's tools and MCP", async () => {
    const { runTool } = await import("./registry");
    const { getPreferences } = await import("@/lib/db/queries/preferences");
    const { answers } = await import("@/test/fixtures");
    const write = {
      expectedVersion: 0,
      // A budget typed in euros, read by the one parser whichever surface it comes through.
      preferences: answers({ notes: "Trams, please", budget: { min: "600 EUR", max: "€1,400", hardLimit: true } }),
    };
    const stored = [];
    for (const surface of ["page", "assistant", "MCP"] as const) {
      const trip = await newTrip("Same write");
      if (surface === "page") {
        expect((await actions.savePreferences(trip.organizer.ctx, { tripId: trip.tripId, ...write })).ok).toBe(true);
      } else if (surface === "assistant") {
        const result = await runTool("savePreferences", write, { ctx: trip.organizer.ctx, tripId: trip.tripId });
        expect(result.ok).toBe(true);
      } else {
        const client = await server.client((await connect(trip.organizer, trip.tripId, ["act"])).token);
        expect((await client.callTool({ name: "savePreferences", arguments: write })).isError).toBe(false);
        await client.close();
      }
      const { member } = await requireMember(trip.organizer.ctx, trip.tripId);
      const row = await getPreferences({ memberId: member.id });
      stored.push({ version: row?.version, data: row?.data });
    }
    expect(stored[0]).toMatchObject({
      version: 1,
      // €600 and €1,400 in cents.
      data: {
        notes: "Trams, please",
        budget: { currency: "EUR", minAmount: 60000, maxAmount: 140000, hardLimit: true },
      },
    });
    expect(stored[1]).toEqual(stored[0]);
    expect(stored[2]).toEqual(stored[0]);
  });
});
