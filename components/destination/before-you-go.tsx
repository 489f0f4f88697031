import { Check, ExternalLink, Plane } from "lucide-react";
import Link from "next/link";
import { SourceLink } from "@/components/itinerary/itinerary-days";
import { SearchSuggestionChips } from "@/components/recommendations/web-research";
import type { FlightSearch, TravelerEssentials } from "@/lib/facts/essentials";
import { formatRange } from "@/lib/format";

/**
 * Where to stay, getting around and the essentials of a destination, from its sourced
 * facts; on a card, folded into a disclosure, on the plan and share pages as a section.
 * The flight search is the viewer's own (never passed on the share page).
 */

type Level = "h3" | "h4";

function StayAreas({ essentials, heading: H }: { essentials: TravelerEssentials; heading: Level }) {
  return (
    <section aria-label={`Where to stay in ${essentials.destination.name}`} className="min-w-0">
      <H className="text-sm font-semibold text-slate-900">Where to stay</H>
      <ul className="mt-1 space-y-2 text-sm text-slate-700">
        {essentials.stayAreas.map((s) => (
          <li key={s.area} className="break-words">
            <span className="font-medium text-slate-900">{s.area}</span>: {s.why}
            <span className="block text-xs text-slate-600">
              Stays: {s.stays}
              {s.access ? ` · Suits ${s.access}` : ""}
            </span>
            {s.fit ? (
              <span
                className={`mt-0.5 flex items-start gap-1 text-xs ${s.fit.fits ? "text-emerald-800" : "text-amber-900"}`}
              >
                {s.fit.fits ? <Check aria-hidden className="mt-0.5 size-3 shrink-0" /> : null}
                {s.fit.note}
              </span>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

function GettingAround({ essentials, heading: H }: { essentials: TravelerEssentials; heading: Level }) {
  const g = essentials.gettingAround;
  return (
    <section aria-label={`Getting around ${essentials.destination.name}`} className="min-w-0">
      <H className="text-sm font-semibold text-slate-900">Getting around</H>
      <dl className="mt-1 space-y-1.5 text-sm text-slate-700">
        <div>
          <dt className="font-medium text-slate-900">Airport</dt>
          <dd className="break-words">{g.airport}</dd>
        </div>
        <div>
          <dt className="font-medium text-slate-900">From the airport</dt>
          <dd className="break-words">{g.airportTransfer}</dd>
        </div>
        <div>
          <dt className="font-medium text-slate-900">In town</dt>
          <dd>
            <TextList items={g.localTransport} />
          </dd>
        </div>
        {g.passes.length ? (
          <div>
            <dt className="font-medium text-slate-900">Passes</dt>
            <dd>
              <TextList items={g.passes} />
            </dd>
          </div>
        ) : null}
      </dl>
    </section>
  );
}

function Essentials({ essentials, heading: H }: { essentials: TravelerEssentials; heading: Level }) {
  const e = essentials.essentials;
  const rows: [string, string][] = [
    ["Money", e.currency],
    ["Language", e.languages],
    ["Emergency number", e.emergencyNumber],
    ["Safety", e.safety],
    ["Health", e.health],
    ["Entry", e.entry],
  ];
  return (
    <section aria-label={`Essentials for ${essentials.destination.name}`} className="min-w-0">
      <H className="text-sm font-semibold text-slate-900">Essentials</H>
      <dl className="mt-1 space-y-1.5 text-sm text-slate-700">
        {rows.map(([term, detail]) => (
          <div key={term}>
            <dt className="font-medium text-slate-900">{term}</dt>
            <dd className="break-words">{detail}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function Sources({ essentials }: { essentials: TravelerEssentials }) {
  return (
    <div className="space-y-2">
      <p className="text-xs text-slate-600">
        From:{" "}
        {essentials.sources.map((s, i) => (
          <span key={s.url}>
            {i > 0 ? " · " : ""}
            <SourceLink source={s} prefix="" />
          </span>
        ))}
        . Check hours, prices and rules when you book.
      </p>
      {/* Researched facts come from grounded search: its suggestions are shown with them. */}
      <SearchSuggestionChips suggestions={essentials.searchSuggestions} name={essentials.destination.name} />
    </div>
  );
}

/** The viewer's own flight search: from their own home, to the airport, for the trip's dates. */
export function FlightSearchLink({
  flight,
  airportCode,
  dates,
}: {
  flight: FlightSearch;
  airportCode: string;
  dates: { start: string | null; end: string | null } | null;
}) {
  if (flight.kind === "add-origin") {
    return (
      <p className="text-sm text-slate-700">
        <Link href={flight.preferencesHref} className="font-medium text-brand-700 underline">
          Add your home city to your answers
        </Link>{" "}
        to get a flight search.
      </p>
    );
  }
  if (flight.kind === "home") {
    return <p className="text-sm text-slate-700">You live here: no flight needed.</p>;
  }
  const when = dates?.start && dates.end ? ` for ${formatRange(dates.start, dates.end)}` : "";
  return (
    <div className="space-y-1 text-sm text-slate-700">
      {flight.kind === "ground" ? <p>You're about {flight.km} km away: close enough to go by road or rail.</p> : null}
      <p className="break-words">
        <a
          href={flight.url}
          target="_blank"
          rel="noreferrer noopener"
          className="inline-flex items-center gap-1 font-medium text-brand-700 underline"
        >
          <Plane aria-hidden className="size-4 shrink-0" />
          {flight.kind === "ground" ? "Or search flights" : "Search flights"} from {flight.from} to {airportCode}
          {when}
          <ExternalLink aria-hidden className="size-3 shrink-0" />
          <span className="sr-only">(Google Flights, opens in a new tab)</span>
        </a>
      </p>
      <p className="text-xs text-slate-600">On Google Flights: prices there are live; we don't book or quote fares.</p>
    </div>
  );
}

/** On a recommendation card: folded away, opened with a click or Enter (a native disclosure, no script). */
export function BeforeYouGoDisclosure({
  essentials,
  flight,
  dates,
}: {
  essentials: TravelerEssentials;
  flight: FlightSearch | null;
  dates: { start: string | null; end: string | null } | null;
}) {
  return (
    <details className="group rounded-lg border border-slate-200">
      <summary className="cursor-pointer rounded-lg px-3 py-2 text-sm font-semibold text-slate-900 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-600">
        Where to stay &amp; getting around
      </summary>
      <div className="space-y-4 border-t border-slate-200 px-3 py-3">
        {flight ? (
          <section aria-label={`Your flights to ${essentials.destination.name}`} className="min-w-0">
            <h4 className="text-sm font-semibold text-slate-900">Your flights</h4>
            <div className="mt-1">
              <FlightSearchLink flight={flight} airportCode={essentials.gettingAround.airportCode} dates={dates} />
            </div>
          </section>
        ) : null}
        <StayAreas essentials={essentials} heading="h4" />
        <GettingAround essentials={essentials} heading="h4" />
        <Essentials essentials={essentials} heading="h4" />
        <Sources essentials={essentials} />
      </div>
    </details>
  );
}

/** On the plan and share pages: everything open, in columns where there is room (and on paper). */
export function BeforeYouGoSection({
  essentials,
  flight,
  dates,
}: {
  essentials: TravelerEssentials;
  /** The viewer's own; none on the share page. */
  flight: FlightSearch | null;
  dates: { start: string | null; end: string | null } | null;
}) {
  return (
    <section
      aria-labelledby="before-you-go-title"
      className="space-y-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6 print:break-inside-avoid-page print:shadow-none"
    >
      <div>
        <h2 id="before-you-go-title" className="text-base font-semibold text-slate-900">
          Before you go
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Where to base yourselves, getting from the airport and around {essentials.destination.name}, and the
          essentials.
        </p>
      </div>
      {flight ? (
        <section
          aria-label={`Your flights to ${essentials.destination.name}`}
          className="min-w-0 rounded-xl bg-slate-50 p-3"
        >
          <h3 className="text-sm font-semibold text-slate-900">Your flights</h3>
          <div className="mt-1">
            <FlightSearchLink flight={flight} airportCode={essentials.gettingAround.airportCode} dates={dates} />
          </div>
        </section>
      ) : null}
      <div className="grid gap-4 md:grid-cols-3 print:grid-cols-1">
        <StayAreas essentials={essentials} heading="h3" />
        <GettingAround essentials={essentials} heading="h3" />
        <Essentials essentials={essentials} heading="h3" />
      </div>
      <Sources essentials={essentials} />
    </section>
  );
}

/** Plain lines as a bulleted list (long words wrap on a phone). */
function TextList({ items }: { items: string[] }) {
  return (
    <ul className="list-disc space-y-0.5 pl-5">
      {items.map((t) => (
        <li key={t} className="break-words">
          {t}
        </li>
      ))}
    </ul>
  );
}
