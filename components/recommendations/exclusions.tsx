import { joinAnd } from "@/lib/format";
import type { Exclusion, Suggestion } from "@/lib/schemas/recommendations";

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
  "too-few-places-to-eat": "too few places to eat",
};

/** What rules a place out for the group as a whole rather than for one member. */
const GROUP_RULES = ["too-few-activities", "too-few-places-to-eat"];

/**
 * "Why not other places?": every destination a hard constraint ruled out, and whose. The
 * organizer sees names; members see their own part by name and the rest anonymously.
 * A ruled-out place a member suggested says so, and a suggestion we couldn't match to a
 * place we know is said plainly. Who suggested what follows the same rule: the pack a
 * member gets carries only their own id, so others read as "a member".
 */
export function Exclusions({
  excluded,
  suggestions = [],
  nameOf,
  viewerId,
}: {
  excluded: Exclusion[];
  suggestions?: Suggestion[];
  nameOf: (memberId: string) => string;
  viewerId: string;
}) {
  const unmatched = suggestions.filter((s) => s.slug === null);
  if (excluded.length === 0 && unmatched.length === 0) return null;
  const who = (id: string | null, rule: string) =>
    id === null ? (GROUP_RULES.includes(rule) ? "The group" : "Someone") : id === viewerId ? "You" : nameOf(id);
  const suggestedBy = (ids: string[]) =>
    ids.length === 0 ? "a member" : joinAnd(ids.map((id) => (id === viewerId ? "you" : nameOf(id))));
  const suggestionOf = (slug: string) => suggestions.find((s) => s.slug === slug);
  return (
    <div className="space-y-2">
      {unmatched.map((s) => (
        <p key={s.text} className="rounded-xl border border-slate-200 p-3 text-sm text-slate-700">
          We couldn't find enough about “{s.text}” to plan a trip there, so it isn't among the options{" "}
          <span className="text-slate-600">(suggested by {suggestedBy(s.memberIds)})</span>.
        </p>
      ))}
      {excluded.length > 0 ? (
        <details className="rounded-xl border border-slate-200 p-3 text-sm">
          <summary className="cursor-pointer font-medium text-slate-900">
            Why not other places? ({excluded.length} ruled out by someone's hard constraint)
          </summary>
          <ul className="mt-2 space-y-2">
            {excluded.map((x) => {
              const suggestion = suggestionOf(x.slug);
              return (
                <li key={x.slug}>
                  <span className="font-medium text-slate-900">{x.name}</span>
                  {suggestion ? (
                    <span className="text-slate-600"> · suggested by {suggestedBy(suggestion.memberIds)}</span>
                  ) : null}
                  <ul className="list-disc pl-5 text-slate-700">
                    {x.reasons.slice(0, 3).map((r) => (
                      <li key={`${r.memberId}-${r.rule}-${r.detail}`}>
                        {who(r.memberId, r.rule)} · {RULES[r.rule] ?? r.rule}: {r.detail}
                      </li>
                    ))}
                  </ul>
                </li>
              );
            })}
          </ul>
        </details>
      ) : null}
    </div>
  );
}
