"use client";

import { useEffect, useState } from "react";

/**
 * An action's error message that goes away once any later action on the page works: a
 * refusal from ten minutes ago ("try again in about 6 minutes") must not sit beside a plan
 * that has since been regenerated. Every action control reports its successes here.
 */
const listeners = new Set<() => void>();

export function reportActionSuccess(): void {
  for (const listener of listeners) listener();
}

export function useActionError(): [string | null, (message: string | null) => void] {
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    const clear = () => setError(null);
    listeners.add(clear);
    return () => {
      listeners.delete(clear);
    };
  }, []);
  return [error, setError];
}

/** Settles an action's result into the error slot: its message on failure, and a success clears every slot. */
export function settleResult(result: { ok: boolean; message?: string }, setError: (message: string | null) => void) {
  if (result.ok) reportActionSuccess();
  else setError(result.message ?? "Something went wrong. Please try again.");
}
