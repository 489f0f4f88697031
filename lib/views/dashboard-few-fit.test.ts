import { expect, it } from "vitest";
import { openerText } from "@/components/recommendations/openers";
import * as actions from "@/lib/actions";
import { requireMember } from "@/lib/auth/guards";
import { loadDashboard } from "@/lib/views/dashboard";
import { withTestDatabase } from "@/test/db";
import { answers, newTrip } from "@/test/fixtures";

withTestDatabase();

/**
 * Ben (from Miami, low vision, the US only, budget stays, three days, hard cap $500) with
 * Olga and Cleo (from Miami, two to five days, no budget). Only Chicago, New Orleans and New
 * York serve low vision in the US; Ben's own three-day totals there, by hand from the
 * catalog, are $580, $595 and $590 — over his cap, so nothing fits. A $600 cap (the lowest
 * $50 step over $595) opens all three; so does a two-day trip ($420, $460, $410).
 */
it("the dashboard names the real blocker live: who and how much for the organizer, Ben's own changes but his hard cap, counts for Cleo", async () => {
  const june = { flexible: false, windows: [{ start: "2027-06-01", end: "2027-06-20" }] };
  const easy = answers({ dates: june, tripLength: { minDays: 2, maxDays: 5 }, origin: "Miami", budget: null });
  const benAnswers = answers({
    dates: june,
    tripLength: { minDays: 3, maxDays: 3 },
    budget: { min: 0, max: 500, hardLimit: true },
    accommodation: "budget",
    accessibility: ["low-vision"],
    scope: "domestic",
    origin: "Miami",
    vibes: ["city"],
  });
  const trip = await newTrip();
  const benBrowser = await trip.join("Ben");
  const cleoBrowser = await trip.join("Cleo");
  for (const [who, prefs] of [
    [trip.organizer, easy],
    [benBrowser, benAnswers],
    [cleoBrowser, { ...easy, vibes: ["nature"] }],
  ] as const) {
    const saved = await actions.savePreferences(who.ctx, {
      tripId: trip.tripId,
      expectedVersion: 0,
      preferences: prefs,
    });
    if (!saved.ok) throw new Error(saved.message);
  }
  const olga = await requireMember(trip.organizer.ctx, trip.tripId);
  const view = await loadDashboard(olga);
  const nameOf = (id: string) => view.members.find((m) => m.id === id)?.name ?? "Someone";
  const ben = view.members.find((m) => m.name === "Ben")?.id ?? "";
  const cleo = view.members.find((m) => m.name === "Cleo")?.id ?? "";
  expect(view.fewFit?.fit).toBe(0);
  expect(view.fewFit?.openers.map((o) => openerText(o, olga.member.id, nameOf))).toEqual([
    "If Ben's budget were $600: +3 places",
    "If Ben could do 1 day less: +3 places",
  ]);

  const member = async (who: typeof benBrowser) => ({
    view: await loadDashboard(await requireMember(who.ctx, trip.tripId)),
  });
  // Ben's $500 is a hard cap: a limit he said he can't pass, so raising it is never offered to
  // him as the way out (the organizer and the others still see it); his other change is.
  const asBen = await member(benBrowser);
  expect(asBen.view.fewFit?.openers.map((o) => openerText(o, ben, nameOf))).toEqual([
    "If you could do 1 day less: +3 places",
  ]);
  const asCleo = await member(cleoBrowser);
  expect(asCleo.view.fewFit?.openers.map((o) => openerText(o, cleo, nameOf))).toEqual([
    "If someone could spend more: +3 places",
    "If someone could do 1 day less: +3 places",
  ]);
  // Nothing of Ben's reaches Cleo through it: not his id, not the figure.
  const cut = JSON.stringify(asCleo.view.fewFit);
  expect(cut).not.toContain(ben);
  expect(cut).not.toContain("600");
});
