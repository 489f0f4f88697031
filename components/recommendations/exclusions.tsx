import type { Exclusion } from "@/lib/schemas/recommendations";

const RULES: Record<string, string> = {
  diet: "diet",
  access: "access need",
  "hard-no": "hard no",
  flight: "flight limit",
  climate: "weather",
  place: "place",
  scope: "trip scope",
  "hard-cap": "hard budget cap",
  "too-few-activities": "too few activities",
};

/**
 * "Why not other places?": every destination a hard constraint ruled out, and whose. The
 * organizer sees names; members see their own part by name and the rest anonymously.
 */
export function Exclusions({
  excluded,
  nameOf,
  viewerId,
}: {
  excluded: Exclusion[];
  nameOf: (memberId: string) => string;
  viewerId: string;
}) {
  if (excluded.length === 0) return null;
  const who = (id: string | null, rule: string) =>
    id === null ? (rule === "too-few-activities" ? "The group" : "Someone") : id === viewerId ? "You" : nameOf(id);
  return (
    <details className="rounded-xl border border-slate-200 p-3 text-sm">
      <summary className="cursor-pointer font-medium text-slate-900">
        Why not other places? ({excluded.length} ruled out by someone's hard constraint)
      </summary>
      <ul className="mt-2 space-y-2">
        {excluded.map((x) => (
          <li key={x.slug}>
            <span className="font-medium text-slate-900">{x.name}</span>
            <ul className="list-disc pl-5 text-slate-700">
              {x.reasons.slice(0, 3).map((r) => (
                <li key={`${r.memberId}-${r.rule}-${r.detail}`}>
                  {who(r.memberId, r.rule)} · {RULES[r.rule] ?? r.rule}: {r.detail}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </details>
  );
}
