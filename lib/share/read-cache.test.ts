import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as actions from "@/lib/actions";
import { getDb } from "@/lib/db/client";
import { itineraries, trips } from "@/lib/db/schema";
import { settleLocalRuns } from "@/lib/pipeline/local-runner";
import { browser } from "@/test/browser";
import { withTestDatabase } from "@/test/db";
import { answers } from "@/test/fixtures";
import { plannedTrip, runItinerary } from "@/test/itinerary";
import { memberCalendarRead, sharedCalendarRead, sharedPageRead, sharedPlanRead } from "./link";
import { readsMade } from "./read-cache";

withTestDatabase();

/**
 * The share page and both calendar files are made once per state of the trip and served from
 * the process's cache; every change a reader must see makes them again: an erasure that rewrites
 * the plan in place (same version), a member leaving, a new version, a rotated link, a revoked one.
 * The share page's HTML too, rendered once per state and never for a dead link.
 */

const JUNE = { flexible: false, windows: [{ start: "2027-06-10", end: "2027-06-20" }] };
const ORIGIN = "https://trips.example.com";
const NOTE = "Olga packs the umbrellas";

describe("reads made once per state of the trip", () => {
  it("serves the same page and calendars until the trip changes, and never a dead link's", async () => {
    const trip = await plannedTrip(
      [
        { name: "Olga", answers: answers({ dates: JUNE, vibes: ["food"] }) },
        { name: "Bartholomew", answers: answers({ dates: JUNE, vibes: ["city"] }) },
      ],
      { start: "2027-06-12", end: "2027-06-15" },
    );
    const { tripId } = trip;
    expect((await runItinerary(tripId)).status).toBe("succeeded");
    const zofia = await trip.join("Zofia");
    const made = await actions.createShareLink(trip.organizer.ctx, { tripId });
    if (!made.ok) throw new Error(made.message);
    const token = made.data.sharePath.replace("/s/", "");
    // Generated prose that names a member, as a real model's plan does: the erasure rewrites it in place.
    const db = await getDb();
    const [trow] = await db.select().from(trips).where(eq(trips.id, tripId));
    await db
      .update(itineraries)
      .set({ payload: sql`jsonb_set(${itineraries.payload}, '{weather,note}', ${JSON.stringify(NOTE)}::jsonb)` })
      .where(eq(itineraries.id, trow?.currentItineraryId ?? ""));

    const anyone = browser().ctx;
    const page = () => sharedPlanRead(anyone, token);
    const shareIcs = () => sharedCalendarRead(anyone, token, ORIGIN);
    const memberIcs = () => memberCalendarRead({ tripId, origin: ORIGIN });
    const unfold = (ics: string | undefined) => (ics ?? "").replace(/\r\n[ \t]/g, "");
    // The share page's HTML (lib/share/rendered-page.ts renders it through the server): counted here.
    let renders = 0;
    const html = (forToken = token) =>
      sharedPageRead(anyone, forToken, ORIGIN, async () => {
        renders++;
        return { status: 200, body: new TextEncoder().encode(`render ${renders}`), headers: {} };
      });
    const shown = async (forToken = token) => {
      const rendered = await html(forToken);
      return rendered ? new TextDecoder().decode(rendered.body) : null;
    };

    // First reads: 3 made. The plan as stored: version 1, Olga and Bartholomew answered (2 cost
    // sheets), 3 members (Zofia joined without answering), the note naming Olga.
    const before = readsMade();
    const first = await page();
    expect(first?.plan).toMatchObject({ version: 1, plannedWithAnswers: 2, groupSize: 3 });
    expect(first?.plan?.weather.note).toBe(NOTE);
    expect(unfold((await shareIcs())?.ics)).toContain(NOTE);
    expect(unfold((await memberIcs())?.ics)).toContain(`${ORIGIN}/trips/${tripId}/plan`);
    expect(readsMade() - before).toBe(3);

    expect(await shown()).toBe("render 1");

    // Read again with nothing changed: served from the cache, nothing made, the very same data.
    expect(await page()).toBe(first);
    expect(await shown()).toBe("render 1");
    await shareIcs();
    await memberIcs();
    expect(readsMade() - before).toBe(4); // the 3 reads, and the page's HTML once

    // Olga erases her answers: version 1 rewritten in place — one cost sheet left, her name gone
    // from the prose ("Someone"), on the page and in both calendars at once.
    expect(await actions.eraseMyAnswers(trip.organizer.ctx, { tripId })).toMatchObject({ ok: true });
    const erased = await page();
    expect(erased?.plan).toMatchObject({ version: 1, plannedWithAnswers: 1, groupSize: 3 });
    expect(erased?.plan?.weather.note).toBe("Someone packs the umbrellas");
    for (const ics of [await shareIcs(), await memberIcs()]) {
      expect(unfold(ics?.ics)).toContain("Someone packs the umbrellas");
      expect(unfold(ics?.ics)).not.toContain("Olga");
    }
    expect(readsMade() - before).toBe(7);
    expect(await shown()).toBe("render 2");

    // A new version (Zofia flags an item, the organizer regenerates): the page and calendars show version 2.
    const itemKey = erased?.plan?.days.flatMap((d) => d.items)[0]?.key ?? "";
    const flag = { tripId, version: 1, itemKey, reason: "not-my-thing", note: "" } as const;
    expect(await actions.flagItineraryItem(zofia.ctx, flag)).toMatchObject({ ok: true });
    const regenerated = await actions.regenerateItinerary(trip.organizer.ctx, { tripId });
    if (!regenerated.ok) throw new Error(regenerated.message);
    await settleLocalRuns();
    expect((await page())?.plan?.version).toBe(2);
    expect(await shown()).toBe("render 3");
    // Version 2 was written by the planner, without the note added to version 1 above.
    expect(unfold((await shareIcs())?.ics)).not.toContain("packs the umbrellas");
    expect(unfold((await memberIcs())?.ics)).not.toContain("packs the umbrellas");

    // Zofia leaves: 2 members now, same version.
    expect(await actions.leaveTrip(zofia.ctx, { tripId, confirm: true })).toMatchObject({ ok: true });
    expect((await page())?.plan).toMatchObject({ version: 2, groupSize: 2 });
    expect(await shown()).toBe("render 4");

    // Rotated: the old link opens nothing, cached or not; the new one opens the plan.
    const rotated = await actions.createShareLink(trip.organizer.ctx, { tripId });
    if (!rotated.ok) throw new Error(rotated.message);
    const newToken = rotated.data.sharePath.replace("/s/", "");
    expect(await page()).toBeNull();
    expect(await shareIcs()).toBeNull();
    expect(await html()).toBeNull();
    expect(renders).toBe(4);
    expect((await sharedPlanRead(anyone, newToken))?.plan?.version).toBe(2);
    expect(await shown(newToken)).toBe("render 5");
    expect(await sharedCalendarRead(anyone, newToken, ORIGIN)).not.toBeNull();

    // Revoked: nothing, however recently it was served.
    expect(await actions.revokeShareLink(trip.organizer.ctx, { tripId })).toMatchObject({ ok: true });
    expect(await sharedPlanRead(anyone, newToken)).toBeNull();
    expect(await sharedCalendarRead(anyone, newToken, ORIGIN)).toBeNull();
    expect(await html(newToken)).toBeNull();
    expect(renders).toBe(5);
    // The members' calendar doesn't depend on the link.
    expect(unfold((await memberIcs())?.ics)).toContain("BEGIN:VCALENDAR");
  });
});
