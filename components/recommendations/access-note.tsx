import { Accessibility } from "lucide-react";
import { ACCESSIBILITY_LABELS, joinAnd } from "@/lib/format";
import type { AccessByVenue } from "@/lib/schemas/recommendations";

/**
 * "Wheelchair access: 13 of 43 activities, 4 of 25 places to eat; stay in Vatican & Prati."
 * A place that serves a need venue by venue, not as a whole, says how much of it does and
 * where to stay: the rest is named by what's left out, and the plan uses only these.
 */
export function accessLine(a: AccessByVenue): string {
  const label = ACCESSIBILITY_LABELS[a.need];
  const parts = [`${a.activities.accessible} of ${a.activities.total} activities`];
  if (a.meals) parts.push(`${a.meals.accessible} of ${a.meals.total} places to eat`);
  return `${label[0]?.toUpperCase()}${label.slice(1)}: ${parts.join(", ")}; stay in ${joinAnd(a.stayAreas)}.`;
}

export function AccessNote({ access, name }: { access: AccessByVenue[] | undefined; name: string }) {
  if (!access?.length) return null;
  return (
    <section aria-label={`Access in ${name}`} className="rounded-lg bg-sky-50 p-2 text-sm text-sky-950">
      <ul className="space-y-1">
        {access.map((a) => (
          <li key={a.need} className="flex items-start gap-1">
            <Accessibility aria-hidden className="mt-0.5 size-4 shrink-0" />
            <span>{accessLine(a)}</span>
          </li>
        ))}
      </ul>
      <p className="mt-1 text-xs text-sky-900">
        Not every venue here is accessible: the plan uses only those that are.
      </p>
    </section>
  );
}
