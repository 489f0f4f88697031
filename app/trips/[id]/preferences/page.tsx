import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { PreferencesForm } from "@/components/preferences/preferences-form";
import { DownloadMyData, EraseMyAnswers, LeaveTrip } from "@/components/trip/danger-zone";
import { HeldBackNotice } from "@/components/trip/held-back-notice";
import { Card } from "@/components/ui/card";
import { FormMessage } from "@/components/ui/field";
import { requireMember } from "@/lib/auth/guards";
import { requestContext } from "@/lib/auth/request";
import { modelFlaggedTexts } from "@/lib/db/queries/held-back";
import { getPreferences } from "@/lib/db/queries/preferences";
import { emptyPreferences } from "@/lib/schemas/preferences";
import { heldBackFor, screenAnswers } from "@/lib/screened-answers";

export const metadata: Metadata = { title: "My preferences" };

const WELCOME = {
  organizer: "Your trip is ready. Start with your own preferences — then share the invite link from the dashboard.",
  member: "You're in! Tell the group what works for you. You can change it any time.",
} as const;

export default async function PreferencesPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<{ welcome?: string; erased?: string }>;
}) {
  const [{ id }, { welcome, erased }] = await Promise.all([params, searchParams]);
  const caller = await requireMember(await requestContext(), id).catch(() => notFound());
  const [saved, modelFlagged] = await Promise.all([
    getPreferences({ memberId: caller.member.id }),
    modelFlaggedTexts({ tripId: caller.trip.id }),
  ]);
  // The member's own answers screened as every other view reads them: they see what is held back, and why.
  const self = { id: caller.member.id, name: caller.member.name, preferences: saved?.data ?? null };
  const heldBack = heldBackFor([self], screenAnswers([self], modelFlagged).flags, {
    memberId: self.id,
    isOrganizer: false,
  });
  const greeting = welcome === "organizer" || welcome === "member" ? WELCOME[welcome] : null;

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div>
        <Link href={`/trips/${caller.trip.id}`} className="text-sm text-brand-700 underline">
          ← {caller.trip.name}
        </Link>
        <h1 className="mt-2 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
          {caller.member.name}'s preferences
        </h1>
        <p className="mt-1 text-sm text-slate-600">
          {saved ? `Last saved ${saved.updatedAt.toUTCString().slice(0, 16)}.` : "Not shared with the group yet."}
        </p>
      </div>
      {greeting ? <FormMessage tone="info">{greeting}</FormMessage> : null}
      {erased === "1" && !saved ? (
        <FormMessage tone="success">
          Your answers are erased. The group sees you as not answered yet; you can answer again below.
        </FormMessage>
      ) : null}
      <HeldBackNotice heldBack={heldBack} viewerId={self.id} members={[self]} />
      <PreferencesForm
        tripId={caller.trip.id}
        initial={saved?.data ?? emptyPreferences()}
        initialVersion={saved?.version ?? 0}
        displayCurrency={caller.member.displayCurrency ?? null}
      />
      <Card title="Your answers" description="Only you can erase them; plans already made with them stay as they are.">
        <EraseMyAnswers tripId={caller.trip.id} hasAnswers={saved !== null} />
      </Card>
      <Card
        title="Your data in this trip"
        description="A copy of everything the trip holds about you: your answers, votes, flags and suggestions, and your devices. Nothing about anyone else."
      >
        <div className="space-y-4">
          <DownloadMyData tripId={caller.trip.id} />
          <LeaveTrip tripId={caller.trip.id} isOrganizer={caller.isOrganizer} />
        </div>
      </Card>
    </div>
  );
}
