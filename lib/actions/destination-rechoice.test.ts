import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as actions from "@/lib/actions";
import { getDb } from "@/lib/db/client";
import { listOpenFeedback } from "@/lib/db/queries/feedback";
import { currentItinerary, listItineraryVersions } from "@/lib/db/queries/itineraries";
import { latestRecommendations } from "@/lib/db/queries/recommendations";
import { getTrip } from "@/lib/db/queries/trips";
import { feedbackItems } from "@/lib/db/schema";
import { withTestDatabase } from "@/test/db";
import { answers } from "@/test/fixtures";
import { plannedTrip, runItinerary } from "@/test/itinerary";

withTestDatabase();

describe("choosing another destination after the plan was made", () => {
  it("the earlier destination's plan is no longer the plan: it can't be edited, restored or finalized as the new one's, and comes back with its destination", async () => {
    const trip = await plannedTrip([{ name: "Olga", answers: answers() }], { start: "2027-06-12", end: "2027-06-15" });
    const { tripId, organizer } = trip;
    expect((await runItinerary(tripId)).status).toBe("succeeded");
    expect((await currentItinerary({ tripId }))?.itinerary.destination.slug).toBe(trip.slug);

    expect((await actions.reopenDestination(organizer.ctx, { tripId })).ok).toBe(true);
    const latest = await latestRecommendations({ tripId });
    const other = latest?.pack.options.find((o) => o.slug !== trip.slug);
    if (!latest || !other) throw new Error("the group has a second option");
    const choose = (slug: string) =>
      actions.chooseDestination(organizer.ctx, { tripId, recommendationId: latest.id, slug });
    expect((await choose(other.slug)).ok).toBe(true);

    expect(await getTrip({ tripId })).toMatchObject({ status: "planning", selectedDestination: other.slug });
    expect(await currentItinerary({ tripId })).toBeNull();
    expect(
      await actions.addCustomItineraryItem(organizer.ctx, {
        tripId,
        version: 1,
        title: "Dinner with friends",
        day: 2,
        slot: "evening",
      }),
    ).toMatchObject({ ok: false, code: "not_found:itinerary" });
    expect(await actions.finalizePlan(organizer.ctx, { tripId })).toMatchObject({
      ok: false,
      code: "conflict:no-itinerary",
    });
    const restored = await actions.restoreItinerary(organizer.ctx, { tripId, version: 1 });
    expect(restored).toMatchObject({ ok: false, code: "conflict:version-destination" });
    expect(await getTrip({ tripId })).toMatchObject({ status: "planning", currentItineraryId: null });
    expect(await listItineraryVersions({ tripId })).toHaveLength(1);

    // Back to the first destination: its plan is the plan again.
    expect((await actions.reopenDestination(organizer.ctx, { tripId })).ok).toBe(true);
    expect((await choose(trip.slug)).ok).toBe(true);
    expect(await currentItinerary({ tripId })).toMatchObject({
      version: 1,
      itinerary: { destination: { slug: trip.slug } },
    });
    expect(await actions.finalizePlan(organizer.ctx, { tripId })).toMatchObject({ ok: true });
  });

  it("open flags and suggestions on the earlier destination's plan are closed with the reason, and no regeneration is asked for", async () => {
    const trip = await plannedTrip([{ name: "Olga", answers: answers() }], { start: "2027-06-12", end: "2027-06-15" });
    const { tripId, organizer } = trip;
    expect((await runItinerary(tripId)).status).toBe("succeeded");
    const plan = await currentItinerary({ tripId });
    const item = plan?.itinerary.days[0]?.items.find((i) => i.activityId);
    if (!plan || !item) throw new Error("the plan has an activity");
    const flagged = await actions.flagItineraryItem(organizer.ctx, {
      tripId,
      version: plan.version,
      itemKey: item.key,
      reason: "not-my-thing",
      note: "",
    });
    expect(flagged.ok).toBe(true);
    expect(await listOpenFeedback({ tripId })).toHaveLength(1);

    expect((await actions.reopenDestination(organizer.ctx, { tripId })).ok).toBe(true);
    const latest = await latestRecommendations({ tripId });
    const other = latest?.pack.options.find((o) => o.slug !== trip.slug);
    if (!latest || !other) throw new Error("the group has a second option");
    expect(
      (await actions.chooseDestination(organizer.ctx, { tripId, recommendationId: latest.id, slug: other.slug })).ok,
    ).toBe(true);

    expect(await listOpenFeedback({ tripId })).toEqual([]);
    const db = await getDb();
    const [closed] = await db.select().from(feedbackItems).where(eq(feedbackItems.tripId, tripId));
    expect(closed).toMatchObject({
      status: "declined",
      outcome: { status: "declined", reason: expect.stringMatching(/another destination/) },
    });
  });
});
