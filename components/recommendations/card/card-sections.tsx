import type { DestinationOption } from "@/lib/schemas/recommendations";
import { SourceList } from "../web-research";

/** Why the place fits the group, line by line. */
export function WhyItFits({ option }: { option: DestinationOption }) {
  return (
    <section aria-label={`Why ${option.name} fits`}>
      <h4 className="text-sm font-semibold text-slate-900">Why it fits</h4>
      <ul className="mt-1 list-disc space-y-1 pl-5 text-sm text-slate-700">
        {option.whyItFits.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </section>
  );
}

/** Two days of highlights: what, where, when in the day. */
export function Highlights({ option }: { option: DestinationOption }) {
  return (
    <section aria-label={`Two-day highlights in ${option.name}`}>
      <h4 className="text-sm font-semibold text-slate-900">Two-day highlights</h4>
      <div className="mt-1 grid gap-2 sm:grid-cols-2">
        {([1, 2] as const).map((day) => (
          <div key={day} className="rounded-lg bg-slate-50 p-2">
            <p className="text-xs font-semibold text-slate-600">Day {day}</p>
            <ul className="mt-1 space-y-1 text-sm text-slate-800">
              {option.highlights
                .filter((h) => h.day === day)
                .map((h) => (
                  <li key={h.activityId}>
                    <span className="font-medium">{h.title}</span>
                    <span className="text-slate-600">
                      {" "}
                      · {h.area}
                      {h.timeOfDay === "any" ? "" : ` · ${h.timeOfDay}`}
                    </span>
                  </li>
                ))}
            </ul>
          </div>
        ))}
      </div>
    </section>
  );
}

/** What the group gives up here. */
export function Tradeoffs({ option }: { option: DestinationOption }) {
  return (
    <section aria-label={`Tradeoffs of ${option.name}`}>
      <h4 className="text-sm font-semibold text-slate-900">Tradeoffs</h4>
      <ul className="mt-1 list-disc space-y-1 pl-5 text-sm text-slate-700">
        {option.tradeoffs.map((t) => (
          <li key={t.summary}>{t.summary}</li>
        ))}
      </ul>
    </section>
  );
}

/** A place researched for the group rather than from our own guide, and what the research couldn't back up. */
export function Researched({ option }: { option: DestinationOption }) {
  if (!option.researched) return null;
  return (
    <section aria-label={`How we know about ${option.name}`}>
      <h4 className="text-sm font-semibold text-slate-900">Not from our own guide</h4>
      <p className="mt-1 text-sm text-slate-700">
        We researched {option.name} for your group: its places, prices and opening times come from what the research
        found and its sources.
      </p>
      {option.researched.unverified.length ? (
        <>
          <p className="mt-2 text-sm font-medium text-slate-800">
            What the research got wrong or couldn't back up (so this card is less sure of itself):
          </p>
          <ul className="mt-1 list-disc space-y-1 pl-5 text-sm text-slate-700">
            {option.researched.unverified.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}

/** Where the card's facts come from (none: say so, and to check before booking). */
export function Sources({ option }: { option: DestinationOption }) {
  return (
    <section aria-label={`Sources for ${option.name}`}>
      <h4 className="text-sm font-semibold text-slate-900">Sources</h4>
      {option.sources.length ? (
        <SourceList sources={option.sources} className="mt-1 text-sm" />
      ) : (
        <p className="mt-1 text-sm text-slate-600">
          None: we couldn't verify this one, so check details before booking.
        </p>
      )}
    </section>
  );
}
