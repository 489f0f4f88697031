"use client";

import { Gavel } from "lucide-react";
import { useRouter } from "next/navigation";
import { type ReactNode, useState, useTransition } from "react";
import { clearDecisionAction, decideConflictAction } from "@/app/actions";
import { type MemberName, nameOf } from "@/components/dashboard/layout-math";
import { Button } from "@/components/ui/button";
import { FormMessage, TextField } from "@/components/ui/field";
import { formatDay, formatRange, joinAnd } from "@/lib/format";
import type { DecisionView } from "@/lib/schemas/decisions";
import { MAX_DECISION_NOTE } from "@/lib/schemas/decisions";
import type { CoverageWindow } from "@/lib/schemas/group-profile";

/**
 * The organizer's decisions on conflicts, as everyone sees them (who decided, when, and who
 * the decided dates leave out), and for the organizer the form to decide the dates when no
 * window suits everyone, or to withdraw a decision.
 */
export function Decisions({
  tripId,
  decisions,
  decided,
  proposal,
  members,
  isOrganizer,
  scopeSplit,
}: {
  tripId: string;
  decisions: DecisionView[];
  /** The decided window's coverage (who can make all of it). */
  decided: CoverageWindow | null;
  /** Without a decision and without dates that suit everyone: the window most can make, to start from. */
  proposal: { start: string; end: string } | null;
  members: MemberName[];
  isOrganizer: boolean;
  /** Some want to stay in their own country, some to go abroad, and nobody decided yet. */
  scopeSplit: boolean;
}) {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const dates = decisions.find((d) => d.kind === "dates");
  const scope = decisions.find((d) => d.kind === "scope");
  if (!dates && !scope && !(isOrganizer && (proposal || scopeSplit))) return null;
  const act = (call: () => Promise<{ ok: boolean; message?: string }>) =>
    startTransition(async () => {
      setError(null);
      const result = await call();
      if (!result.ok) setError(result.message ?? "That didn't work.");
      router.refresh();
    });

  return (
    <div className="mb-4 space-y-3">
      {error ? <FormMessage tone="error">{error}</FormMessage> : null}
      {dates?.kind === "dates" ? (
        <DecisionCard
          label="Decision on the dates"
          title={`Decided: plan for ${formatRange(dates.start, dates.end)}`}
          decision={dates}
          withdraw={isOrganizer ? () => act(() => clearDecisionAction({ tripId, kind: "dates" })) : null}
          pending={pending}
        >
          <p className="mt-1 text-sm text-slate-800">
            {decided && decided.missingIds.length > 0
              ? `${joinAnd(decided.missingIds.map((id) => nameOf(members, id)))} can't make all of it.`
              : "Everyone who answered can make all of it."}
            {dates.note ? ` “${dates.note}”` : ""}
          </p>
        </DecisionCard>
      ) : null}
      {isOrganizer && proposal && !dates ? <DecideDates tripId={tripId} proposal={proposal} /> : null}
      {scope?.kind === "scope" ? (
        <DecisionCard
          label="Decision on domestic or abroad"
          title={`Decided: ${scope.scope === "domestic" ? "a trip in our own country" : "a trip abroad"}`}
          decision={scope}
          after=" Ideas follow it, whatever each of us answered."
          withdraw={isOrganizer ? () => act(() => clearDecisionAction({ tripId, kind: "scope" })) : null}
          pending={pending}
        />
      ) : isOrganizer && scopeSplit ? (
        <div className="flex flex-wrap items-center gap-2 rounded-xl border border-slate-200 p-4 text-sm text-slate-800">
          <p className="w-full">Some want to stay in the country, some to go abroad. You can decide for the group:</p>
          {(["domestic", "international"] as const).map((choice) => (
            <Button
              key={choice}
              variant="secondary"
              disabled={pending}
              onClick={() =>
                act(() => decideConflictAction({ tripId, decision: { kind: "scope", scope: choice }, note: "" }))
              }
            >
              {choice === "domestic" ? "Go domestic" : "Go abroad"}
            </Button>
          ))}
        </div>
      ) : null}
    </div>
  );
}

/** A decision as everyone sees it: what was decided, by whom and when; the organizer can withdraw it. */
function DecisionCard({
  label,
  title,
  decision,
  after = "",
  withdraw,
  pending,
  children,
}: {
  label: string;
  title: string;
  decision: DecisionView;
  /** More after "Decided by … on …." */
  after?: string;
  withdraw: (() => void) | null;
  pending: boolean;
  children?: ReactNode;
}) {
  return (
    <div role="note" aria-label={label} className="rounded-xl border border-brand-100 bg-brand-50 p-4">
      <p className="flex items-center gap-2 text-sm font-semibold text-slate-900">
        <Gavel aria-hidden className="size-4" />
        {title}
      </p>
      {children}
      <p className="mt-1 text-xs text-slate-600">
        Decided by {decision.decidedBy} on {formatDay(decision.decidedAt.slice(0, 10))}.{after}
      </p>
      {withdraw ? (
        <Button variant="secondary" className="mt-2" disabled={pending} aria-busy={pending} onClick={withdraw}>
          Withdraw the decision
        </Button>
      ) : null}
    </div>
  );
}

function DecideDates({ tripId, proposal }: { tripId: string; proposal: { start: string; end: string } }) {
  const router = useRouter();
  const [values, setValues] = useState({ ...proposal, note: "" });
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [pending, startTransition] = useTransition();
  return (
    <form
      aria-label="Decide the dates"
      className="space-y-3 rounded-xl border border-slate-200 p-4"
      onSubmit={(event) => {
        event.preventDefault();
        startTransition(async () => {
          setErrors({});
          const result = await decideConflictAction({
            tripId,
            decision: { kind: "dates", start: values.start, end: values.end },
            note: values.note,
          });
          if (!result.ok) setErrors({ form: result.message, ...result.fieldErrors });
          router.refresh();
        });
      }}
    >
      <p className="text-sm text-slate-800">
        No dates suit everyone. You can decide the dates the group plans for; everyone sees who they leave out.
      </p>
      {errors.form ? <FormMessage tone="error">{errors.form}</FormMessage> : null}
      <div className="flex flex-wrap items-end gap-3">
        <TextField
          label="First day"
          name="decision-start"
          type="date"
          required
          value={values.start}
          onChange={(e) => setValues((v) => ({ ...v, start: e.target.value }))}
          error={errors["decision.start"]}
        />
        <TextField
          label="Last day"
          name="decision-end"
          type="date"
          required
          min={values.start || undefined}
          value={values.end}
          onChange={(e) => setValues((v) => ({ ...v, end: e.target.value }))}
          error={errors["decision.end"]}
        />
      </div>
      <TextField
        label="Note for the group (optional)"
        name="decision-note"
        maxLength={MAX_DECISION_NOTE}
        placeholder="Kim joins for the last 3 days"
        value={values.note}
        onChange={(e) => setValues((v) => ({ ...v, note: e.target.value }))}
        error={errors.note}
      />
      <Button type="submit" disabled={pending} aria-busy={pending}>
        {pending ? "Saving…" : "Plan for these dates"}
      </Button>
    </form>
  );
}
