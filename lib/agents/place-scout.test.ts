import { describe, expect, it } from "vitest";
import type { ResearchCache } from "@/lib/agents/define-agent";
import { placeResearcher, placeSlug } from "@/lib/agents/place-scout";
import { factsFor } from "@/lib/facts";
import type { DestinationFacts } from "@/lib/schemas/catalog";
import type { PlaceProposal } from "@/lib/schemas/pipeline";
import { answers } from "@/test/fixtures";
import { testDeps } from "@/test/pipeline";

/**
 * What happens to a place beyond the catalog between the scout's proposal and a card,
 * without a model: research is served from a kept result (a fake `ResearchCache`), so
 * these are the checks made on what research found.
 */

const lisbon = factsFor("lisbon") as DestinationFacts;

/** Researched-looking facts: Lisbon's, renamed and moved, with research provenance. */
function researched(over: Partial<DestinationFacts>): DestinationFacts {
  return { ...lisbon, provenance: { kind: "research", version: "research-0123456789ab" }, ...over };
}

const proposal = (slug: string, name: string): PlaceProposal => ({
  slug,
  name,
  country: "Portugal",
  why: "A good fit.",
  months: [5],
  regions: ["us-east"],
  suggestedBy: [],
});

/** Research for any place comes back as `facts` (kept for these months, fetched on Nov 20). */
function keeping(facts: DestinationFacts): ResearchCache {
  const web = {
    summary: "Researched.",
    sources: [{ title: "example.org", url: "https://example.org/" }],
    suggestions: [],
    fetchedAt: "2026-11-20T12:00:00.000Z",
  };
  return {
    get: async () => null,
    put: async () => {},
    getPlace: async () => ({ place: { facts, web, unverified: [] }, fetchedAt: new Date(web.fetchedAt) }),
    putPlace: async () => {},
  };
}

async function research(facts: DestinationFacts, hardNos: string[] = []) {
  const state = {
    tripContext: { tripId: "t", tripName: "T", today: "2026-11-21", preferencesFingerprint: "", decisions: [] },
    rawPreferences: [{ id: "ben", name: "Ben", preferences: { ...answers({ hardNos }), suggestedPlace: "" } }],
  } as never;
  const p = proposal(facts.slug, facts.name);
  return placeResearcher.invoke(state, testDeps({}, { researchCache: keeping(facts) }), {
    stepId: `place:${p.slug}`,
    arg: p,
  });
}

describe("a researched place", () => {
  it("is named with its country, so places of the same name in two countries never share facts", () => {
    expect(placeSlug("Granada", "Spain")).toBe("granada-es");
    expect(placeSlug("Granada", "Nicaragua")).toBe("granada-ni");
    expect(placeSlug("São Miguel, Azores", "Portugal")).toBe("sao-miguel-azores-pt");
    // A country we can't name keeps its words; a name with nothing to link to gives nothing.
    expect(placeSlug("Tristan da Cunha", "Atlantis")).toBe("tristan-da-cunha-atlantis");
    expect(placeSlug("京都", "Japan")).toBe("");
  });

  it("that research puts where a catalog destination already is, is left out (the group gets the catalog's)", async () => {
    // Cascais' coordinates: about 25 km west of Lisbon's.
    const { patch, log } = await research(
      researched({ slug: "cascais-pt", name: "Cascais", coordinates: { lat: 38.6979, lon: -9.4215 } }),
    );
    expect(patch.places).toEqual([]);
    expect(log.keyEvidence).toContain("left out: it is where Lisbon is, which we already know");
  });

  it("that research names as a member's hard no names it, is left out", async () => {
    const azores = researched({
      slug: "ponta-delgada-pt",
      name: "Ponta Delgada, Azores",
      coordinates: { lat: 37.7412, lon: -25.6756 },
    });
    const refused = await research(azores, ["the Azores"]);
    expect(refused.patch.places).toEqual([]);
    expect(refused.log.keyEvidence).toContain("left out: a member's hard no names it");
    // Without that hard no it is offered, with the research it came from.
    const offered = await research(azores, ["no cruises"]);
    expect(offered.patch.places.map((p) => p.facts.name)).toEqual(["Ponta Delgada, Azores"]);
    expect(offered.log.keyEvidence).toContain("research from 2026-11-20 used again");
  });
});
