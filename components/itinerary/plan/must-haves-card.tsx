import { Card } from "@/components/ui/card";
import type { MustHaveView } from "@/lib/views/itinerary";

/**
 * Each member's must-have against the plan: where it is in the plan, or that it isn't, why and
 * what would make it possible. Whose: the organizer sees names, a member their own as "yours",
 * everyone else's anonymously ("a member's").
 */
export function MustHavesCard({ mustHaves }: { mustHaves: MustHaveView[] }) {
  if (mustHaves.length === 0) return null;
  const whose = (m: MustHaveView) =>
    m.whose === "you" ? "Your must-have" : m.whose ? `${m.whose}'s must-have` : "A member's must-have";
  const missing = mustHaves.filter((m) => m.status === "not-honoured").length;
  return (
    <Card title={missing ? `Must-haves (${missing} not in the plan)` : "Must-haves: all in the plan"}>
      <ul className="space-y-2 text-sm text-slate-800">
        {mustHaves.map((m) => (
          <li key={`${m.whose ?? "member"}:${m.mustHave}`}>
            <span className="font-medium">
              {whose(m)} “{m.mustHave}”
            </span>
            {m.status === "in-plan" ? (
              <span> is in the plan: {m.items.map((i) => `${i.title} (day ${i.day})`).join(", ")}.</span>
            ) : (
              <span>
                {" "}
                isn't in the plan. {m.why}{" "}
                <span className="text-slate-600">What would make it possible: {m.wouldHelp}</span>
              </span>
            )}
          </li>
        ))}
      </ul>
    </Card>
  );
}
