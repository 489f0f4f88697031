"use client";

import { CheckCircle2, History, Lock, RefreshCw, Sparkles, Undo2 } from "lucide-react";
import { useRouter } from "next/navigation";
import { useId, useTransition } from "react";
import {
  finalizePlanAction,
  generateItineraryAction,
  regenerateItineraryAction,
  reopenDestinationAction,
  reopenPlanAction,
  replanWithNewAnswersAction,
  restoreItineraryAction,
} from "@/app/actions";
import { settleResult, useActionError } from "@/components/ui/action-error";
import { Button } from "@/components/ui/button";
import { FormMessage } from "@/components/ui/field";
import { type Unavailable, UnavailableNote } from "@/components/ui/unavailable-note";

/** The organizer's plan-wide actions: what each one calls, its icon and, for the drastic ones, what to confirm. */
const DOES = {
  generate: { act: generateItineraryAction, icon: Sparkles, confirm: null },
  regenerate: { act: regenerateItineraryAction, icon: RefreshCw, confirm: null },
  replan: { act: replanWithNewAnswersAction, icon: RefreshCw, confirm: null },
  finalize: {
    act: finalizePlanAction,
    icon: Lock,
    confirm: "Finalize this plan? Flags, suggestions and regenerations stop until you reopen it.",
  },
  reopen: {
    act: reopenPlanAction,
    icon: Undo2,
    confirm: "Reopen the plan? The group can flag and suggest again; the share page shows it as a draft.",
  },
  restore: {
    act: restoreItineraryAction,
    icon: History,
    confirm: "Make this version the current plan again?",
    // It has items under members' flags: the server says which; yes restores and lifts those flags.
    confirmAgain: { code: "conflict:restore-flagged", field: "liftFlags" },
  },
  reopenDestination: {
    act: reopenDestinationAction,
    icon: CheckCircle2,
    confirm: "Go back to choosing a destination? The plan and its versions are kept.",
  },
} as const;

export type PlanDoes = keyof typeof DOES;

/**
 * One plan action as a button: disabled while it runs, the server's refusal shown beside
 * it in words ("There are no open flags…"). A button that can't work now (`unavailable`)
 * is disabled with the reason and, when known, the time it will work. Success re-renders
 * the page (the action revalidates it, and the live channel tells every other member's tab)
 * and clears every earlier error on the page.
 */
export function PlanButton({
  does,
  input,
  label,
  pendingLabel = "Working…",
  variant = "secondary",
  thenGo,
  unavailable,
}: {
  does: PlanDoes;
  input: Record<string, unknown>;
  label: string;
  pendingLabel?: string;
  variant?: "primary" | "secondary" | "ghost";
  /** Where to go once it worked (e.g. from an earlier version back to the current plan). */
  thenGo?: string;
  /** Why it can't work now; the button is disabled and says so. */
  unavailable?: Unavailable | null;
}) {
  const router = useRouter();
  const noteId = useId();
  const [error, setError] = useActionError();
  const [pending, startTransition] = useTransition();
  const { act, icon: Icon, confirm } = DOES[does];
  const again =
    "confirmAgain" in DOES[does]
      ? (DOES[does] as { confirmAgain: { code: string; field: string } }).confirmAgain
      : null;
  return (
    <div className="space-y-2">
      <Button
        variant={variant}
        disabled={pending || Boolean(unavailable)}
        aria-busy={pending}
        aria-describedby={unavailable ? noteId : undefined}
        onClick={() => {
          if (confirm && !window.confirm(confirm)) return;
          startTransition(async () => {
            setError(null);
            let result = await act(input);
            // Refused until the organizer agrees to what it would also do (the message says what).
            if (!result.ok && again && result.code === again.code && window.confirm(`${result.message} Go ahead?`))
              result = await act({ ...input, [again.field]: true });
            settleResult(result, setError);
            if (result.ok && thenGo) router.push(thenGo);
            else router.refresh();
          });
        }}
      >
        <Icon aria-hidden className="size-4" />
        {pending ? pendingLabel : label}
      </Button>
      {unavailable ? <UnavailableNote id={noteId} unavailable={unavailable} /> : null}
      {error ? <FormMessage tone="error">{error}</FormMessage> : null}
    </div>
  );
}
