"use client";

import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";

/** Why a button can't work now and, when it will, from what time (in the viewer's own clock). */
export type Unavailable = { reason: string; until?: string | null };

/**
 * The line under a disabled button. When `until` passes, the page is read again so the
 * button comes back by itself (nobody has to reload to find out it works now).
 */
export function UnavailableNote({ id, unavailable }: { id: string; unavailable: Unavailable }) {
  const router = useRouter();
  const [at, setAt] = useState<string | null>(null);
  const { until } = unavailable;
  useEffect(() => {
    if (!until) return;
    const when = new Date(until);
    setAt(when.toLocaleTimeString([], { hour: "numeric", minute: "2-digit" }));
    const wait = when.getTime() - Date.now();
    // Timers past ~24 days overflow; a reset at midnight is well inside that.
    const timer = setTimeout(() => router.refresh(), Math.max(1_000, Math.min(wait + 1_000, 2 ** 31 - 1)));
    return () => clearTimeout(timer);
  }, [until, router]);
  return (
    <p id={id} className="max-w-prose text-xs text-amber-900">
      {unavailable.reason}
      {at ? ` Available again at ${at}.` : ""}
    </p>
  );
}
