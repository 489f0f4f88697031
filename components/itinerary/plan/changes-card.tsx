import { Card } from "@/components/ui/card";
import { formatUsd } from "@/lib/format";
import type { ItineraryView } from "@/lib/views/itinerary";

/** What changed from the version before: items added, removed, moved or changed, and costs (the viewer's own; the organizer everyone's). */
export function ChangesCard({
  diff,
  nameOf,
  viewerId,
}: {
  diff: NonNullable<ItineraryView["diff"]>;
  nameOf: (id: string) => string;
  viewerId: string;
}) {
  const { added, removed, moved, changed, costs } = diff.changes;
  const lines = [
    ...added.map((a) => `Added ${a.title} (day ${a.at.day}, ${a.at.slot})`),
    ...removed.map((r) => `Removed ${r.title}`),
    ...moved.map((m) => `Moved ${m.title} from day ${m.from.day} ${m.from.slot} to day ${m.to.day} ${m.to.slot}`),
    ...changed.map((c) => `${c.title}: ${c.what.join(", ")}`),
    ...costs.map(
      (c) =>
        `${c.memberId === viewerId ? "Your" : `${nameOf(c.memberId)}'s`} cost: ${formatUsd(c.before)} → ${formatUsd(c.after)}`,
    ),
  ];
  return (
    <Card title={`What changed since version ${diff.from}`}>
      {lines.length === 0 ? (
        <p className="text-sm text-slate-600">Nothing in the days changed.</p>
      ) : (
        <ul className="list-disc space-y-0.5 pl-5 text-sm text-slate-800">
          {lines.map((l) => (
            <li key={l}>{l}</li>
          ))}
        </ul>
      )}
    </Card>
  );
}
