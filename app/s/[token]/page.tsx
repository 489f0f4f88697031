import type { Metadata } from "next";
import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { SharedPlanPaused, SharedPlanView } from "@/components/share/shared-plan";
import { requestOrigin } from "@/lib/auth/request";
import { NO_NEEDS, travelerEssentials } from "@/lib/facts/essentials";
import { formatRange } from "@/lib/format";
import { stayAreasOf } from "@/lib/planning/day-map";
import { mapTiles } from "@/lib/planning/map-tiles";
import { sharePath } from "@/lib/share/link";
import { planHeadline } from "@/lib/share/plan";
import { loadSharedPlan } from "./load";

type Props = { params: Promise<{ token: string }> };

/**
 * /s/<token>: the trip's plan for anyone with the link — no cookie, no account, no member
 * data. A link that was rotated, revoked or never made is a plain 404.
 */
export default async function SharedPlanPage({ params }: Props) {
  const { token } = await params;
  const loaded = await loadSharedPlan(token);
  if (!loaded) notFound();
  if (!loaded.plan) return <SharedPlanPaused />;
  const page = `${requestOrigin(await headers())}${sharePath(token)}`;
  const facts = loaded.facts?.facts;
  return (
    <SharedPlanView
      plan={loaded.plan}
      links={{
        page,
        calendar: `${sharePath(token)}/calendar.ics`,
        subscribe: `${page.replace(/^https?:/, "webcal:")}/calendar.ics`,
        json: `${sharePath(token)}/itinerary.json`,
      }}
      // Public: the destination's facts the plan was made with only, no member's needs, home or flight search.
      essentials={facts ? travelerEssentials(facts, NO_NEEDS) : null}
      stayAreas={facts ? stayAreasOf(facts) : undefined}
      mapTiles={mapTiles()}
    />
  );
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { token } = await params;
  const plan = (await loadSharedPlan(token))?.plan;
  const robots = { index: false, follow: false };
  const metadataBase = new URL(requestOrigin(await headers()));
  if (!plan) return { title: "Trip plan", robots, metadataBase };
  const title = `${planHeadline(plan)}${plan.status === "draft" ? " (draft)" : ""}`;
  const description = [
    plan.dates.start && plan.dates.end ? formatRange(plan.dates.start, plan.dates.end) : null,
    `${plan.destination.name}, ${plan.destination.country}`,
    "a day-by-day group trip plan",
  ]
    .filter(Boolean)
    .join(" · ");
  return {
    title,
    description,
    robots,
    metadataBase,
    openGraph: { title, description, type: "article", siteName: "TripSync" },
    twitter: { card: "summary_large_image", title, description },
  };
}
