import { Accessibility, Ban, EyeOff, type LucideIcon, Star, Utensils } from "lucide-react";
import { type MemberName, nameOf } from "@/components/dashboard/layout-math";
import { EmptyState } from "@/components/ui/card";
import { ACCESSIBILITY_LABELS } from "@/lib/format";
import type { GroupProfile } from "@/lib/schemas/group-profile";

type Constraints = GroupProfile["constraints"];
type Entry = { value: string; count: number; memberIds: string[] };

/**
 * The group's hard constraints, grouped. Names appear only with `showAttribution` (the organizer);
 * everyone else sees values and counts — DESIGN.md "Identity and authorization".
 */
export function ConstraintsSummary({
  constraints,
  members,
  showAttribution,
}: {
  constraints: Constraints;
  members: MemberName[];
  showAttribution: boolean;
}) {
  const groups: { title: string; icon: LucideIcon; entries: Entry[] }[] = [
    {
      title: "Dietary needs",
      icon: Utensils,
      entries: constraints.dietary.map((e) => ({ ...e, value: e.value.replace("-allergy", " allergy") })),
    },
    {
      title: "Accessibility",
      icon: Accessibility,
      entries: constraints.accessibility.map((e) => ({ ...e, value: ACCESSIBILITY_LABELS[e.value] ?? e.value })),
    },
    { title: "Hard no's", icon: Ban, entries: constraints.hardNos },
    { title: "Must-haves", icon: Star, entries: constraints.mustHaves },
  ];
  const present = groups.filter((g) => g.entries.length > 0);
  if (present.length === 0) {
    return (
      <EmptyState title="No hard constraints yet">
        Nobody has listed dietary or accessibility needs, hard no's or must-haves.
      </EmptyState>
    );
  }

  return (
    <div className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        {present.map(({ title, icon: Icon, entries }) => (
          <div key={title}>
            <h3 className="mb-2 flex items-center gap-2 text-sm font-semibold text-slate-900">
              <Icon aria-hidden="true" className="size-4 text-brand-700" />
              {title}
            </h3>
            <ul className="space-y-1.5 text-sm text-slate-800">
              {entries.map(({ value, count, memberIds }) => (
                <li key={value} className="break-words">
                  <span className="font-medium">{value}</span>
                  <span className="text-slate-600">
                    {" "}
                    <span aria-hidden="true">·</span> {count} {count === 1 ? "person" : "people"}
                  </span>
                  {showAttribution && memberIds.length > 0 ? (
                    <span className="block text-xs text-slate-600">
                      {memberIds.map((id) => nameOf(members, id)).join(", ")}
                    </span>
                  ) : null}
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
      {showAttribution ? (
        <p className="flex items-center gap-2 text-xs text-slate-600">
          <EyeOff aria-hidden="true" className="size-3.5 shrink-0" />
          Only you (the organizer) see who said what. Everyone else sees the list without names.
        </p>
      ) : null}
    </div>
  );
}
