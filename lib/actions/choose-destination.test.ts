import { describe, expect, it } from "vitest";
import * as actions from "@/lib/actions";
import { requireMember } from "@/lib/auth/guards";
import { getTrip } from "@/lib/db/queries/trips";
import { loadRecommendationsView } from "@/lib/views/recommendations";
import { withTestDatabase } from "@/test/db";
import { answers, tripWithAnswers } from "@/test/fixtures";
import { runPipeline } from "@/test/pipeline";

withTestDatabase();

describe("choosing a destination", () => {
  it("from ideas that newer ones replaced (a tab left open): refused, nothing chosen; from the newest set: chosen and shown", async () => {
    const trip = await tripWithAnswers([{ name: "Olga", answers: answers() }]);
    await runPipeline(trip.tripId);
    const organizer = await requireMember(trip.organizer.ctx, trip.tripId);
    const stale = (await loadRecommendationsView(organizer)).current;
    // The organizer asks for ideas again in another tab; the first tab still shows the first set.
    await runPipeline(trip.tripId);
    const fresh = (await loadRecommendationsView(organizer)).current;
    expect(stale?.id).toBeDefined();
    expect(fresh?.id).toBeDefined();
    expect(fresh?.id).not.toBe(stale?.id);

    const slug = stale?.pack.options[0]?.slug ?? "";
    const refused = await actions.chooseDestination(trip.organizer.ctx, {
      tripId: trip.tripId,
      recommendationId: stale?.id ?? "",
      slug,
    });
    expect(refused).toEqual({
      ok: false,
      code: "conflict:recommendations-replaced",
      message: "These ideas were replaced by newer ones — here are the new ones. Choose again from them.",
    });
    const untouched = await getTrip({ tripId: trip.tripId });
    expect(untouched).toMatchObject({
      status: "recommending",
      selectedDestination: null,
      selectedRecommendationId: null,
    });

    const freshSlug = fresh?.pack.options[0]?.slug ?? "";
    const chosen = await actions.chooseDestination(trip.organizer.ctx, {
      tripId: trip.tripId,
      recommendationId: fresh?.id ?? "",
      slug: freshSlug,
    });
    expect(chosen).toEqual({ ok: true, data: { slug: freshSlug } });
    expect(await getTrip({ tripId: trip.tripId })).toMatchObject({
      status: "planning",
      selectedDestination: freshSlug,
      selectedRecommendationId: fresh?.id,
    });
  });
});
