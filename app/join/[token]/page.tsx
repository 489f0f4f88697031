import type { Metadata } from "next";
import Link from "next/link";
import { JoinForm } from "@/components/forms/join-form";
import { Card, EmptyState } from "@/components/ui/card";
import { requireMember } from "@/lib/auth/guards";
import { requestContext } from "@/lib/auth/request";
import { MAX_MEMBERS_PER_TRIP } from "@/lib/db/queries/members";
import { getTripByInviteToken, joinPageMembers } from "@/lib/db/queries/trips";
import { joinAnd } from "@/lib/format";
import { heldBackReason } from "@/lib/screened-answers";

export const metadata: Metadata = { title: "Join a trip" };

export default async function JoinPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const found = token.length <= 100 ? await getTripByInviteToken({ inviteToken: token }) : null;
  if (!found) {
    return (
      <Card title="This invite link doesn't work">
        <EmptyState title="The link may be mistyped, or the organizer made a new one.">
          Ask the organizer for the current invite link.{" "}
          <Link href="/" className="text-brand-700 underline">
            Go to the start page
          </Link>
        </EmptyState>
      </Card>
    );
  }
  const { trip, memberCount } = found;
  const [alreadyIn, people] = await Promise.all([
    requireMember(await requestContext(), trip.id).catch(() => null),
    // A name saved before names were screened at the door is not quoted here either.
    joinPageMembers({ tripId: trip.id, withheld: (name) => heldBackReason(name) !== null }),
  ]);
  return (
    <div className="mx-auto max-w-lg">
      <Card
        title={`Join “${trip.name}”`}
        description={`${people.organizer} organizes. ${memberCount} ${memberCount === 1 ? "person is" : "people are"} in so far.`}
      >
        {people.names.length > 0 ? (
          <p className="mb-4 text-sm text-slate-700">Already in: {joinAnd([people.organizer, ...people.names])}.</p>
        ) : null}
        {alreadyIn ? null : (
          <p className="mb-4 text-sm text-slate-600">
            Already joined on another device? Open your personal sign-in link there instead of joining again, or ask{" "}
            {people.organizer} for a new one.
          </p>
        )}
        {/* Always the same element: joining sets the cookie and re-renders this page, and the form must keep
            its state to show the new member's personal link (the only time it is shown). */}
        <JoinForm
          inviteToken={token}
          closed={
            alreadyIn ? (
              <p className="text-sm text-slate-700">
                You're already in this trip as <strong>{alreadyIn.member.name}</strong>.{" "}
                <Link href={`/trips/${trip.id}`} className="font-medium text-brand-700 underline">
                  Open the trip
                </Link>
              </p>
            ) : memberCount >= MAX_MEMBERS_PER_TRIP ? (
              <EmptyState title="This trip is full">It already has {MAX_MEMBERS_PER_TRIP} members.</EmptyState>
            ) : null
          }
        />
      </Card>
    </div>
  );
}
