import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import * as actions from "@/lib/actions";
import { runTool } from "@/lib/assistant/registry";
import { requireMember } from "@/lib/auth/guards";
import { tripCookieName } from "@/lib/auth/session";
import { costsCsvResponse } from "@/lib/costs-export";
import { currentItinerary } from "@/lib/db/queries/itineraries";
import { latestTripEventId } from "@/lib/db/queries/trip-events";
import { tripHub } from "@/lib/live/hub";
import { wholeUsdReaching, wholeUsdWithin } from "@/lib/money/budget";
import { costsStandingOf } from "@/lib/notifications/costs-standing";
import { CostsBoard } from "@/lib/schemas/costs-board";
import { MemberPreferences } from "@/lib/schemas/preferences";
import { LiveMessage } from "@/lib/schemas/trip-events";
import { loadCostsView } from "@/lib/views/costs";
import { browser, type TestBrowser } from "@/test/browser";
import { withTestDatabase } from "@/test/db";
import { answers } from "@/test/fixtures";
import { planningTrip, runItinerary } from "@/test/itinerary";
import { type LiveServer, openLiveChannel, startLiveServer } from "@/test/live-server";

withTestDatabase();

/**
 * Budgets are their owner's alone, through a whole costs journey: every live payload, the
 * Costs page's data (which the dashboard's glance is cut from too), the CSV export, the
 * assistant's reading tool and the digest's line that each of three members receives carry no
 * other member's budget — in any unit it could be written in (whole units, with a thousands
 * comma, minor units, or the dollars a euro budget is judged by). Each member does find their
 * own, which shows the search would catch one.
 */

type Who = "olga" | "sam" | "cleo";
const BUDGETS: Record<Who, { min: number; max: number; currency: "USD" | "EUR" }> = {
  olga: { min: 1061, max: 13579, currency: "USD" },
  sam: { min: 1097, max: 12468, currency: "EUR" },
  cleo: { min: 1123, max: 11357, currency: "USD" },
};

/** Every way a budget could be written down. */
function tellTales(b: (typeof BUDGETS)[Who]): RegExp[] {
  const figures = [b.min, b.max].flatMap((n) => [n, n * 100]);
  if (b.currency !== "USD")
    for (const n of [b.min, b.max]) {
      const money = { amount: n * 100, currency: b.currency };
      figures.push(wholeUsdWithin(money), wholeUsdReaching(money));
    }
  return figures.flatMap((n) => [
    new RegExp(`(?<![0-9a-f-])${n}(?![0-9a-f-])`),
    new RegExp(`(?<![0-9])${n.toLocaleString("en-US").replace(/,/g, "\\,")}(?![0-9])`),
  ]);
}

let server: LiveServer;
beforeAll(async () => {
  server = await startLiveServer();
});
afterAll(async () => {
  await server?.close();
});

describe("a costs journey, read by every member", () => {
  it("shows nobody another member's budget: live payloads, page, export, tool, digest", {
    timeout: 180_000,
  }, async () => {
    const prefs = (who: Who, origin: string) =>
      MemberPreferences.parse(
        answers({
          origin,
          budget: { min: BUDGETS[who].min, max: BUDGETS[who].max, hardLimit: false, currency: BUDGETS[who].currency },
        }),
      );
    const trip = await planningTrip([prefs("olga", "Boston"), prefs("sam", "Chicago"), prefs("cleo", "Denver")], {
      slug: "lisbon",
      start: "2027-05-10",
      end: "2027-05-14",
    });
    expect((await runItinerary(trip.tripId)).status).toBe("succeeded");
    const { tripId } = trip;
    const as = (token: string | undefined) => browser(new Map([[tripCookieName(tripId), token ?? ""]]));
    const people: Record<Who, TestBrowser> = {
      olga: as(trip.organizerToken),
      sam: as(trip.memberTokens[0]),
      cleo: as(trip.memberTokens[1]),
    };
    const id = async (who: Who) => (await requireMember(people[who].ctx, tripId)).member.id;
    const ids = { olga: await id("olga"), sam: await id("sam"), cleo: await id("cleo") };
    const after = await latestTripEventId({ tripId });
    const streams = {
      olga: await openLiveChannel(server, tripId, people.olga, { after }),
      sam: await openLiveChannel(server, tripId, people.sam, { after }),
      cleo: await openLiveChannel(server, tripId, people.cleo, { after }),
    };

    // The journey: Sam reads in euros, Cleo skips an item, an expense for it and one in euros,
    // a payment recorded and undone, an expense deleted and brought back.
    const item = (await currentItinerary({ tripId }))?.itinerary.days[0]?.items[0];
    if (!item) throw new Error("no plan item");
    const ok = async (result: Promise<{ ok: boolean; message?: string }>) => {
      const r = await result;
      expect(r.ok, r.message).toBe(true);
      return r;
    };
    await ok(actions.setMyDisplayCurrency(people.sam.ctx, { tripId, currency: "EUR" }));
    await ok(actions.optOutOfPlanItem(people.cleo.ctx, { tripId, itemKey: item.key, optedOut: true }));
    const expense = (description: string, amount: string, currency: string, extra = {}) => ({
      tripId,
      description,
      amount,
      currency,
      category: "activities",
      spentOn: "2027-05-10",
      split: { kind: "equal" },
      ...extra,
    });
    await ok(actions.addExpense(people.olga.ctx, expense(item.title, "30", "USD", { itemKey: item.key })));
    const dinner = await actions.addExpense(people.sam.ctx, expense("Dinner", "60", "EUR"));
    if (!dinner.ok) throw new Error(dinner.message);
    const payment = await actions.recordPayment(people.cleo.ctx, {
      tripId,
      fromMemberId: ids.cleo,
      toMemberId: ids.sam,
      amount: "20",
    });
    if (!payment.ok) throw new Error(payment.message);
    await ok(actions.undoRecordedPayment(people.olga.ctx, { tripId, paymentId: payment.data.paymentId }));
    await ok(
      actions.deleteExpense(people.olga.ctx, {
        tripId,
        expenseId: dinner.data.expenseId,
        version: dinner.data.version,
      }),
    );
    await ok(actions.restoreExpense(people.sam.ctx, { tripId, expenseId: dinner.data.expenseId }));
    const last = await latestTripEventId({ tripId });
    await Promise.all(Object.values(streams).map((s) => s.next((m) => m.event === undefined && m.id === String(last))));

    const who: Who[] = ["olga", "sam", "cleo"];
    for (const viewer of who) {
      const ctx = people[viewer].ctx;
      const live = streams[viewer].messages
        .filter((m) => m.event === undefined)
        .map((m) => LiveMessage.parse(JSON.parse(m.data)));
      const costs = live.filter((m) => m.kind === "costs.changed");
      // Every change reached them with their own board: 7 changes (opt-out, 2 adds, payment, undo, delete, restore).
      expect(costs).toHaveLength(7);
      for (const m of costs) {
        const board = CostsBoard.parse((m.payload as { board: unknown }).board);
        expect(board.mine.budget).toEqual({ amount: BUDGETS[viewer].max * 100, currency: BUDGETS[viewer].currency });
      }
      const caller = await requireMember(ctx, tripId);
      const view = await loadCostsView(caller);
      // One truth: the last board the channel brought is the board the page renders (and the glance).
      expect((costs.at(-1)?.payload as { board: unknown } | undefined)?.board).toEqual(view.board);
      const page = JSON.stringify(view);
      const csv = await (await costsCsvResponse({ ctx, tripId })).text();
      const tool = JSON.stringify(await runTool("readCosts", {}, { ctx, tripId }));
      const digest = (await costsStandingOf({ tripId, memberId: ids[viewer] })) ?? "";
      const read = [
        ...live.map((m) => ({ where: `live ${m.kind}`, text: JSON.stringify(m) })),
        { where: "page", text: page },
        { where: "csv", text: csv },
        { where: "tool", text: tool },
        { where: "digest", text: digest },
      ];
      const found = (whose: Who) =>
        read.flatMap((r) => tellTales(BUDGETS[whose]).flatMap((re) => (re.test(r.text) ? [`${r.where}: ${re}`] : [])));
      for (const other of who.filter((w) => w !== viewer))
        expect(found(other), `${viewer} reads ${other}'s`).toEqual([]);
      // Their own budget is there (on their page and in their live boards): the search would find one.
      expect(found(viewer).length).toBeGreaterThan(0);
    }

    for (const s of Object.values(streams)) s.close();
    const hub = await tripHub();
    await vi.waitFor(() => expect(hub.stats().subscribers).toBe(0));
  });
});
