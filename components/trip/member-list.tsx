"use client";

import { CheckCircle2, Clock, Crown, X } from "lucide-react";
import { useState, useTransition } from "react";
import { removeMemberAction } from "@/app/actions";
import { FormMessage } from "@/components/ui/field";
import type { DashboardView } from "@/lib/dashboard";

export function MemberList({
  tripId,
  members,
  viewerId,
  canRemove,
}: {
  tripId: string;
  members: DashboardView["members"];
  viewerId: string;
  canRemove: boolean;
}) {
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const responded = members.filter((m) => m.responded).length;

  function remove(member: { id: string; name: string }) {
    if (!window.confirm(`Remove ${member.name} and their answers from this trip?`)) return;
    startTransition(async () => {
      const result = await removeMemberAction(tripId, member.id);
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
          <li key={m.id} className="flex items-center justify-between gap-2 py-2">
            <span className="flex min-w-0 items-center gap-2">
              {m.role === "organizer" ? (
                <Crown aria-label="Organizer" className="size-4 shrink-0 text-amber-600" />
              ) : null}
              <span className="truncate font-medium text-slate-900">
                {m.name}
                {m.id === viewerId ? <span className="font-normal text-slate-600"> (you)</span> : null}
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
          </li>
        ))}
      </ul>
    </div>
  );
}
