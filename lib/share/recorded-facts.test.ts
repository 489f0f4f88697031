import { and, eq, sql } from "drizzle-orm";
import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import * as actions from "@/lib/actions";
import { CATALOG_VERSION } from "@/lib/catalog/destinations";
import { getDb } from "@/lib/db/client";
import { recordedFacts, recordFacts } from "@/lib/db/queries/destination-facts";
import { currentItinerary } from "@/lib/db/queries/itineraries";
import { latestRecommendations } from "@/lib/db/queries/recommendations";
import { destinationFacts, itineraries } from "@/lib/db/schema";
import { allFacts, type DestinationFacts, factsFor } from "@/lib/facts";
import { planRoutes } from "@/lib/planning/day-route";
import { MemberPreferences } from "@/lib/schemas/preferences";
import { withTestDatabase } from "@/test/db";
import { answers } from "@/test/fixtures";
import { plannedTrip, planningTrip, runItinerary } from "@/test/itinerary";
import { calendarOf, openShareLink, shownPlan } from "./link";

/**
 * A plan keeps the destination facts it was made with: the catalog may be edited later (a
 * venue moved, renamed), but the shared plan's routes and map links, and the calendar's
 * places, are the ones the plan was made from.
 */

withTestDatabase();

const JUNE = { flexible: false, windows: [{ start: "2027-06-10", end: "2027-06-20" }] };
/** Catalog versions before today's: the plans below were made with them. */
const EARLIER = "2026-01-15.1";
const EARLIEST = "2025-06-01.1";
/** Where that version placed the plan's first venue (today's catalog has it elsewhere). */
const THEN = { lat: 12.3456, lon: 65.4321 };

async function tripWithPlan() {
  const trip = await plannedTrip(
    [
      { name: "Olga", answers: answers({ dates: JUNE, vibes: ["food", "culture"], origin: "Bratislava" }) },
      { name: "Bartholomew", answers: answers({ dates: JUNE, vibes: ["city"], origin: "Winnipeg" }) },
    ],
    { start: "2027-06-12", end: "2027-06-16" },
  );
  const run = await runItinerary(trip.tripId);
  expect(run.status).toBe("succeeded");
  return trip;
}

/** Makes the trip's current plan one made with catalog version `version` (as if made before an edit). */
async function madeWith(tripId: string, version: string) {
  const db = await getDb();
  await db
    .update(itineraries)
    .set({ payload: sql`jsonb_set(${itineraries.payload}, '{factsVersion}', ${JSON.stringify(version)}::jsonb)` })
    .where(eq(itineraries.tripId, tripId));
}

async function sharedLink(trip: Awaited<ReturnType<typeof tripWithPlan>>) {
  const made = await actions.createShareLink(trip.organizer.ctx, { tripId: trip.tripId });
  if (!made.ok) throw new Error(made.message);
  const shared = await openShareLink(trip.organizer.clone().ctx, made.data.sharePath.replace("/s/", ""));
  if (!shared?.current) throw new Error("the link opens no plan");
  return shared;
}

function geoOf(ics: string, summary: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  const event = calendar
    .getAllSubcomponents("vevent")
    .map((c) => new ICAL.Event(c))
    .find((e) => e.summary === summary);
  if (!event) throw new Error(`no event ${summary}`);
  return { geo: event.component.getFirstPropertyValue("geo"), location: event.location };
}

async function factsRows(slug: string, version?: string) {
  const db = await getDb();
  return db
    .select()
    .from(destinationFacts)
    .where(and(eq(destinationFacts.slug, slug), version ? eq(destinationFacts.version, version) : undefined));
}

describe("a finalized, shared plan after the catalog changed", () => {
  it("shows the venues where the facts it was made with put them, on the share page and in the calendar", async () => {
    const trip = await tripWithPlan();
    const plan = (await currentItinerary({ tripId: trip.tripId }))?.itinerary;
    const venue = plan?.days.flatMap((d) => d.items).find((i) => i.kind === "activity" && i.activityId);
    const today = plan ? factsFor(plan.destination.slug) : undefined;
    if (!plan || !venue?.activityId || !today) throw new Error("no venue in the plan");
    expect(today.activities.find((a) => a.id === venue.activityId)?.coordinates).not.toEqual(THEN);

    // The facts as they were when the plan was made: the venue elsewhere and under another name.
    const then: DestinationFacts = {
      ...today,
      activities: today.activities.map((a) =>
        a.id === venue.activityId ? { ...a, title: "The Old Venue", coordinates: THEN } : a,
      ),
      provenance: { kind: "catalog", version: EARLIER },
    };
    await recordFacts([then]);
    await madeWith(trip.tripId, EARLIER);
    expect(await actions.finalizePlan(trip.organizer.ctx, { tripId: trip.tripId })).toMatchObject({ ok: true });

    const shared = await sharedLink(trip);
    const shown = await shownPlan(shared);
    expect(shown?.plan.status).toBe("final");
    expect(shown?.facts).toMatchObject({ asRecorded: true });
    const stop = shown?.plan.routes?.flatMap((r) => r.stops).find((s) => s.key === venue.key);
    expect(stop?.coordinates).toEqual({ lat: 12.3456, lon: 65.4321 });
    const day = shown?.plan.routes?.find((r) => r.stops.some((s) => s.key === venue.key));
    expect(day?.mapUrl).toContain("12.3456%2C65.4321");

    const ics = await calendarOf({
      tripId: trip.tripId,
      current: shared.current as NonNullable<typeof shared.current>,
      final: true,
      link: "https://trips.example.com/s/x",
    });
    expect(geoOf(ics, venue.title)).toEqual({
      geo: [12.3456, 65.4321],
      location: `${venue.area}, ${plan.destination.name}, ${plan.destination.country}`,
    });
  });

  it("reads today's catalog when the version's recorded facts no longer parse, and says so", async () => {
    const trip = await tripWithPlan();
    const plan = (await currentItinerary({ tripId: trip.tripId }))?.itinerary;
    if (!plan) throw new Error("no plan");
    const db = await getDb();
    await db.insert(destinationFacts).values({
      slug: plan.destination.slug,
      version: EARLIEST,
      facts: { slug: plan.destination.slug, activities: "none" } as unknown as DestinationFacts,
      provenance: "catalog",
    });
    await madeWith(trip.tripId, EARLIEST);

    const shared = await sharedLink(trip);
    const shown = await shownPlan(shared);
    expect(shown?.facts?.asRecorded).toBe(false);
    expect(shown?.facts?.facts.provenance.version).toBe(CATALOG_VERSION);
    expect(shown?.plan.routes).toEqual(planRoutes(plan, factsFor(plan.destination.slug) as DestinationFacts));
    const ics = await calendarOf({
      tripId: trip.tripId,
      current: shared.current as NonNullable<typeof shared.current>,
      final: false,
      link: "https://trips.example.com/s/x",
    });
    expect(ics).toContain("BEGIN:VCALENDAR");
  });
});

describe("recording the facts a run used", () => {
  it("stores them with the plan, once per version: a second run neither duplicates nor changes them", async () => {
    const trip = await tripWithPlan();
    // The recommendations run recorded the facts of every destination on a card.
    const pack = await latestRecommendations({ tripId: trip.tripId });
    expect(pack?.pack.options.length).toBeGreaterThan(0);
    for (const option of pack?.pack.options ?? []) {
      expect(await factsRows(option.slug, CATALOG_VERSION), option.slug).toHaveLength(1);
    }

    // A destination no run has recorded yet: the itinerary run records it with its plan.
    const unrecorded: string[] = [];
    for (const f of allFacts()) if ((await factsRows(f.slug)).length === 0) unrecorded.push(f.slug);
    const slug = unrecorded.find((s) => s !== "lisbon") as string;
    const planning = await planningTrip([MemberPreferences.parse(answers({ vibes: ["food"], origin: "Boston" }))], {
      slug,
      start: "2027-05-10",
      end: "2027-05-14",
    });
    const first = await runItinerary(planning.tripId);
    expect(first.status).toBe("succeeded");
    const stored = await currentItinerary({ tripId: planning.tripId });
    expect(stored?.itinerary.factsVersion).toBe(CATALOG_VERSION);
    const rows = await factsRows(slug);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.recordedAt).toBeInstanceOf(Date);
    expect(rows[0]).toMatchObject({ slug, version: CATALOG_VERSION, provenance: "catalog" });
    expect(rows[0]?.facts).toEqual(JSON.parse(JSON.stringify(factsFor(slug))));

    const again = await runItinerary(planning.tripId, "regenerate");
    expect(again.status).toBe("succeeded");
    expect((await currentItinerary({ tripId: planning.tripId }))?.version).toBe((stored?.version ?? 0) + 1);
    expect(await factsRows(slug)).toEqual(rows);
    expect(await recordedFacts({ slug, version: CATALOG_VERSION })).toEqual({
      facts: factsFor(slug),
      asRecorded: true,
    });
  });

  it("keeps a version's first record: recording it again changes nothing", async () => {
    const lisbon = factsFor("lisbon") as DestinationFacts;
    const version = "2026-02-01.1";
    await recordFacts([{ ...lisbon, name: "Lisbon then", provenance: { kind: "catalog", version } }]);
    await recordFacts([{ ...lisbon, name: "Lisbon later", provenance: { kind: "catalog", version } }]);
    expect((await factsRows("lisbon", version)).map((r) => r.facts.name)).toEqual(["Lisbon then"]);
    expect((await recordedFacts({ slug: "lisbon", version }))?.facts.name).toBe("Lisbon then");
    // A version nobody recorded reads as today's catalog, marked as such.
    expect(await recordedFacts({ slug: "lisbon", version: "2020-01-01.1" })).toEqual({
      facts: lisbon,
      asRecorded: false,
    });
    expect(await recordedFacts({ slug: "atlantis", version: CATALOG_VERSION })).toBeUndefined();
  });
});
