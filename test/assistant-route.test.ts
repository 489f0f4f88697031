import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postAssistant } from "@/lib/assistant/http";
import { tripCookieName } from "@/lib/auth/session";
import { browser } from "@/test/browser";
import { withTestDatabase } from "@/test/db";
import { waitForSaved } from "./assistant";
import { type Person, snapshot, type UnderstandingTrip, understandingTrip } from "./assistant-understanding";

withTestDatabase();

/**
 * Everyday requests, sent over real HTTP to the handler `POST /api/trips/[id]/assistant`
 * calls (the person's trip cookie as the request context), on the Lisbon plan with Ana (the
 * organizer), Sam and Mia (test/assistant-understanding.ts). Each is checked against the trip's
 * state after it, as well as the words the person got.
 */

let trip: UnderstandingTrip;
let origin = "";
let close: () => Promise<void>;

beforeAll(async () => {
  trip = await understandingTrip();
  const server = createServer(async (req, res) => {
    const tripId = /^\/api\/trips\/([^/]+)\/assistant$/.exec(req.url ?? "")?.[1];
    if (!tripId || req.method !== "POST") return void res.writeHead(404).end();
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const jar = new Map((req.headers.cookie ?? "").split(";").map((p) => p.trim().split("=") as [string, string]));
    const response = await postAssistant({
      ctx: browser(jar).ctx,
      tripId,
      body: JSON.parse(Buffer.concat(chunks).toString("utf8") || "null"),
    });
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(Buffer.from(await response.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
});
afterAll(async () => {
  await close?.();
  trip?.restore();
});

/** Sends `text` as `who` and returns the reply's words and the question's chips, from the stored thread. */
async function say(who: Person, text: string) {
  const cookie = `${tripCookieName(trip.tripId)}=${trip.people[who].cookie(tripCookieName(trip.tripId))}`;
  const response = await fetch(`${origin}/api/trips/${trip.tripId}/assistant`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie },
    body: JSON.stringify({ text }),
  });
  expect(response.status).toBe(200);
  await response.text();
  const thread = await waitForSaved(trip.tripId, trip.memberIds[who]);
  const parts = (thread.at(-1)?.parts ?? []) as { type: string; text?: string; input?: { choices?: string[] } }[];
  const words = parts
    .filter((p) => p.type === "text")
    .map((p) => p.text)
    .join(" ");
  const choices = parts.find((p) => p.type === "tool-ask_clarification")?.input?.choices ?? [];
  return { words, choices };
}

describe("everyday requests, through the assistant's route", () => {
  it("a privacy question about a member says whose it is, reads nothing of theirs, changes nothing", async () => {
    const before = await snapshot(trip.tripId);
    const from = await say("mia", "where is Sam flying in from?");
    expect(from.words).toMatch(/^Where Sam travels from is private to them/);
    expect(from.words).not.toMatch(/Chicago/);
    const spend = await say("mia", "how much is Sam able to spend?");
    expect(spend.words).toMatch(/^Sam's budget is private to them/);
    // Sam's figures (his $1,531 share, his $3,000 max) are never said.
    expect(spend.words).not.toMatch(/\$\d/);
    expect(await snapshot(trip.tripId)).toEqual(before);
  });

  it("a member's organizer-only request names the organizer and offers to ask; the plan is untouched", async () => {
    const before = await snapshot(trip.tripId);
    for (const text of ["finalize the plan", "regenerate with the flags"]) {
      const { words } = await say("sam", text);
      expect(words, text).toMatch(
        /^Only Ana, the organizer, can regenerate or finalize the plan\. Want me to ask them\?/,
      );
    }
    const rename = await say("sam", "rename the trip to Lisbon Lads");
    expect(rename.words).toMatch(/^Only Ana, the organizer, can rename the trip\./);
    expect(await snapshot(trip.tripId)).toEqual(before);
  });

  it("two items match: the question lists both, as chips that need nothing filled in; nothing moves", async () => {
    const before = await snapshot(trip.tripId);
    const { choices } = await say("ana", "move the museum to the evening");
    // The plan's two museums: the Azulejo (tile) museum on day 2 and the Coach Museum on day 4.
    expect(choices).toEqual([
      "Move National Azulejo Museum to the evening",
      "Move National Coach Museum to the evening",
    ]);
    expect(await snapshot(trip.tripId)).toEqual(before);
  });

  it('"Call the trip Lisbon in June" renames the trip and records no unmet request', async () => {
    const before = await snapshot(trip.tripId);
    const { words } = await say("ana", "Call the trip Lisbon in June");
    expect(words).toContain("Lisbon in June");
    const after = await snapshot(trip.tripId);
    expect(after.tripName).toBe("Lisbon in June");
    expect(after.unmet).toEqual(before.unmet);
    expect({ ...after, tripName: before.tripName }).toEqual(before);
  });
});
