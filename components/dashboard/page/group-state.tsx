import { AnswersChangedNotice, LiveConflicts } from "@/components/dashboard/live-group";
import { RecommendationsSection } from "@/components/recommendations/section/recommendations-section";
import type { DashboardView } from "@/lib/views/dashboard";
import type { RecommendationsView } from "@/lib/views/recommendations";
import { GroupFigures } from "./figures";
import { PlanLink } from "./plan-link";

/**
 * Where the group stands, after the viewer's to-do: the plan once a destination is chosen,
 * the conflicts, the destination ideas, then the figures from everyone's answers.
 */
export function GroupState({
  dashboard,
  recommendations,
  organizerAnswered,
}: {
  dashboard: DashboardView;
  recommendations: RecommendationsView;
  /** Generate needs at least the organizer's own answers (the demo's organizer may skip them). */
  organizerAnswered: boolean;
}) {
  const { trip, viewer, profile, decisions, availability } = dashboard;
  const planOpen = trip.status === "planning" || trip.status === "finalized";
  return (
    <>
      {planOpen ? <PlanLink tripId={trip.id} final={trip.status === "finalized"} /> : null}
      <AnswersChangedNotice />
      {/* Shown once anyone answered, with what the live channel says of the group since. */}
      <LiveConflicts decisions={decisions} />
      <RecommendationsSection
        tripId={trip.id}
        view={recommendations}
        isOrganizer={viewer.isOrganizer}
        canGenerate={trip.status === "collecting" || trip.status === "recommending"}
        organizerAnswered={organizerAnswered}
        members={profile.members}
        settled={planOpen}
      />
      <h2 className="sr-only pt-2 text-xl font-semibold text-slate-900 sm:not-sr-only">Compatibility snapshot</h2>
      <GroupFigures
        tripId={trip.id}
        profile={profile}
        availability={availability}
        showAttribution={viewer.isOrganizer}
      />
    </>
  );
}
