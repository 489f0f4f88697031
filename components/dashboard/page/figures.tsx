import Link from "next/link";
import { AvailabilityCalendar } from "@/components/dashboard/availability-calendar";
import { BudgetBars } from "@/components/dashboard/budget-bars";
import { ConstraintsSummary } from "@/components/dashboard/constraints-summary";
import { budgetSummary, datesSummary, needsSummary, vibesSummary } from "@/components/dashboard/summaries";
import { VibeChips } from "@/components/dashboard/vibe-chips";
import { EmptyState } from "@/components/ui/card";
import { CollapsibleCard } from "@/components/ui/collapsible-card";
import type { DashboardView } from "@/lib/views/dashboard";

/** The group's figures from everyone's answers: the dates that work, the budgets, the vibes, the needs. */
export function GroupFigures({
  tripId,
  profile,
  availability,
  showAttribution,
}: {
  tripId: string;
  profile: DashboardView["profile"];
  availability: DashboardView["availability"];
  /** The organizer sees whose need each is. */
  showAttribution: boolean;
}) {
  const respondentCount = profile.respondedIds.length;
  if (respondentCount === 0) {
    return (
      <EmptyState title="Nobody has shared their preferences yet">
        Once people answer, you'll see the dates that work, the budget everyone can afford, shared vibes and any
        conflicts here.{" "}
        <Link href={`/trips/${tripId}/preferences`} className="font-medium text-brand-700 underline">
          Start with yours
        </Link>
        .
      </EmptyState>
    );
  }
  return (
    <>
      <CollapsibleCard
        title="When can everyone go?"
        summary={datesSummary(profile.dates, respondentCount)}
        description={`Each day is shaded by how many of the ${respondentCount} who answered can come. Trip length: ${tripLengthText(profile.tripLength)}.`}
      >
        <AvailabilityCalendar
          dates={profile.dates}
          respondentCount={respondentCount}
          members={profile.members}
          tripDays={profile.tripLength.windowDays}
          availability={availability}
        />
      </CollapsibleCard>
      <div className="grid gap-4 sm:gap-6 lg:grid-cols-2">
        <CollapsibleCard
          title="Budget per person"
          summary={budgetSummary(profile.budget)}
          description="Whole trip, in US dollars."
        >
          <BudgetBars budget={profile.budget} members={profile.members} />
        </CollapsibleCard>
        <CollapsibleCard title="Vibes" summary={vibesSummary(profile.vibes)}>
          <VibeChips vibes={profile.vibes} respondentCount={respondentCount} />
        </CollapsibleCard>
      </div>
      <CollapsibleCard
        title="Needs and hard no's"
        summary={needsSummary(profile.constraints)}
        description="Every plan has to respect these."
      >
        <ConstraintsSummary
          constraints={profile.constraints}
          members={profile.members}
          showAttribution={showAttribution}
        />
      </CollapsibleCard>
    </>
  );
}

function tripLengthText({ minDays, maxDays, windowDays, conflict }: DashboardView["profile"]["tripLength"]): string {
  if (minDays === null || maxDays === null) return "not set yet";
  if (conflict) return `no length suits everyone; matching ${windowDays}-day windows`;
  return minDays === maxDays ? `${minDays} days` : `${minDays}–${maxDays} days`;
}
