"use client";

import { ChevronDown } from "lucide-react";
import { type ReactNode, useEffect, useState } from "react";
import { cardHeadingId } from "./card";

/**
 * A card that shows its title and a one-line summary, and opens on demand. On a phone a
 * long page is a column of these (the to-do and the ideas first); on a wide screen, where
 * there is room, they start open. Until the page is interactive it renders closed, so a phone
 * never flashes the long version; `defaultOpen` opens it everywhere (e.g. a member was asked
 * to look at it).
 */
export function CollapsibleCard({
  title,
  summary,
  description,
  children,
  defaultOpen = false,
  className = "",
}: {
  title: string;
  /** One line that says what is inside (a count, a range, the answer). */
  summary: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  defaultOpen?: boolean;
  className?: string;
}) {
  const headingId = cardHeadingId(title);
  const [open, setOpen] = useOpenOnWide(defaultOpen);
  // A link to the card (the to-do's "See the conflict", a section chip) opens it: on arrival
  // with the card in the address, and on a click (the router changes the hash without a hashchange).
  useEffect(() => {
    const target = `#${headingId}`;
    if (window.location.hash === target) setOpen(true);
    const onClick = (event: MouseEvent) => {
      const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
      if (link?.getAttribute("href")?.endsWith(target)) setOpen(true);
    };
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, [headingId, setOpen]);
  return (
    <section
      aria-labelledby={headingId}
      className={`rounded-2xl border border-slate-200 bg-white shadow-sm ${className}`}
    >
      <details open={open} onToggle={(event) => setOpen(event.currentTarget.open)} className="group">
        <summary className="flex cursor-pointer list-none items-start justify-between gap-2 px-4 py-2.5 sm:px-6 sm:pt-6 sm:pb-4 [&::-webkit-details-marker]:hidden">
          <div className="min-w-0">
            <h2 id={headingId} className="scroll-mt-16 text-base font-semibold text-slate-900">
              {title}
            </h2>
            <p className="mt-0.5 text-sm text-slate-700">{summary}</p>
          </div>
          <ChevronDown aria-hidden className="mt-1 size-4 shrink-0 text-slate-500 group-open:rotate-180" />
        </summary>
        <div className="px-4 pb-4 sm:px-6 sm:pb-6">
          {description ? <p className="mb-4 text-sm text-slate-600">{description}</p> : null}
          {children}
        </div>
      </details>
    </section>
  );
}

/** Wide enough to show every section open (Tailwind's `lg`). */
const WIDE = "(min-width: 1024px)";

/** A disclosure's open state: closed at first (a phone never renders the long version), opened on a wide screen. */
export function useOpenOnWide(defaultOpen = false): [boolean, (open: boolean) => void] {
  const [open, setOpen] = useState(defaultOpen);
  useEffect(() => {
    if (!defaultOpen && window.matchMedia(WIDE).matches) setOpen(true);
  }, [defaultOpen]);
  return [open, setOpen];
}

/** Any part of a page as a disclosure that is open on wide screens and a one-line summary on a phone. */
export function WideOpenDetails({
  summary,
  children,
  className = "",
}: {
  summary: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  const [open, setOpen] = useOpenOnWide();
  return (
    <details open={open} onToggle={(event) => setOpen(event.currentTarget.open)} className={`group ${className}`}>
      <summary className="flex cursor-pointer list-none items-start justify-between gap-2 [&::-webkit-details-marker]:hidden">
        <div className="min-w-0 flex-1">{summary}</div>
        <ChevronDown aria-hidden className="mt-1 size-4 shrink-0 text-slate-500 group-open:rotate-180" />
      </summary>
      {children}
    </details>
  );
}
