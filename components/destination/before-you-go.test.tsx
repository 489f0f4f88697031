import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { BeforeYouGoSection } from "@/components/destination/before-you-go";
import { DestinationCard } from "@/components/recommendations/card/destination-card";
import { SharedPlanView } from "@/components/share/shared-plan";
import * as actions from "@/lib/actions";
import { requireMember } from "@/lib/auth/guards";
import { listMembersWithPreferences } from "@/lib/db/queries/members";
import { factsFor } from "@/lib/facts";
import { NO_NEEDS, travelerEssentials } from "@/lib/facts/essentials";
import type { MemberPreferencesInput } from "@/lib/schemas/preferences";
import { openShareLink, shownPlan } from "@/lib/share/link";
import { loadItineraryView } from "@/lib/views/itinerary";
import { loadRecommendationsView } from "@/lib/views/recommendations";
import { browser, type TestBrowser } from "@/test/browser";
import { withTestDatabase } from "@/test/db";
import { answers, newTrip } from "@/test/fixtures";
import { lisbonPlan } from "@/test/itinerary";
import { textOf as text } from "@/test/markup";
import { runPipeline } from "@/test/pipeline";

withTestDatabase();

/**
 * Where to stay, getting around and the essentials, rendered as each browser gets them:
 * every member's cards carry their own flight search and nobody else's home; the plan page
 * the same; the public share page the destination's facts and nothing about anyone.
 */

const JUNE = { flexible: false, windows: [{ start: "2027-06-10", end: "2027-06-20" }] };

describe("recommendation cards", () => {
  it("every card has stay areas and the airport transfer, and each member sees only their own flight search", async () => {
    const trip = await newTrip();
    const save = async (ctx: TestBrowser["ctx"], prefs: MemberPreferencesInput) => {
      const saved = await actions.savePreferences(ctx, { tripId: trip.tripId, expectedVersion: 0, preferences: prefs });
      if (!saved.ok) throw new Error(saved.message);
    };
    await save(
      trip.organizer.ctx,
      answers({ dates: JUNE, vibes: ["city", "culture"], origin: "Boston", accommodation: "midrange" }),
    );
    const ben = await trip.join("Ben");
    await save(
      ben.ctx,
      answers({ dates: JUNE, vibes: ["city", "food"], origin: "Pittsburgh", accessibility: ["step-free"] }),
    );
    await runPipeline(trip.tripId);
    const cy = await trip.join("Cy"); // joined after, hasn't answered: no home city yet
    const members = (await listMembersWithPreferences({ tripId: trip.tripId })).map(({ id, name }) => ({ id, name }));

    const render = async (ctx: Parameters<typeof requireMember>[0]) => {
      const caller = await requireMember(ctx, trip.tripId);
      const view = await loadRecommendationsView(caller);
      // Every card as the dashboard lays them out (the vote buttons need a mounted router, so they're left off).
      const html = (view.current?.pack.options ?? [])
        .map((option, i) =>
          renderToStaticMarkup(
            <DestinationCard
              option={option}
              rank={i + 1}
              nameOf={(id) => members.find((m) => m.id === id)?.name ?? "Someone"}
              actions={null}
              chosen={false}
              viewer={view.viewer}
              budgets={view.budgets}
              othersStretched={view.current?.othersStretched[option.slug] ?? 0}
              beforeYouGo={view.beforeYouGo[option.slug]}
            />,
          ),
        )
        .join("");
      return { html, view };
    };

    const olga = await render(trip.organizer.ctx);
    const options = olga.view.current?.pack.options ?? [];
    expect(options.length).toBeGreaterThanOrEqual(3);
    // One disclosure per card, a native <details> (keyboard-operable, no script).
    expect(olga.html.match(/<details[^>]*><summary[^>]*>Where to stay &amp; getting around<\/summary>/g)?.length).toBe(
      options.length,
    );
    for (const option of options) {
      const facts = factsFor(option.slug);
      if (!facts) throw new Error(option.slug);
      for (const s of facts.practical.stayAreas) expect(text(olga.html)).toContain(s.area);
      expect(text(olga.html)).toContain(facts.practical.airportTransfer);
      expect(text(olga.html)).toContain(`${facts.practical.airport.name}, ${facts.practical.airport.code}`);
      // Olga's search, to this card's airport, for this card's dates.
      expect(olga.html).toContain(
        `https://www.google.com/travel/flights?q=${encodeURIComponent(`Flights from Boston, Massachusetts, United States to ${facts.practical.airport.code}`)}`,
      );
    }
    expect(olga.html).not.toContain("Pittsburgh");

    const benView = await render(ben.ctx);
    expect(text(benView.html)).toContain("Search flights from Pittsburgh");
    expect(benView.html).not.toContain("Boston");
    expect(benView.html.match(/google\.com\/travel\/flights/g)?.length).toBe(options.length);

    const newcomer = await render(cy.ctx);
    expect(text(newcomer.html)).toContain("Add your home city to your answers to get a flight search.");
    expect(newcomer.html).toContain(`href="/trips/${trip.tripId}/preferences"`);
    expect(newcomer.html).not.toContain("google.com/travel/flights");
    expect(newcomer.html).not.toContain("Boston");
    expect(newcomer.html).not.toContain("Pittsburgh");
  });
});

describe("the plan page and the share page", () => {
  it("the plan shows Before you go with the viewer's own search; the share page the facts and no member or flight search", async () => {
    // Lisbon, May 10–14 2027: Olga (organizer) from Boston, Member 0 from Chicago needing hearing support;
    // neither chose a stay, so the group is priced mid-range. Every Lisbon area lists mid-range and hearing.
    const { tripId, organizer } = await lisbonPlan();
    const view = await loadItineraryView(await requireMember(organizer.ctx, tripId));
    if (!view.beforeYouGo) throw new Error("no essentials");
    const plan = renderToStaticMarkup(
      <BeforeYouGoSection
        essentials={view.beforeYouGo.essentials}
        flight={view.beforeYouGo.flight}
        dates={view.trip.dates}
      />,
    );
    expect(text(plan)).toContain("Before you go");
    expect(text(plan)).toContain("Search flights from Boston, Massachusetts, United States to LIS for May 10–14");
    expect(plan).toContain(
      'href="https://www.google.com/travel/flights?q=Flights%20from%20Boston%2C%20Massachusetts%2C%20United%20States%20to%20LIS%20on%202027-05-10%20through%202027-05-14"',
    );
    expect(text(plan)).toContain("Fits the group's mid-range stay and hearing support needs.");
    expect(plan).not.toContain("Chicago");

    const made = await actions.createShareLink(organizer.ctx, { tripId });
    if (!made.ok) throw new Error(made.message);
    const shared = await openShareLink(browser().ctx, made.data.sharePath.replace("/s/", ""));
    const opened = shared ? await shownPlan(shared) : null;
    if (!opened) throw new Error("no shared plan");
    const sharedPlan = opened.plan;
    const facts = opened.facts?.facts;
    if (!facts) throw new Error("no facts");
    const page = renderToStaticMarkup(
      <SharedPlanView
        plan={sharedPlan}
        links={{ page: "https://example.test/s/x", calendar: "/c.ics", subscribe: "webcal://x", json: "/x.json" }}
        essentials={travelerEssentials(facts, NO_NEEDS)}
      />,
    );
    const shown = text(page);
    expect(shown).toContain("Before you go");
    for (const area of ["Baixa, Chiado & Cais do Sodré", "Alfama & Graça", "Parque das Nações"]) {
      expect(shown).toContain(area);
    }
    expect(shown).toContain("Humberto Delgado Airport (Lisbon), LIS");
    expect(shown).toContain("The metro red line runs from the airport to the centre");
    expect(shown).toContain("Emergency number 112");
    expect(shown).toContain("Check the entry rules for your passport");
    expect(page).not.toContain("google.com/travel/flights");
    expect(shown).not.toContain("Search flights");
    expect(shown).not.toContain("Fits the group");
    expect(page).not.toContain("Boston");
    expect(page).not.toContain("Chicago");
    expect(page).not.toContain("<details");
  });
});
