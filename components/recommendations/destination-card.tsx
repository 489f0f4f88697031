import { BeforeYouGoDisclosure } from "@/components/destination/before-you-go";
import { AccessNote } from "@/components/recommendations/access-note";
import { Badge } from "@/components/ui/badge";
import type { FlightSearch, TravelerEssentials } from "@/lib/facts/essentials";
import { formatRange, formatUsd, joinAnd, plural } from "@/lib/format";
import type { DestinationOption } from "@/lib/schemas/recommendations";
import { type Budget, CostBreakdown, overMyBudget, planFigure } from "./cost-breakdown";
import { OptionActions } from "./option-actions";
import { SourceList, WebResearch } from "./web-research";

const CONFIDENCE: Record<DestinationOption["confidence"], string> = {
  high: "High confidence",
  medium: "Medium confidence",
  low: "Low confidence",
};

/**
 * One recommended destination: why it fits, cost, two days of highlights, tradeoffs,
 * where to stay and getting around (with the viewer's own flight search), confidence, sources.
 */
export function DestinationCard({
  option,
  rank,
  nameOf,
  actions,
  chosen,
  viewer,
  budgets,
  othersStretched,
  beforeYouGo,
  decidedDates = null,
}: {
  option: DestinationOption;
  rank: number;
  nameOf: (memberId: string) => string;
  actions: Omit<Parameters<typeof OptionActions>[0], "slug" | "name"> | null;
  chosen: boolean;
  /** Who is looking: the option's costs are already cut to what they may see. */
  viewer: { memberId: string; isOrganizer: boolean };
  budgets: Record<string, Budget>;
  /** Members other than the viewer who go over their own budget here. */
  othersStretched: number;
  /** The destination's stay areas, transport and essentials, and the viewer's own flight search. */
  beforeYouGo?: { essentials: TravelerEssentials; flight: FlightSearch } | null;
  /** The organizer's decision on the dates, which holds over a card made before it. */
  decidedDates?: { start: string; end: string } | null;
}) {
  const headingId = `option-${option.slug}`;
  const { trip } = option;
  const mine = option.impactedMemberIds.includes(viewer.memberId);
  const myCost = option.costs.find((c) => c.memberId === viewer.memberId);
  const unchecked = uncheckedCapsText(option, viewer, nameOf);
  const stretch = viewer.isOrganizer
    ? `Compromise: ${joinAnd(option.impactedMemberIds.map(nameOf))} stretch${option.impactedMemberIds.length === 1 ? "es" : ""}`
    : mine
      ? `Compromise: stretches your budget${othersStretched ? ` and ${plural(othersStretched, "other member")}'s` : ""}`
      : `Compromise: stretches ${plural(othersStretched, "member")}'s budget`;
  return (
    <article
      aria-labelledby={headingId}
      className={`flex flex-col gap-3 rounded-2xl border bg-white p-3.5 shadow-sm sm:p-5 ${chosen ? "border-brand-600 ring-2 ring-brand-600" : "border-slate-200"}`}
    >
      <header className="space-y-2">
        <h3 id={headingId} className="text-lg font-semibold text-slate-900">
          <span className="sr-only">Option {rank}: </span>
          <span aria-hidden className="mr-1.5 text-sm font-medium text-slate-500">
            {rank}.
          </span>
          {option.name}
          <span className="ml-2 text-sm font-normal text-slate-600">{option.country}</span>
        </h3>
        <div className="flex flex-wrap gap-1.5">
          {chosen ? <Badge>Chosen</Badge> : null}
          {option.mode === "compromise" ? (
            <Badge tone="warning">{stretch}</Badge>
          ) : unchecked || option.mode === "unchecked" ? (
            <Badge tone="warning">{unchecked ?? "A member's hard cap can't be checked yet"}</Badge>
          ) : (
            <Badge>Fits everyone's budget</Badge>
          )}
          {option.verified ? null : <Badge tone="warning">Unverified</Badge>}
          {option.researched ? <Badge>Researched for your group</Badge> : null}
          {decidedDates ? (
            <Badge>Dates decided</Badge>
          ) : trip.datesPending ? (
            <Badge tone="danger">Pending date resolution</Badge>
          ) : null}
        </div>
      </header>

      <div className="space-y-2">
        <p className="text-sm font-medium text-slate-800">
          {trip.start && trip.end ? formatRange(trip.start, trip.end) : "Dates to be decided"} ·{" "}
          {plural(trip.days, "day")}, {plural(trip.nights, "night")}
        </p>
        {decidedDates && (decidedDates.start !== trip.start || decidedDates.end !== trip.end) ? (
          <p className="text-xs text-amber-900">
            Made before the organizer decided on {formatRange(decidedDates.start, decidedDates.end)}: the figures are
            for the dates above until the ideas are generated again.
          </p>
        ) : null}
        <p className="text-xl font-semibold text-slate-900">
          {option.costPerPerson.low === option.costPerPerson.high
            ? formatUsd(option.costPerPerson.high)
            : `${formatUsd(option.costPerPerson.low)}–${formatUsd(option.costPerPerson.high)}`}
          <span className="ml-1 text-sm font-normal text-slate-600">per person</span>
        </p>
        {myCost ? (
          <p className="text-sm text-slate-800">
            Your total: <strong>{planFigure(myCost.total, budgets[viewer.memberId] ?? null)}</strong>
            {myCost.overBy > 0
              ? ` (${overMyBudget(myCost.total, budgets[viewer.memberId] ?? null, myCost.overBy)})`
              : ""}
          </p>
        ) : null}
        {option.whyItFits[0] ? <p className="line-clamp-1 text-sm text-slate-700">{option.whyItFits[0]}</p> : null}
        <AccessNote access={option.access} name={option.name} />
      </div>

      <details className="group space-y-4" open={chosen}>
        <summary className="cursor-pointer text-sm font-medium text-brand-700 underline-offset-2 hover:underline">
          More about {option.name}
          <span className="sr-only">: costs, highlights, tradeoffs, where to stay and sources</span>
        </summary>
        <div className="mt-3 space-y-4">
          <div className="space-y-2">
            <Badge tone={option.confidence === "low" ? "warning" : "neutral"}>{CONFIDENCE[option.confidence]}</Badge>
            {trip.datesPending && trip.start && !decidedDates ? (
              <p className="text-xs text-slate-600">Not everyone can make these dates yet.</p>
            ) : null}
            {trip.lengthNote ? <p className="text-xs text-slate-600">{trip.lengthNote}.</p> : null}
            <p className="text-xs text-slate-600">
              Each member's own total: {option.costPerPerson.includes.join(", ")}.
              {option.homeMemberIds.length
                ? ` ${joinAnd(option.homeMemberIds.map((id) => (id === viewer.memberId ? "You" : nameOf(id))))} ${
                    option.homeMemberIds.length === 1 && option.homeMemberIds[0] !== viewer.memberId ? "lives" : "live"
                  } here: no travel to pay.`
                : ""}
            </p>
            <CostBreakdown costs={option.costs} budgets={budgets} nameOf={nameOf} viewerId={viewer.memberId} />
          </div>

          <section aria-label={`Why ${option.name} fits`}>
            <h4 className="text-sm font-semibold text-slate-900">Why it fits</h4>
            <ul className="mt-1 list-disc space-y-1 pl-5 text-sm text-slate-700">
              {option.whyItFits.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </section>

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

          <section aria-label={`Tradeoffs of ${option.name}`}>
            <h4 className="text-sm font-semibold text-slate-900">Tradeoffs</h4>
            <ul className="mt-1 list-disc space-y-1 pl-5 text-sm text-slate-700">
              {option.tradeoffs.map((t) => (
                <li key={t.summary}>{t.summary}</li>
              ))}
            </ul>
          </section>

          {beforeYouGo ? (
            <BeforeYouGoDisclosure
              essentials={beforeYouGo.essentials}
              flight={beforeYouGo.flight}
              dates={{ start: trip.start, end: trip.end }}
            />
          ) : null}

          {option.web ? <WebResearch research={option.web} name={option.name} /> : null}

          {option.researched ? (
            <section aria-label={`How we know about ${option.name}`}>
              <h4 className="text-sm font-semibold text-slate-900">Not from our own guide</h4>
              <p className="mt-1 text-sm text-slate-700">
                We researched {option.name} for your group: its places, prices and opening times come from what the
                research found and its sources.
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
          ) : null}

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
        </div>
      </details>

      {actions ? (
        <footer className="mt-auto">
          <OptionActions {...actions} slug={option.slug} name={option.name} />
        </footer>
      ) : null}
    </article>
  );
}

/**
 * "Fits everyone's budget" is claimed only when every hard cap was checked: while a capped
 * member's home isn't confirmed their travel is unknown, so the card says whose cap waits
 * (the organizer reads names; a member their own, and others' as a count).
 */
export function uncheckedCapsText(
  option: Pick<DestinationOption, "costs" | "othersCapsUnchecked">,
  viewer: { memberId: string; isOrganizer: boolean },
  nameOf: (memberId: string) => string,
): string | null {
  const unchecked = option.costs.filter((c) => c.capUnverifiable);
  if (viewer.isOrganizer) {
    if (unchecked.length === 0) return null;
    const names = joinAnd(unchecked.map((c) => nameOf(c.memberId)));
    return `${names}'s ${unchecked.length === 1 ? "cap" : "caps"} can't be checked until they confirm their home`;
  }
  const mine = unchecked.some((c) => c.memberId === viewer.memberId);
  const others = option.othersCapsUnchecked ?? 0;
  if (mine && others === 0) return "Your cap can't be checked until you confirm your home";
  if (mine) return `Your cap and ${plural(others, "other member")}'s can't be checked until homes are confirmed`;
  if (others > 0) return `${plural(others, "member")}'s cap can't be checked until they confirm their home`;
  return null;
}
