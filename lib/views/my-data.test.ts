import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as actions from "@/lib/actions";
import { requireMember } from "@/lib/auth/guards";
import { hashToken } from "@/lib/auth/tokens";
import { currentItinerary } from "@/lib/db/queries/itineraries";
import { latestRecommendations } from "@/lib/db/queries/recommendations";
import { MyDataExport } from "@/lib/schemas/my-data";
import { myDataResponse } from "@/lib/views/my-data";
import type { TestBrowser } from "@/test/browser";
import { withTestDatabase } from "@/test/db";
import { answers, newTrip } from "@/test/fixtures";
import { runItinerary } from "@/test/itinerary";
import { runPipeline } from "@/test/pipeline";
import { deviceToken, startTripServer } from "@/test/route-server";

withTestDatabase();

/**
 * "Download my data" over real HTTP: a node server hands `GET /trips/<id>/me/export` to
 * the same `myDataResponse` the route handler calls, with the request's cookies.
 */
let server: Awaited<ReturnType<typeof startTripServer>>;
beforeAll(async () => {
  server = await startTripServer({ "me/export": myDataResponse });
});
afterAll(async () => {
  await server.close();
});

const JUNE = { flexible: false, windows: [{ start: "2027-06-10", end: "2027-06-20" }] };
/** What only Zebulon and Olga said: none of it may be in Mia's file. */
const ZEBULON = ["Zebulon", "ZED-PRIVATE-NOTE", "ZED-FLAG-NOTE"];
const ZEBULON_BUDGET = [91919, 92929];
const OLGA = ["Olga", "OLGA-SECRET-NOTE"];
const OLGA_BUDGET = [77123, 88321];
/** A budget as a figure in the file (whole dollars, or the cents it is stored in), not as digits inside a random id or a timestamp. */
const asFigure = (amount: number) => new RegExp(`[^\\w-]${amount}(00)?[^\\w-]`);

/** Olga organizes; Mia and Zebulon joined; all three answered, voted (Mia, Zebulon) and flagged the plan. */
async function tripWithEveryone() {
  const trip = await newTrip("Lisbon in June!");
  const mia = await trip.join("Mia");
  const zebulon = await trip.join("Zebulon");
  const save = async (who: TestBrowser, notes: string, budget: { min: number; max: number }) => {
    const saved = await actions.savePreferences(who.ctx, {
      tripId: trip.tripId,
      expectedVersion: 0,
      preferences: answers({ dates: JUNE, notes, budget: { ...budget, hardLimit: false } }),
    });
    if (!saved.ok) throw new Error(saved.message);
  };
  await save(trip.organizer, "OLGA-SECRET-NOTE", { min: 77123, max: 88321 });
  await save(mia, "Mia wants trams", { min: 4321, max: 5678 });
  await save(zebulon, "ZED-PRIVATE-NOTE", { min: 91919, max: 92929 });
  await runPipeline(trip.tripId);
  const stored = await latestRecommendations({ tripId: trip.tripId });
  const slug = stored?.pack.options[0]?.slug;
  if (!stored || !slug) throw new Error("no options");
  const choice = { tripId: trip.tripId, recommendationId: stored.id, slug };
  for (const who of [mia, zebulon]) expect((await actions.voteForDestination(who.ctx, choice)).ok).toBe(true);
  expect((await actions.chooseDestination(trip.organizer.ctx, choice)).ok).toBe(true);
  const dated = await actions.setTripDates(trip.organizer.ctx, {
    tripId: trip.tripId,
    start: "2027-06-12",
    end: "2027-06-15",
  });
  expect(dated.ok).toBe(true);
  expect((await runItinerary(trip.tripId)).status).toBe("succeeded");
  const plan = await currentItinerary({ tripId: trip.tripId });
  const item = plan?.itinerary.days[0]?.items[0];
  if (!plan || !item) throw new Error("no plan");
  for (const [who, note] of [
    [mia, "Mia-flag-note"],
    [zebulon, "ZED-FLAG-NOTE"],
  ] as const) {
    const flag = { tripId: trip.tripId, version: plan.version, itemKey: item.key, reason: "other", note };
    expect((await actions.flagItineraryItem(who.ctx, flag)).ok).toBe(true);
  }
  return { ...trip, mia, zebulon, slug };
}

const exportPath = (tripId: string) => `/trips/${tripId}/me/export`;

describe("download my data", () => {
  it("gives a member a JSON file of their own data, and nothing of anyone else's", async () => {
    const trip = await tripWithEveryone();
    // Mia and Zebulon each connected an AI app: hers is in her file (never its token), his isn't.
    const app = await actions.createAiConnection(trip.mia.ctx, {
      tripId: trip.tripId,
      label: "Mia's assistant",
      scopes: ["read", "act"],
      days: 7,
    });
    if (!app.ok) throw new Error(app.message);
    const zedApp = await actions.createAiConnection(trip.zebulon.ctx, {
      tripId: trip.tripId,
      label: "Zebulon bot",
      scopes: ["read"],
      days: 1,
    });
    expect(zedApp.ok).toBe(true);
    const response = await server.get(exportPath(trip.tripId), trip.mia, trip.tripId);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe(
      'attachment; filename="tripsync-lisbon-in-june-my-data.json"',
    );
    expect(response.headers.get("cache-control")).toBe("no-store");
    const text = await response.text();

    // Hers: her note, her budget, her vote, her flag, her device (label and dates only), when she joined.
    const data = MyDataExport.parse(JSON.parse(text));
    const { member } = await requireMember(trip.mia.ctx, trip.tripId);
    expect(data.trip).toEqual({ id: trip.tripId, name: "Lisbon in June!" });
    expect(data.me).toEqual({ id: member.id, name: "Mia", role: "member", joinedAt: member.createdAt.toISOString() });
    expect(data.answers?.notes).toBe("Mia wants trams");
    // As stored: US cents (the answers were typed in whole dollars, before currencies).
    expect(data.answers?.budget).toEqual({ currency: "USD", minAmount: 432100, maxAmount: 567800, hardLimit: false });
    expect(data.votes).toEqual([expect.objectContaining({ destination: trip.slug })]);
    expect(data.feedback).toEqual([
      expect.objectContaining({ kind: "flag", reason: "other", text: "Mia-flag-note", status: "open" }),
    ]);
    expect(data.devices).toEqual([
      { label: "A browser", signedInAt: expect.any(String), lastSeenAt: expect.any(String) },
    ]);
    expect(data.aiConnections).toEqual([
      {
        label: "Mia's assistant",
        scopes: ["read", "act"],
        createdAt: expect.any(String),
        expiresAt: expect.any(String),
        lastUsedAt: null,
      },
    ]);
    const [made] = data.aiConnections;
    expect(Date.parse(made?.expiresAt ?? "") - Date.parse(made?.createdAt ?? "")).toBeGreaterThan(
      7 * 86_400_000 - 60_000,
    );
    expect(text).not.toContain(app.data.token);
    expect(text).not.toContain(hashToken(app.data.token));
    expect(text).not.toContain(hashToken(deviceToken(trip.mia, trip.tripId) ?? ""));
    expect(text).not.toMatch(/token/i);

    // Nobody else's: no other name, note, budget figure or flag anywhere in the file.
    for (const word of [...ZEBULON, ...OLGA]) expect(text, word).not.toContain(word);
    for (const amount of [...ZEBULON_BUDGET, ...OLGA_BUDGET])
      expect(text, String(amount)).not.toMatch(asFigure(amount));

    // Zebulon's own cookie gets his file, not Mia's.
    const his = await server.get(exportPath(trip.tripId), trip.zebulon, trip.tripId);
    expect(his.status).toBe(200);
    const hisText = await his.text();
    const hisData = MyDataExport.parse(JSON.parse(hisText));
    expect(hisData.me.name).toBe("Zebulon");
    expect(hisData.answers?.notes).toBe("ZED-PRIVATE-NOTE");
    expect(hisData.feedback.map((f) => f.text)).toEqual(["ZED-FLAG-NOTE"]);
    for (const word of ["Mia", "Mia-flag-note", ...OLGA]) expect(hisText, word).not.toContain(word);
    for (const amount of [4321, 5678, ...OLGA_BUDGET]) expect(hisText, String(amount)).not.toMatch(asFigure(amount));
  });

  it("includes the member's expenses (what they paid, their share) and payments, not expenses they have no part in", async () => {
    const trip = await newTrip("Costs");
    const mia = await trip.join("Mia");
    const zed = await trip.join("Zed");
    const id = async (b: TestBrowser) => (await requireMember(b.ctx, trip.tripId)).member.id;
    const [olgaId, miaId, zedId] = [await id(trip.organizer), await id(mia), await id(zed)];
    const expense = (description: string, amount: string, memberIds: string[]) => ({
      tripId: trip.tripId,
      description,
      amount,
      currency: "USD",
      category: "food",
      spentOn: "2027-06-12",
      split: { kind: "equal", memberIds },
    });
    // Mia pays $30.01 for the three of them: 30.01 / 3 → 10.01 (Mia's share is whichever the
    // leftover cent lands on: the first id in order gets it) — she paid 3001 either way.
    expect((await actions.addExpense(mia.ctx, expense("Tapas", "30.01", [olgaId, miaId, zedId]))).ok).toBe(true);
    expect((await actions.addExpense(zed.ctx, expense("ZED-ONLY-TAXI", "12", [olgaId, zedId]))).ok).toBe(true);
    const paid = await actions.recordPayment(zed.ctx, {
      tripId: trip.tripId,
      fromMemberId: zedId,
      toMemberId: miaId,
      amount: "10",
    });
    expect(paid.ok).toBe(true);
    const text = await (await server.get(exportPath(trip.tripId), mia, trip.tripId)).text();
    const { costs } = MyDataExport.parse(JSON.parse(text));
    const firstById = [olgaId, miaId, zedId].sort()[0];
    expect(costs.expenses).toEqual([
      {
        id: expect.any(String),
        description: "Tapas",
        category: "food",
        spentOn: "2027-06-12",
        currency: "USD",
        amount: 3001,
        paidByMe: 3001,
        myShare: firstById === miaId ? 1001 : 1000,
      },
    ]);
    expect(costs.payments).toEqual([
      { direction: "received", amount: 1000, currency: "USD", recordedAt: expect.any(String) },
    ]);
    expect(text).not.toContain("ZED-ONLY-TAXI");
  });

  it("refuses strangers and members of other trips as the trip's pages do (404), and a member who left", async () => {
    const trip = await newTrip("Porto");
    const ned = await trip.join("Ned");
    const other = await newTrip("Elsewhere");
    const outsider = await other.join("Outsider");
    const refusals = [
      await server.get(exportPath(trip.tripId)), // no cookie
      await server.get(exportPath(trip.tripId), outsider, other.tripId), // their own trip's cookie
      await server.get(exportPath(trip.tripId), outsider, other.tripId, trip.tripId), // it, as this trip's
    ];
    for (const refused of refusals) {
      expect(refused.status).toBe(404);
      expect(refused.headers.get("content-disposition")).toBeNull();
      expect(await refused.json()).toMatchObject({ error: "not_found:trip" });
    }
    expect((await server.get(exportPath(trip.tripId), ned, trip.tripId)).status).toBe(200);
    const copy = ned.clone();
    expect((await actions.leaveTrip(ned.ctx, { tripId: trip.tripId, confirm: true })).ok).toBe(true);
    expect((await server.get(exportPath(trip.tripId), copy, trip.tripId)).status).toBe(404);
  });
});
