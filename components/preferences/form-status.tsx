import Link from "next/link";
import type { RefObject } from "react";
import { Button } from "@/components/ui/button";
import { FormMessage } from "@/components/ui/field";
import type { FieldErrors } from "@/lib/errors";
import { type Draft, fieldId } from "./draft";

export type Status =
  | { kind: "idle" }
  | { kind: "saved" }
  | { kind: "error"; message: string }
  | { kind: "stale"; message: string };

/**
 * The top of the form: saved, an error summary linking to each field, a save that lost to
 * another tab (answers kept, one click to load the latest), or answers kept from such a save
 * offered back. Focus moves here after each save so a screen reader hears the outcome.
 */
export function FormStatus({
  summaryRef,
  tripId,
  status,
  errors,
  kept,
  sameAsKept,
  onKeepForReload,
  onUseKept,
  onDiscardKept,
}: {
  summaryRef: RefObject<HTMLDivElement | null>;
  tripId: string;
  status: Status;
  errors: FieldErrors;
  kept: Draft | null;
  sameAsKept: boolean;
  onKeepForReload: () => void;
  onUseKept: () => void;
  onDiscardKept: () => void;
}) {
  const errorList = Object.entries(errors);
  return (
    <div ref={summaryRef} tabIndex={-1} className="outline-none">
      {status.kind === "saved" ? (
        <FormMessage tone="success">
          Saved. Your answers are now part of the group's snapshot.{" "}
          <Link href={`/trips/${tripId}`} className="font-medium underline">
            See the dashboard
          </Link>
        </FormMessage>
      ) : status.kind === "stale" ? (
        <FormMessage tone="error">
          <p>{status.message}</p>
          <p className="mt-1">
            Your answers are kept: load the latest version, and you can put yours back with one click.
          </p>
          <Button variant="secondary" className="mt-2" onClick={onKeepForReload}>
            Load the latest version
          </Button>
        </FormMessage>
      ) : kept ? (
        <FormMessage tone="info">
          <p>
            This is the latest saved version (from your other tab or device). The answers you were typing are kept
            {sameAsKept ? ", and they are the same as these." : "."}
          </p>
          <div className="mt-2 flex flex-wrap gap-2">
            <Button variant="secondary" onClick={onUseKept}>
              Use my answers instead
            </Button>
            <Button variant="ghost" onClick={onDiscardKept}>
              Keep the saved version
            </Button>
          </div>
        </FormMessage>
      ) : status.kind === "error" ? (
        <FormMessage tone="error">
          <p className="font-medium">{status.message}</p>
          {errorList.length > 0 ? (
            <ul className="mt-1 list-disc pl-5">
              {errorList.map(([path, message]) => (
                <li key={path}>
                  <a href={`#${fieldId(path)}`} className="underline">
                    {describePath(path)}: {message}
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </FormMessage>
      ) : null}
    </div>
  );
}

const PATH_LABELS: Record<string, string> = {
  "dates.windows": "Dates",
  "tripLength.minDays": "Shortest trip",
  "tripLength.maxDays": "Longest trip",
  "budget.min": "Budget minimum",
  "budget.max": "Budget maximum",
  "budget.currency": "Budget currency",
  origin: "Travelling from",
  suggestedPlace: "A place you'd love to go",
  notes: "Notes",
};

function describePath(path: string): string {
  const window = /^dates\.windows\.(\d+)\.(start|end)$/.exec(path);
  if (window) return `Dates option ${Number(window[1]) + 1} (${window[2] === "start" ? "from" : "to"})`;
  const tag = /^(hardNos|mustHaves)/.exec(path);
  if (tag) return tag[1] === "hardNos" ? "Hard no's" : "Must-haves";
  return PATH_LABELS[path] ?? path;
}
