import Link from "next/link";
import { SourceLink } from "@/components/itinerary/itinerary-days";
import { CollapsibleCard } from "@/components/ui/collapsible-card";
import { formatDay, plural } from "@/lib/format";
import type { Itinerary } from "@/lib/schemas/itinerary";
import type { ItineraryView } from "@/lib/views/itinerary";

/** What the shown version assumes, every version with where it came from, and the sources. */
export function PlanRecords({
  tripId,
  itinerary,
  shownVersion,
  currentVersion,
  versions,
}: {
  tripId: string;
  itinerary: Itinerary;
  shownVersion: number;
  currentVersion: number | null;
  versions: ItineraryView["versions"];
}) {
  return (
    <>
      <div className="grid gap-4 md:grid-cols-2">
        <CollapsibleCard title="Assumptions" summary={plural(itinerary.assumptions.length, "assumption")}>
          <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700">
            {itinerary.assumptions.map((a) => (
              <li key={a}>{a}</li>
            ))}
          </ul>
        </CollapsibleCard>
        <CollapsibleCard
          title="Versions"
          summary={`${plural(versions.length, "version")}; this is version ${shownVersion}.`}
        >
          <ol className="space-y-1 text-sm">
            {[...versions].reverse().map((v) => (
              <li key={v.version} className="flex flex-wrap items-baseline gap-x-2">
                {v.version === shownVersion ? (
                  <span className="font-medium text-slate-900" aria-current="page">
                    Version {v.version}
                  </span>
                ) : (
                  <Link
                    href={
                      v.version === currentVersion
                        ? `/trips/${tripId}/plan`
                        : `/trips/${tripId}/plan?version=${v.version}`
                    }
                    className="font-medium text-brand-700 underline"
                  >
                    Version {v.version}
                  </Link>
                )}
                <span className="text-slate-600">
                  {SOURCE_LABEL[v.source] ?? v.source}
                  {v.basedOnVersion ? ` from version ${v.basedOnVersion}` : ""} · {formatDay(v.createdAt.slice(0, 10))}
                  {v.version === currentVersion ? " · current" : ""}
                </span>
              </li>
            ))}
          </ol>
        </CollapsibleCard>
      </div>

      {itinerary.sources.length > 0 ? (
        <CollapsibleCard title="Sources" summary={plural(itinerary.sources.length, "source")}>
          <ul className="space-y-1 text-sm">
            {itinerary.sources.map((s) => (
              <li key={s.url}>
                <SourceLink source={s} prefix="" />
              </li>
            ))}
          </ul>
        </CollapsibleCard>
      ) : null}
    </>
  );
}

const SOURCE_LABEL: Record<string, string> = {
  generated: "Planned",
  regenerated: "Regenerated with feedback",
  repaired: "Repaired",
  restored: "Restored",
  edited: "Edited by hand",
};
