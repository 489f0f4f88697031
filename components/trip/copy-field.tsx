"use client";

import { Check, Copy } from "lucide-react";
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";

/**
 * A read-only link with a copy button. `path` is made absolute with the page's own origin;
 * `value` (a token, a header) is shown and copied as it is.
 */
export function CopyField({
  label,
  path = "",
  value,
  origin: serverOrigin = "",
}: {
  label: string;
  path?: string;
  value?: string;
  /** The site's address as the server knows it, so the link is whole before the page is interactive. */
  origin?: string;
}) {
  const [origin, setOrigin] = useState(serverOrigin);
  const [copied, setCopied] = useState(false);
  useEffect(() => setOrigin(window.location.origin), []);
  const url = value ?? `${origin}${path}`;
  const id = `copy-${label.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;

  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
    } catch {
      // Clipboard can be unavailable (http, permissions): select the text so Ctrl+C works.
      (document.getElementById(id) as HTMLInputElement | null)?.select();
    }
    setCopied(true);
    setTimeout(() => setCopied(false), 2000);
  }

  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <div className="mt-1 flex gap-2">
        {/* A textarea so the whole link wraps and can be read, not cut off at the box's edge. */}
        <textarea
          id={id}
          readOnly
          rows={2}
          value={url}
          onFocus={(e) => e.currentTarget.select()}
          className="min-w-0 flex-1 resize-none break-all rounded-lg border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-xs text-slate-800"
        />
        <Button variant="secondary" onClick={copy} aria-label={`Copy ${label.toLowerCase()}`}>
          {copied ? <Check aria-hidden className="size-4" /> : <Copy aria-hidden className="size-4" />}
          <span className="hidden sm:inline">{copied ? "Copied" : "Copy"}</span>
        </Button>
      </div>
      <p aria-live="polite" className="sr-only">
        {copied ? `${label} copied` : ""}
      </p>
    </div>
  );
}
