import { describe, expect, it } from "vitest";
import * as actions from "@/lib/actions";
import { requireMember } from "@/lib/auth/guards";
import { latestRecommendations } from "@/lib/db/queries/recommendations";
import { listTripEvents } from "@/lib/db/queries/trip-events";
import { loadRecommendationsView } from "@/lib/views/recommendations";
import type { TestBrowser } from "@/test/browser";
import { withTestDatabase } from "@/test/db";
import { answers, newTrip } from "@/test/fixtures";
import { runPipeline } from "@/test/pipeline";

withTestDatabase();

/** A trip of four (Olga organizes) with recommendations to vote on. */
async function tripWithOptions() {
  const trip = await newTrip("Votes");
  const people = {
    olga: trip.organizer,
    mia: await trip.join("Mia"),
    ned: await trip.join("Ned"),
    zoe: await trip.join("Zoe"),
  };
  const saved = await actions.savePreferences(trip.organizer.ctx, {
    tripId: trip.tripId,
    expectedVersion: 0,
    preferences: answers(),
  });
  if (!saved.ok) throw new Error(saved.message);
  await runPipeline(trip.tripId);
  const stored = await latestRecommendations({ tripId: trip.tripId });
  const [first, second] = stored?.pack.options ?? [];
  if (!stored || !first || !second) throw new Error("expected at least two options");
  const vote = (who: TestBrowser, slug: string) =>
    actions.voteForDestination(who.ctx, { tripId: trip.tripId, recommendationId: stored.id, slug });
  const withdraw = (who: TestBrowser) =>
    actions.withdrawVote(who.ctx, { tripId: trip.tripId, recommendationId: stored.id });
  const choose = (slug: string) =>
    actions.chooseDestination(trip.organizer.ctx, { tripId: trip.tripId, recommendationId: stored.id, slug });
  const viewOf = async (who: TestBrowser) =>
    (await loadRecommendationsView(await requireMember(who.ctx, trip.tripId))).current;
  return { trip, people, slugs: [first.slug, second.slug] as const, vote, withdraw, choose, viewOf };
}

describe("voting on destinations", () => {
  it("a member takes their vote back; the count of who voted follows; only the organizer sees who hasn't voted", async () => {
    const { people, slugs, vote, withdraw, viewOf } = await tripWithOptions();
    expect((await vote(people.mia, slugs[0])).ok).toBe(true);
    expect((await vote(people.ned, slugs[0])).ok).toBe(true);
    expect((await vote(people.zoe, slugs[1])).ok).toBe(true);

    let organizerView = await viewOf(people.olga);
    expect(organizerView?.voting).toEqual({ open: true, voted: 3, members: 4, waitingOn: ["Olga"] });
    expect(organizerView?.votes).toEqual({ [slugs[0]]: 2, [slugs[1]]: 1 });

    expect(await withdraw(people.ned)).toMatchObject({ ok: true, data: { withdrawn: true } });
    expect(await withdraw(people.ned)).toMatchObject({ ok: true, data: { withdrawn: false } });
    organizerView = await viewOf(people.olga);
    expect(organizerView?.voting).toEqual({ open: true, voted: 2, members: 4, waitingOn: ["Olga", "Ned"] });
    expect(organizerView?.votes).toEqual({ [slugs[0]]: 1, [slugs[1]]: 1 });

    const nedView = await viewOf(people.ned);
    expect(nedView?.myVote).toBeNull();
    expect(nedView?.voting).toEqual({ open: true, voted: 2, members: 4, waitingOn: null });
  });

  it("closes when the organizer chooses: voting and withdrawing are refused by the server and change nothing", async () => {
    const { people, slugs, vote, withdraw, choose, viewOf } = await tripWithOptions();
    expect((await vote(people.mia, slugs[0])).ok).toBe(true);
    expect((await choose(slugs[1])).ok).toBe(true);

    expect(await vote(people.ned, slugs[1])).toMatchObject({ ok: false, code: "conflict:votes-closed" });
    expect(await vote(people.mia, slugs[1])).toMatchObject({ ok: false, code: "conflict:votes-closed" });
    expect(await withdraw(people.mia)).toMatchObject({ ok: false, code: "conflict:votes-closed" });
    const view = await viewOf(people.olga);
    expect(view?.votes).toEqual({ [slugs[0]]: 1 });
    expect(view?.voting).toMatchObject({ open: false, voted: 1 });
  });

  it("a vote racing the choice either lands before it or is refused, never after it", async () => {
    const { trip, people, slugs, vote, choose } = await tripWithOptions();
    const voters = [people.mia, people.ned, people.zoe];
    const results = await Promise.all([
      ...voters.flatMap((who) => [vote(who, slugs[0]), vote(who, slugs[1])]),
      choose(slugs[0]),
      ...voters.map((who) => vote(who, slugs[1])),
    ]);
    for (const result of results) {
      if (!result.ok) expect(result.code).toBe("conflict:votes-closed");
    }
    const events = await listTripEvents({ tripId: trip.tripId, afterId: 0, limit: 1000 });
    const chosen = events.find((e) => e.kind === "destination.chosen");
    expect(chosen).toBeDefined();
    const votesAfter = events.filter((e) => e.kind === "vote.changed" && e.id > (chosen?.id ?? 0));
    expect(votesAfter).toEqual([]);
  });
});
