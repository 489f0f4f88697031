import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Exclusions } from "@/components/recommendations/exclusions";
import { MAX_CANDIDATES } from "@/lib/agents/candidate-generator";
import { listMembersWithPreferences } from "@/lib/db/queries/members";
import type { MemberPreferencesInput } from "@/lib/schemas/preferences";
import { packForViewer } from "@/lib/views/recommendations";
import { withTestDatabase } from "@/test/db";
import { answers, tripWithAnswers } from "@/test/fixtures";
import { recordingModels } from "@/test/model-recorder";
import { runPipeline, storedOutcome, testDeps } from "@/test/pipeline";

withTestDatabase();

/**
 * A place a member suggests, through the whole recommendation run with the offline model.
 * Without suggestions this group's shortlist is Bali, Barcelona, Cape Town, Chicago, Mexico
 * City, Bangkok, Edinburgh, Marrakech, Kyoto, Lisbon, Queenstown and Paris — Reykjavik
 * passes everyone's hard constraints but isn't among them (checked in the first test).
 */
const FRIENDS = [
  { name: "Olga", answers: answers({ vibes: ["food", "culture"], budget: { min: 800, max: 2500, hardLimit: false } }) },
  { name: "Ben", answers: answers({ vibes: ["food", "city"], dietary: ["vegetarian"] }) },
  { name: "Cleo", answers: answers({ vibes: ["culture"], budget: { min: 600, max: 2200, hardLimit: false } }) },
];

function withAnswers(name: string, extra: Partial<MemberPreferencesInput>) {
  return FRIENDS.map((m) => (m.name === name ? { ...m, answers: { ...m.answers, ...extra } } : m));
}

async function run(group: typeof FRIENDS) {
  const trip = await tripWithAnswers(group);
  const pipeline = await runPipeline(trip.tripId);
  expect(pipeline.status).toBe("succeeded");
  const outcome = await storedOutcome(trip.tripId, pipeline.id);
  const members = await listMembersWithPreferences({ tripId: trip.tripId });
  const id = (name: string) => members.find((m) => m.name === name)?.id ?? "";
  return { ...outcome, pack: outcome.stored?.pack, id };
}

describe("a place a member would love to go", () => {
  it("is always a candidate when it suits everyone, in place of the weakest unsuggested pick", async () => {
    const before = await run(FRIENDS);
    const baseline = before.candidates.map((c) => c.slug);
    expect(baseline).toHaveLength(MAX_CANDIDATES);
    expect(baseline).not.toContain("reykjavik");
    expect(before.pack?.excluded.map((x) => x.slug)).not.toContain("reykjavik");

    const after = await run(withAnswers("Cleo", { suggestedPlace: "Reykjavík" }));
    const shortlisted = after.candidates.map((c) => c.slug);
    expect(shortlisted).toContain("reykjavik");
    expect(shortlisted).toHaveLength(MAX_CANDIDATES);
    // Queenstown matched the group least (0.5, the others 1): it made room; nothing else moved.
    expect(baseline.filter((s) => !shortlisted.includes(s))).toEqual(["queenstown"]);
    expect(after.candidates.find((c) => c.slug === "reykjavik")?.rationale).toMatch(/A member suggested it/);
    expect(after.pack?.suggestions).toEqual([{ text: "Reykjavík", slug: "reykjavik", memberIds: [after.id("Cleo")] }]);
    // If the shortlist picks it, it is on a card like any other; either way the plan breaks no rule.
    if (after.pack?.status === "ready" && after.stored?.pack.options.some((o) => o.slug === "reykjavik")) {
      expect(after.pack.options.find((o) => o.slug === "reykjavik")?.name).toBe("Reykjavik");
    }
    expect(after.violations).toEqual([]);
  });

  it("is not forced in when it breaks another member's hard no, and the exclusions say it was suggested", async () => {
    const group = FRIENDS.map((m) =>
      m.name === "Olga"
        ? { ...m, answers: { ...m.answers, suggestedPlace: "Tokyo" } }
        : m.name === "Ben"
          ? { ...m, answers: { ...m.answers, origin: "Chicago", hardNos: ["no flights over 6 hours"] } }
          : m,
    );
    const { candidates, pack, violations, id } = await run(group);
    expect(candidates.map((c) => c.slug)).not.toContain("tokyo");
    const tokyo = pack?.excluded.find((x) => x.slug === "tokyo");
    expect(tokyo?.reasons).toContainEqual(expect.objectContaining({ memberId: id("Ben"), rule: "flight" }));
    expect(pack?.suggestions).toEqual([{ text: "Tokyo", slug: "tokyo", memberIds: [id("Olga")] }]);
    expect(violations).toEqual([]);
    if (!pack) throw new Error("no pack");

    // The organizer (Olga) sees who suggested it; Ben sees that a member did, and his own rule as "You".
    const text = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");
    const names: Record<string, string> = { [id("Olga")]: "Olga", [id("Ben")]: "Ben", [id("Cleo")]: "Cleo" };
    const view = (viewerId: string, isOrganizer: boolean) =>
      text(
        renderToStaticMarkup(
          Exclusions({
            ...(({ excluded, suggestions }) => ({ excluded, suggestions }))(
              packForViewer(pack, { memberId: viewerId, isOrganizer }).pack,
            ),
            nameOf: (memberId) => names[memberId] ?? "Someone",
            viewerId,
          }),
        ),
      );
    expect(view(id("Olga"), true)).toContain("Tokyo · suggested by you Ben · flight limit");
    expect(view(id("Cleo"), true)).toContain("Tokyo · suggested by Olga Ben · flight limit");
    expect(view(id("Ben"), false)).toContain("Tokyo · suggested by a member You · flight limit");
    expect(view(id("Cleo"), false)).toContain("Tokyo · suggested by a member Someone · flight limit");
  });

  it("that we can't find changes nothing, and is reported plainly", async () => {
    const before = await run(FRIENDS);
    const after = await run(withAnswers("Ben", { suggestedPlace: "Atlantis" }));
    // Same places, same order, same reasons (member ids differ between the two trips).
    const shape = (cs: typeof before.candidates) => cs.map((c) => [c.slug, c.rationale, c.vibeMatch]);
    expect(shape(after.candidates)).toEqual(shape(before.candidates));
    expect(after.pack?.options.map((o) => o.slug)).toEqual(before.pack?.options.map((o) => o.slug));
    expect(after.pack?.suggestions).toEqual([{ text: "Atlantis", slug: null, memberIds: [after.id("Ben")] }]);
    if (!after.pack) throw new Error("no pack");
    const cleosView = packForViewer(after.pack, { memberId: after.id("Cleo"), isOrganizer: false }).pack;
    const html = renderToStaticMarkup(
      Exclusions({
        excluded: cleosView.excluded,
        suggestions: cleosView.suggestions,
        nameOf: () => "Ben",
        viewerId: after.id("Cleo"),
      }),
    );
    expect(html).toContain("We couldn&#x27;t find enough about “Atlantis” to plan a trip there");
    expect(html).toContain("suggested by a member");
    expect(html).not.toContain("Ben");
  });
});

describe("the group's must-haves", () => {
  it("reach the candidate generator without names, with which eligible places offer them and which were suggested", async () => {
    const trip = await tripWithAnswers(
      FRIENDS.map((m) =>
        m.name === "Olga"
          ? { ...m, answers: { ...m.answers, mustHaves: ["a beach day"] } }
          : m.name === "Cleo"
            ? { ...m, answers: { ...m.answers, suggestedPlace: "Reykjavík" } }
            : m,
      ),
    );
    const deps = testDeps();
    const { models, sent } = recordingModels(deps.models);
    const pipeline = await runPipeline(trip.tripId, { ...deps, models });
    const call = sent.find((s) => s.includes('"task":"candidates"')) ?? "";
    expect(call).toContain("<member_text>a beach day</member_text>");
    expect(call).toMatch(/reykjavik \([^)]*a member suggested it/);
    expect(call).toMatch(/barcelona \([^)]*offers must-haves #1/);
    for (const name of ["Olga", "Ben", "Cleo"]) expect(call).not.toContain(name);
    const { candidates, violations } = await storedOutcome(trip.tripId, pipeline.id);
    expect(candidates.find((c) => c.slug === "barcelona")?.rationale).toMatch(/something from the group's must-haves/);
    expect(violations).toEqual([]);
  });
});
