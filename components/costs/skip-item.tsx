"use client";

import { useState, useTransition } from "react";
import { optOutAction } from "@/app/actions";
import { Button } from "@/components/ui/button";
import { joinAnd } from "@/lib/format";

/**
 * "I'll skip it" under a plan item: the viewer takes no part in it (an expense linked to it then
 * splits among those who do), or counts themselves in again; who else skips it is shown to all.
 */
export function SkipItem({
  tripId,
  itemKey,
  itemTitle,
  skipping,
  others,
}: {
  tripId: string;
  itemKey: string;
  itemTitle: string;
  /** Whether the viewer skips it. */
  skipping: boolean;
  /** The names of the others who skip it. */
  others: string[];
}) {
  const [pending, start] = useTransition();
  const [error, setError] = useState<string | null>(null);
  const toggle = () =>
    start(async () => {
      const result = await optOutAction({ tripId, itemKey, optedOut: !skipping });
      setError(result.ok ? null : result.message);
    });
  const who = [...(skipping ? ["You"] : []), ...others];
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm">
      {who.length ? (
        <span className="text-slate-700" data-testid={`skipping-${itemKey}`}>
          {joinAnd(who)} {who.length === 1 && !skipping ? "skips" : "skip"} this.
        </span>
      ) : null}
      <Button
        variant="ghost"
        disabled={pending}
        aria-pressed={skipping}
        aria-label={skipping ? `Count me in again for ${itemTitle}` : `I'll skip ${itemTitle}`}
        onClick={toggle}
      >
        {skipping ? "Count me in again" : "I'll skip this"}
      </Button>
      {error ? (
        <p role="alert" className="w-full text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
