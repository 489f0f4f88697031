"use client";

import { ExternalLink, Link2, Link2Off, RefreshCw } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { createShareLinkAction, revokeShareLinkAction } from "@/app/actions";
import { CopyField } from "@/components/trip/copy-field";
import { Button } from "@/components/ui/button";
import { FormMessage } from "@/components/ui/field";

export type ShareLinkState =
  | { state: "none" }
  | { state: "here"; path: string }
  | { state: "elsewhere"; createdOn: string | null };

/**
 * The organizer's share link: make it, copy it, replace it (the old one stops working) or
 * turn it off. Only a fingerprint of the link is stored, so the link itself can be shown
 * again only in the browser that made it.
 */
export function ShareLinkCard({ tripId, link, final }: { tripId: string; link: ShareLinkState; final: boolean }) {
  const router = useRouter();
  const [message, setMessage] = useState<{ tone: "error" | "success"; text: string } | null>(null);
  const [pending, startTransition] = useTransition();

  function act(kind: "create" | "rotate" | "revoke") {
    if (kind === "rotate" && !window.confirm("Make a new share link? The current link will stop working for everyone."))
      return;
    if (kind === "revoke" && !window.confirm("Turn the share link off? Anyone who has it will no longer see the plan."))
      return;
    startTransition(async () => {
      setMessage(null);
      const result =
        kind === "revoke" ? await revokeShareLinkAction({ tripId }) : await createShareLinkAction({ tripId });
      if (!result.ok) {
        setMessage({ tone: "error", text: result.message });
        return;
      }
      setMessage({
        tone: "success",
        text:
          kind === "revoke"
            ? "The share link is off."
            : kind === "rotate"
              ? "New link ready; the old one no longer works."
              : "Share link ready.",
      });
      router.refresh();
    });
  }

  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-700">
        Anyone with the link can read the plan, print it and add it to their calendar, without joining. It shows no
        names, home cities, budgets, diets or notes: only the plan, the group's size and the per-person range.
        {final ? "" : " Until you finalize, the page is marked as a draft."}
      </p>
      {message ? <FormMessage tone={message.tone}>{message.text}</FormMessage> : null}
      {link.state === "here" ? (
        <div className="space-y-2">
          <CopyField label="Share link" path={link.path} />
          <a
            href={link.path}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 underline"
          >
            Open the shared page
            <ExternalLink aria-hidden className="size-3.5" />
            <span className="sr-only">(opens in a new tab)</span>
          </a>
        </div>
      ) : link.state === "elsewhere" ? (
        <p className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700">
          A share link is on{link.createdOn ? ` (made ${link.createdOn})` : ""}, but it was made in another browser. We
          keep only a fingerprint of it, so it can't be shown here: make a new one to copy it here (the old one then
          stops working), or turn it off.
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {link.state === "none" ? (
          <Button onClick={() => act("create")} disabled={pending} aria-busy={pending}>
            <Link2 aria-hidden className="size-4" />
            {pending ? "Making the link…" : "Create a share link"}
          </Button>
        ) : (
          <>
            <Button variant="secondary" onClick={() => act("rotate")} disabled={pending} aria-busy={pending}>
              <RefreshCw aria-hidden className="size-4" />
              Make a new link
            </Button>
            <Button variant="ghost" onClick={() => act("revoke")} disabled={pending}>
              <Link2Off aria-hidden className="size-4" />
              Turn the link off
            </Button>
          </>
        )}
      </div>
    </div>
  );
}
