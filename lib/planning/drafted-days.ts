import type { ItineraryDay } from "@/lib/schemas/itinerary";

/**
 * The days of a plan run as first drafted, before its checks, read from its progress rows
 * (a first-round draft step's finished row carries its day: lib/pipeline/itinerary.ts).
 * The live channel and a mid-run render of the plan page both read them here.
 */

type Row = { stepId: string; stage: string; kind: string };

/** A first-round draft step that finished: its row carries the day it drafted. */
export function isDraftedDay({ stepId, stage, kind }: Row): boolean {
  return stage === "draft" && stepId.startsWith("draft:") && (kind === "finished" || kind === "degraded");
}

/** The drafted days among `rows`, in day order (a later row for the same day wins). */
export function draftedDays(rows: (Row & { detail: { day?: ItineraryDay } | null })[]): ItineraryDay[] {
  const byDay = new Map<number, ItineraryDay>();
  for (const row of rows) if (isDraftedDay(row) && row.detail?.day) byDay.set(row.detail.day.day, row.detail.day);
  return [...byDay.values()].sort((a, b) => a.day - b.day);
}

/** `days` with `day` added, or in place of the same day heard before, in day order. */
export function withDraftedDay(days: ItineraryDay[], day: ItineraryDay): ItineraryDay[] {
  return [...days.filter((d) => d.day !== day.day), day].sort((a, b) => a.day - b.day);
}
