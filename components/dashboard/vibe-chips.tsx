import { Star, Users } from "lucide-react";
import { EmptyState } from "@/components/ui/card";
import type { GroupProfile } from "@/lib/schemas/group-profile";
import { VIBES } from "@/lib/schemas/preferences";

type Vibes = GroupProfile["vibes"];

const STYLES = {
  shared: { chip: "bg-brand-700 text-white", bar: "bg-white/80" },
  popular: { chip: "bg-brand-50 text-brand-700 ring-1 ring-inset ring-brand-100", bar: "bg-brand-500" },
  other: { chip: "bg-slate-100 text-slate-700", bar: "bg-slate-400" },
};

/** The vibes people picked, most picked first; shared ones stand out, popular ones carry a star. */
export function VibeChips({ vibes, respondentCount }: { vibes: Vibes; respondentCount: number }) {
  if (vibes.counts.length === 0) {
    return (
      <EmptyState title="No vibes yet">Vibes show up once members pick what kind of trip they'd enjoy.</EmptyState>
    );
  }
  const sorted = [...vibes.counts].sort((a, b) => b.count - a.count || VIBES.indexOf(a.vibe) - VIBES.indexOf(b.vibe));
  // Shared and popular count against those who picked any vibe (not everyone who answered).
  const choosers = vibes.choosers || respondentCount;
  const hasShared = vibes.shared.length > 0;
  const hasPopular = vibes.popular.some((v) => !vibes.shared.includes(v));

  return (
    <div className="space-y-3">
      <ul className="flex flex-wrap gap-2">
        {sorted.map(({ vibe, count }) => {
          const kind = vibes.shared.includes(vibe) ? "shared" : vibes.popular.includes(vibe) ? "popular" : "other";
          const share = choosers > 0 ? Math.min(100, (count / choosers) * 100) : 0;
          return (
            <li
              key={vibe}
              className={`relative inline-flex items-center gap-1.5 overflow-hidden rounded-lg px-3 pt-1 pb-2 text-sm font-medium ${STYLES[kind].chip}`}
            >
              {kind === "shared" ? <Users aria-hidden="true" className="size-3.5" /> : null}
              {kind === "popular" ? <Star aria-hidden="true" className="size-3.5 fill-current" /> : null}
              <span>
                {vibe.replace("-", " ")} <span aria-hidden="true">·</span> <span className="tabular-nums">{count}</span>
                <span className="sr-only">
                  {` of the ${choosers} who picked a vibe`}
                  {kind === "shared" ? ", picked by everyone" : kind === "popular" ? ", popular" : ""}
                </span>
              </span>
              <span aria-hidden="true" className="absolute inset-x-0 bottom-0 h-1 bg-black/5">
                <span className={`block h-full ${STYLES[kind].bar}`} style={{ width: `${share}%` }} />
              </span>
            </li>
          );
        })}
      </ul>
      {hasShared || hasPopular ? (
        <p className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600">
          {hasShared ? (
            <span className="inline-flex items-center gap-1">
              <Users aria-hidden="true" className="size-3.5" /> Picked by everyone
            </span>
          ) : null}
          {hasPopular ? (
            <span className="inline-flex items-center gap-1">
              <Star aria-hidden="true" className="size-3.5 fill-current" /> Popular: half or more of those who picked a
              vibe
            </span>
          ) : null}
          <span>
            The thin bar shows the share of the {choosers} who picked a vibe
            {choosers < respondentCount ? ` (${respondentCount - choosers} answered without one)` : ""}.
          </span>
        </p>
      ) : null}
    </div>
  );
}
