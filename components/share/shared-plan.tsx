import { CalendarPlus, Download, ExternalLink, Rss } from "lucide-react";
import { BeforeYouGoSection } from "@/components/destination/before-you-go";
import { ItineraryDays, SourceLink } from "@/components/itinerary/itinerary-days";
import { buttonClasses } from "@/components/ui/button";
import type { TravelerEssentials } from "@/lib/facts/essentials";
import { formatDay, formatRange, formatUsd, plural } from "@/lib/format";
import type { LatLon } from "@/lib/places/geo";
import type { MapTiles } from "@/lib/planning/map-tiles";
import type { SharedPlan } from "@/lib/schemas/itinerary";
import { planHeadline } from "@/lib/share/plan";
import { PrintButton } from "./print-button";

/**
 * The read-only plan anyone with the share link sees: server-rendered (nothing needs
 * JavaScript to read it), with no member data (`SharedPlan` has none). Print styles drop
 * the page chrome and start each day on a new page.
 */
export function SharedPlanView({
  plan,
  links,
  essentials,
  stayAreas,
  mapTiles,
}: {
  plan: SharedPlan;
  links: { page: string; calendar: string; subscribe: string; json: string };
  /** The destination's stay areas, transport and essentials: catalog facts only, judged against nobody's needs. */
  essentials: TravelerEssentials | null;
  /** The destination's suggested stay areas (catalog facts), shaded on each day's map. */
  stayAreas?: { name: string; coordinates: LatLon }[];
  /** The operator's map tiles under the day maps (none: the embedded grid). */
  mapTiles?: MapTiles | null;
}) {
  const { dates, destination } = plan;
  return (
    <article className="mx-auto max-w-3xl space-y-6" aria-labelledby="plan-title">
      {plan.status === "draft" ? (
        <p className="rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950">
          <strong>Draft.</strong> The group is still planning this trip, so the plan below may change. This page always
          shows the latest version.
        </p>
      ) : (
        <p className="rounded-xl border border-emerald-300 bg-emerald-50 px-4 py-3 text-sm text-emerald-950">
          <strong>Final plan</strong>
          {plan.finalizedAt ? `, finalized on ${formatDay(plan.finalizedAt.slice(0, 10))}` : ""}.
        </p>
      )}

      <header className="space-y-2">
        <p className="text-sm font-medium text-brand-700">
          {destination.name}, {destination.country}
        </p>
        <h1 id="plan-title" className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
          {planHeadline(plan)}
        </h1>
        <p className="text-slate-700">
          {dates.start && dates.end ? `${formatRange(dates.start, dates.end)} · ` : ""}
          {plural(dates.nights, "night")} · a group of {plan.groupSize} · {plan.pace} pace
        </p>
        {plan.plannedWithAnswers !== undefined && plan.plannedWithAnswers < plan.groupSize ? (
          <p className="text-sm text-amber-900">
            Planned with the answers of {plan.plannedWithAnswers} of the {plan.groupSize} in the group: the others'
            needs aren't in it yet, so treat it as a draft to check with them.
          </p>
        ) : null}
        <p className="text-slate-700">
          <span className="font-semibold text-slate-900">
            {plan.costRange.low === plan.costRange.high
              ? `${formatUsd(plan.costRange.low)} per person`
              : `${formatUsd(plan.costRange.low)}–${formatUsd(plan.costRange.high)} per person`}
          </span>{" "}
          for travel, stay, food and the activities below; it differs with each traveller's home city and stay.
        </p>
        <p className="text-sm text-slate-600">Times are local ({destination.timezone}).</p>
      </header>

      <nav aria-label="Take this plan with you" className="flex flex-wrap gap-2 print:hidden">
        <a href={links.calendar} download className={buttonClasses("primary")}>
          <CalendarPlus aria-hidden className="size-4" />
          Add to calendar (.ics)
        </a>
        <a href={links.subscribe} className={buttonClasses("secondary")}>
          <Rss aria-hidden className="size-4" />
          Subscribe to updates
        </a>
        <PrintButton />
        <a href={links.json} className={buttonClasses("ghost")}>
          <Download aria-hidden className="size-4" />
          Plan as JSON
        </a>
      </nav>

      <section aria-labelledby="weather-title" className="grid gap-4 sm:grid-cols-2 print:grid-cols-2">
        <div className="rounded-xl border border-slate-200 bg-white p-4">
          <h2 id="weather-title" className="font-semibold text-slate-900">
            Weather
          </h2>
          <p className="mt-1 text-sm text-slate-800">{plan.weather.note}</p>
          <p className="mt-1 text-xs text-slate-600">{plan.weather.basis}</p>
        </div>
        <div className="rounded-xl border border-slate-200 bg-white p-4">
          <h2 className="font-semibold text-slate-900">Packing list</h2>
          <ul className="mt-1 list-disc space-y-0.5 pl-5 text-sm text-slate-800">
            {plan.packingList.map((thing) => (
              <li key={thing}>{thing}</li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="days-title" className="space-y-3">
        <h2 id="days-title" className="text-lg font-semibold text-slate-900 print:sr-only">
          Day by day
        </h2>
        <ItineraryDays days={plan.days} routes={plan.routes} stayAreas={stayAreas} mapTiles={mapTiles} />
      </section>

      {essentials ? (
        <div className="print:break-before-page">
          <BeforeYouGoSection essentials={essentials} flight={null} dates={dates} />
        </div>
      ) : null}

      <section aria-labelledby="sources-title" className="space-y-2 print:break-before-page">
        <h2 id="sources-title" className="font-semibold text-slate-900">
          Sources
        </h2>
        <ul className="space-y-1">
          {plan.sources.map((source) => (
            <li key={source.url}>
              <SourceLink source={source} prefix="" />
            </li>
          ))}
        </ul>
        <p className="text-xs text-slate-600">
          Prices are typical per-person figures and opening hours are regular hours; check them when you book. Planned
          with TripSync, version {plan.version}.
        </p>
        <p className="hidden text-xs text-slate-600 print:block">
          <ExternalLink aria-hidden className="mr-1 inline size-3" />
          Latest version: {links.page}
        </p>
      </section>
    </article>
  );
}

/** The link works, but there is no plan to show right now (the group went back to choosing a destination). */
export function SharedPlanPaused() {
  return (
    <div className="mx-auto max-w-lg rounded-2xl border border-slate-200 bg-white p-6">
      <h1 className="text-lg font-semibold text-slate-900">The plan is being reworked</h1>
      <p className="mt-2 text-sm text-slate-700">
        The group is choosing its destination again. The new plan will appear at this same link once it's ready.
      </p>
    </div>
  );
}
