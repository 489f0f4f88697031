"use client";

import { CheckCircle2, Clock, Crown, KeyRound, X } from "lucide-react";
import { useState, useTransition } from "react";
import { createHelpLinkAction, removeMemberAction, revokeDeviceAction } from "@/app/actions";
import { Button } from "@/components/ui/button";
import { FormMessage } from "@/components/ui/field";
import type { DashboardView } from "@/lib/views/dashboard";
import type { DeviceRow } from "@/lib/views/devices";
import { CopyField } from "./copy-field";

export function MemberList({
  tripId,
  members,
  viewerId,
  canRemove,
  devices,
}: {
  tripId: string;
  members: DashboardView["members"];
  viewerId: string;
  canRemove: boolean;
  /** Organizer only: every member's signed-in devices. */
  devices?: DeviceRow[];
}) {
  const [error, setError] = useState<string | null>(null);
  const [issued, setIssued] = useState<{ memberId: string; name: string; path: string } | null>(null);
  const [pending, startTransition] = useTransition();
  const responded = members.filter((m) => m.responded).length;

  function remove(member: { id: string; name: string }) {
    if (!window.confirm(`Remove ${member.name} and their answers from this trip?`)) return;
    startTransition(async () => {
      const result = await removeMemberAction(tripId, member.id);
      setError(result.ok ? null : result.message);
    });
  }

  function helpBackIn(member: { id: string; name: string }) {
    startTransition(async () => {
      const result = await createHelpLinkAction(tripId, member.id);
      if (result.ok) setIssued({ memberId: member.id, name: result.data.memberName, path: result.data.helpPath });
      setError(result.ok ? null : result.message);
    });
  }

  function revoke(member: { name: string }, device: DeviceRow) {
    if (!window.confirm(`Sign ${member.name}'s “${device.label}” out of this trip?`)) return;
    startTransition(async () => {
      const result = await revokeDeviceAction(tripId, device.id);
      setError(result.ok ? null : result.message);
    });
  }

  return (
    <div>
      <p className="mb-3 text-sm text-slate-700">
        {responded} of {members.length} have shared their preferences.
      </p>
      {error ? <FormMessage tone="error">{error}</FormMessage> : null}
      <ul className="divide-y divide-slate-100" aria-label="Members">
        {members.map((m) => (
          <li key={m.id} className="py-2">
            <div className="flex items-center justify-between gap-2">
              <span className="flex min-w-0 items-center gap-2">
                {m.role === "organizer" ? (
                  <Crown aria-label="Organizer" className="size-4 shrink-0 text-amber-600" />
                ) : null}
                <span className="min-w-0">
                  <span className="block truncate font-medium text-slate-900">
                    {m.name}
                    {m.id === viewerId ? <span className="font-normal text-slate-600"> (you)</span> : null}
                  </span>
                  {/* A space of its own, so the name is a word apart from the note in the row's text. */}
                  {m.homeNote ? " " : null}
                  {m.homeNote ? (
                    <span className="block text-xs text-amber-800">
                      {m.homeNote === "unconfirmed"
                        ? "Home not confirmed: travel not included"
                        : "No home given: travel not included"}
                    </span>
                  ) : null}
                  {m.startedOver ? " " : null}
                  {m.startedOver ? <span className="block text-xs text-slate-600">{m.startedOver}</span> : null}
                </span>
              </span>
              <span className="flex items-center gap-2">
                {m.responded ? (
                  <span className="inline-flex items-center gap-1 text-sm text-emerald-800">
                    <CheckCircle2 aria-hidden className="size-4" /> Responded
                  </span>
                ) : (
                  <span className="inline-flex items-center gap-1 text-sm text-slate-600">
                    <Clock aria-hidden className="size-4" /> Pending
                  </span>
                )}
                {canRemove && m.role !== "organizer" ? (
                  <button
                    type="button"
                    onClick={() => remove(m)}
                    disabled={pending}
                    aria-label={`Remove ${m.name}`}
                    className="rounded p-1 text-slate-500 hover:bg-red-50 hover:text-red-700"
                  >
                    <X aria-hidden className="size-4" />
                  </button>
                ) : null}
              </span>
            </div>
            {devices ? (
              <MemberDevices
                member={m}
                devices={devices.filter((d) => d.memberId === m.id)}
                issuedPath={issued?.memberId === m.id ? issued.path : null}
                pending={pending}
                canHelp={m.id !== viewerId}
                onHelp={() => helpBackIn(m)}
                onRevoke={(d) => revoke(m, d)}
              />
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * Organizer view of one member's devices: how many, how each was added and when last seen,
 * revoke one, and a help link for a member who lost theirs (it signs in a device that must
 * still prove it is the member's: lib/actions/device-proof.ts).
 */
function MemberDevices({
  member,
  devices,
  issuedPath,
  pending,
  canHelp,
  onHelp,
  onRevoke,
}: {
  member: { id: string; name: string };
  devices: DeviceRow[];
  issuedPath: string | null;
  pending: boolean;
  canHelp: boolean;
  onHelp(): void;
  onRevoke(device: DeviceRow): void;
}) {
  // The most recently seen device says when the member was last around.
  const latest = devices.find((d) => d.isThisDevice) ?? [...devices].sort((a, b) => b.lastSeenMs - a.lastSeenMs)[0];
  const summary =
    devices.length === 0
      ? "Not signed in on any device"
      : `${devices.length} ${devices.length === 1 ? "device" : "devices"}${latest ? ` · ${latest.isThisDevice ? "this device" : latest.lastSeen}` : ""}`;
  return (
    <div className="mt-1 pl-6 text-sm text-slate-600">
      <details>
        <summary className="cursor-pointer">
          {summary}
          <span className="sr-only"> for {member.name}</span>
        </summary>
        <ul className="mt-1 space-y-1" aria-label={`${member.name}'s devices`}>
          {devices.map((d) => (
            <li key={d.id} className="flex items-center justify-between gap-2">
              <span>
                {d.label} · {d.isThisDevice ? "this device" : d.lastSeen}
                <span className="block text-xs text-slate-500">{d.added}</span>
              </span>
              {d.isThisDevice ? null : (
                <Button
                  variant="ghost"
                  onClick={() => onRevoke(d)}
                  disabled={pending}
                  aria-label={`Revoke ${member.name}'s ${d.label}`}
                >
                  Revoke
                </Button>
              )}
            </li>
          ))}
        </ul>
        {canHelp ? (
          <div className="mt-2">
            <Button variant="ghost" onClick={onHelp} disabled={pending} aria-label={`Help ${member.name} sign back in`}>
              <KeyRound aria-hidden className="size-4" /> Help them sign back in
            </Button>
          </div>
        ) : null}
      </details>
      {issuedPath ? (
        <div className="mt-2 space-y-1">
          <CopyField label={`Sign-in help link for ${member.name}`} path={issuedPath} />
          <p className="text-xs text-slate-600">
            Send it to {member.name}. It works once, within a day. The device it opens on must confirm it's{" "}
            {member.name} with the home town they entered, or start over with their answers erased: it doesn't let you
            see or change their answers. {member.name} sees how it was added on their devices list.
          </p>
        </div>
      ) : null}
    </div>
  );
}
