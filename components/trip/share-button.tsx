"use client";

import { Share2 } from "lucide-react";
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";

/** The phone's own share sheet for a link, where the browser has one (nothing otherwise: the copy button is there). */
export function ShareButton({ path, title, text }: { path: string; title: string; text: string }) {
  const [canShare, setCanShare] = useState(false);
  useEffect(() => setCanShare(typeof navigator.share === "function"), []);
  if (!canShare) return null;
  return (
    <Button
      variant="secondary"
      onClick={() => {
        // Cancelling the sheet rejects; nothing to report.
        navigator.share({ title, text, url: `${window.location.origin}${path}` }).catch(() => {});
      }}
    >
      <Share2 aria-hidden className="size-4" />
      Share…
    </Button>
  );
}
