"use client";

import { RefreshCw } from "lucide-react";
import { useRouter } from "next/navigation";
import { createContext, type ReactNode, useContext, useTransition } from "react";
import { ConflictList } from "@/components/dashboard/conflict-list";
import { Decisions } from "@/components/dashboard/decisions";
import { conflictsCard } from "@/components/dashboard/summaries";
import { Openers } from "@/components/recommendations/openers";
import { useAnswersChanged, useGroupSlice, useVoteTally } from "@/components/trip/live-store";
import { MemberList } from "@/components/trip/member-list";
import { YourTurnPanel } from "@/components/trip/your-turn";
import { Button } from "@/components/ui/button";
import { CollapsibleCard } from "@/components/ui/collapsible-card";
import { plural } from "@/lib/format";
import type { DecisionView } from "@/lib/schemas/decisions";
import type { GroupSlice } from "@/lib/schemas/trip-events";
import { type YourTurnInput, yourTurn } from "@/lib/your-turn";

/**
 * The dashboard's group sections, owned here in the browser: who is in and who answered,
 * the conflicts with the viewer's own fixes, the organizer's requests, and the to-do at the
 * top that follows from them. They start from what the server rendered (`GroupProvider`)
 * and take each newer word the live channel brings (a join, a save, a request), so another
 * member's change costs this page a few kilobytes, not a render.
 */

type Group = { tripId: string; rendered: GroupSlice; viewer: { memberId: string; isOrganizer: boolean } };
const GroupContext = createContext<Group | null>(null);

export function GroupProvider({ children, ...group }: Group & { children: ReactNode }) {
  return <GroupContext.Provider value={group}>{children}</GroupContext.Provider>;
}

export function useGroup(): Group & { slice: GroupSlice } {
  const group = useContext(GroupContext);
  if (!group) throw new Error("The dashboard's group sections need a GroupProvider");
  // Hooks can't be conditional: the provider is always there on the dashboard.
  const slice = useGroupSlice(group.tripId, group.rendered);
  return { ...group, slice };
}

/** The viewer's to-do, worked out again whenever the group or the votes change. */
export function LiveYourTurn({ input, recommendationId }: { input: YourTurnInput; recommendationId: string | null }) {
  const { slice } = useGroup();
  const tally = useVoteTally(recommendationId ?? "");
  const turn = yourTurn({
    ...input,
    viewer: { ...input.viewer, hasResponded: slice.hasResponded },
    members: slice.members,
    requests: slice.requests,
    conflicts: slice.conflicts,
    fixes: slice.fixes.resolutions,
    recommendations:
      tally && tally.recommendationId === recommendationId
        ? { ...input.recommendations, myVote: tally.myVote, notVoted: tally.waitingOn }
        : input.recommendations,
  });
  return <YourTurnPanel turn={turn} tripId={input.tripId} answersVersion={slice.fixes.answersVersion} />;
}

/** "Who's in": every member, whether they answered, and (organizer) their devices. */
export function WhoIsIn({ className }: { className?: string }) {
  const { tripId, slice, viewer, rendered } = useGroup();
  // The channel can't tell which device is this browser: the page could.
  const thisDevice = rendered.devices?.find((d) => d.isThisDevice)?.id;
  const devices = slice.devices?.map((d) => ({ ...d, isThisDevice: d.id === thisDevice }));
  const answered = slice.members.filter((m) => m.responded).length;
  return (
    <CollapsibleCard
      title="Who's in"
      summary={`${plural(slice.members.length, "person", "people")}, ${answered} answered.`}
      className={className}
    >
      <MemberList
        tripId={tripId}
        members={slice.members}
        viewerId={viewer.memberId}
        canRemove={viewer.isOrganizer}
        devices={devices ?? undefined}
      />
    </CollapsibleCard>
  );
}

/** The conflicts, the organizer's decisions on them, the viewer's own fixes and the requests; shown once anyone answered. */
export function LiveConflicts({ decisions }: { decisions: DecisionView[] }) {
  const { tripId, slice, viewer } = useGroup();
  if (!slice.members.some((m) => m.responded)) return null;
  const asked = slice.requests.some((r) => r.memberId === viewer.memberId && !r.declined);
  const { fewFit } = slice;
  const nameOf = (id: string) => slice.members.find((m) => m.id === id)?.name ?? "Someone";
  // The real blocker leads: when few places fit, the change that opens the most, not the mildest conflict.
  const card = conflictsCard({ conflicts: slice.conflicts, fewFit, viewerId: viewer.memberId, nameOf });
  return (
    <CollapsibleCard
      title="Conflicts"
      summary={card.summary}
      description="Where the group disagrees, and the smallest change that would fix it."
      defaultOpen={Boolean(fewFit) || asked}
    >
      {fewFit ? <Openers id="openers-now" openers={fewFit.openers} viewerId={viewer.memberId} nameOf={nameOf} /> : null}
      <Decisions
        tripId={tripId}
        decisions={decisions}
        decided={slice.decidedDates}
        proposal={slice.proposal}
        members={slice.members}
        isOrganizer={viewer.isOrganizer}
        scopeSplit={slice.scopeSplit}
      />
      <ConflictList
        tripId={tripId}
        conflicts={slice.conflicts}
        fixes={slice.fixes}
        requests={slice.requests}
        askable={slice.askable}
        members={slice.members}
        showAttribution={viewer.isOrganizer}
        empty={card.empty}
      />
    </CollapsibleCard>
  );
}

/** On a phone, the sections most urgent first, one tap away. `figures`: the page shows the dates and budget. */
export function SectionNav({ planOpen, figures }: { planOpen: boolean; figures: boolean }) {
  const { tripId, slice } = useGroup();
  const answered = slice.members.some((m) => m.responded);
  const card = conflictsCard({ conflicts: slice.conflicts, fewFit: slice.fewFit, viewerId: "", nameOf: () => "" });
  const links = [
    ...(slice.hasResponded ? [] : [{ href: `/trips/${tripId}/preferences`, label: "Add my preferences" }]),
    ...(answered && card.count > 0 ? [{ href: "#card-conflicts", label: card.chip }] : []),
    ...(planOpen ? [{ href: `/trips/${tripId}/plan`, label: "The plan" }] : []),
    { href: "#card-destination-ideas", label: "Destinations" },
    // The figures are the server's: there when the page was rendered with answers.
    ...(figures ? [{ href: "#card-when-can-everyone-go-", label: "Dates" }] : []),
    ...(figures ? [{ href: "#card-budget-per-person", label: "Budget" }] : []),
    { href: "#card-who-s-in", label: "Who's in" },
    { href: `/trips/${tripId}/settings`, label: "Settings" },
  ];
  return (
    <nav
      aria-label="Sections"
      className="sticky top-0 z-10 -mx-4 flex gap-2 overflow-x-auto border-b border-slate-200 bg-white/95 px-4 py-2 text-sm backdrop-blur lg:hidden"
    >
      {links.map((link) => (
        <a
          key={link.href}
          href={link.href}
          className="shrink-0 rounded-full border border-slate-300 px-3 py-1 font-medium text-slate-800 hover:bg-slate-50"
        >
          {link.label}
        </a>
      ))}
    </nav>
  );
}

/**
 * The group's figures (dates, budget, vibes, needs) are drawn on the server from everyone's
 * answers, which never travel on the live channel: after someone changes theirs, this says
 * so and reads the new figures when the viewer asks.
 */
export function AnswersChangedNotice() {
  const { tripId } = useGroup();
  const changed = useAnswersChanged(tripId);
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  if (!changed) return null;
  return (
    <div
      role="status"
      className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-brand-100 bg-brand-50 px-4 py-3 text-sm text-slate-800"
    >
      <span>Someone's answers changed since you opened this page: the figures below are from before.</span>
      <Button variant="secondary" disabled={pending} onClick={() => startTransition(() => router.refresh())}>
        <RefreshCw aria-hidden className="size-4" />
        Show the new figures
      </Button>
    </div>
  );
}
