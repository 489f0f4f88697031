"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { inputClasses } from "@/components/ui/field";
import type { ToolView } from "./tool-result";

/** What an approval card says the tool will do, from its input (the words come from us, not the model). */
function whatItDoes(tool: ToolView): string {
  const input = tool.input ?? {};
  switch (tool.name) {
    case "addContextEntry":
      return `Add to "What we've agreed": ${String(input.text ?? "")}`;
    case "deleteContextEntry":
      return `Delete an entry from "What we've agreed".`;
    case "deleteTrip":
      return "Delete this trip for everyone: every answer, vote, plan and conversation. This can't be undone.";
    case "generateRecommendations":
      return "Start destination recommendations for the group.";
    case "generateItinerary":
      return "Plan the trip day by day for the chosen destination and dates.";
    case "regenerateItinerary":
      return "Make a new version of the plan that answers the group's open flags and suggestions.";
    case "replanWithNewAnswers":
      return "Plan the days again with everyone's current answers.";
    default:
      return tool.name.replaceAll("_", " ");
  }
}

/** The person's yes or no to a tool that needs it; deleting the trip needs its name typed here. */
export function ApprovalCard({
  tool,
  reason,
  tripName,
  disabled,
  onAnswer,
}: {
  tool: ToolView;
  reason?: string;
  tripName: string;
  disabled: boolean;
  onAnswer(approved: boolean, confirmName?: string): void;
}) {
  const [typed, setTyped] = useState("");
  const needsName = tool.name === "deleteTrip";
  const headingId = `approval-${tool.name}`;
  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-amber-300 bg-amber-50 p-3">
      <h3 id={headingId} className="text-sm font-semibold text-slate-900">
        Approve this?
      </h3>
      <p className="mt-1 text-sm text-slate-800">{whatItDoes(tool)}</p>
      {reason && reason !== whatItDoes(tool) ? <p className="mt-1 text-xs text-slate-600">{reason}</p> : null}
      {needsName ? (
        <div className="mt-2">
          <label htmlFor="confirm-trip-name" className="block text-sm font-medium text-slate-800">
            Type the trip's name to delete it: {tripName}
          </label>
          <input
            id="confirm-trip-name"
            className={inputClasses(false)}
            value={typed}
            autoComplete="off"
            onChange={(e) => setTyped(e.target.value)}
          />
        </div>
      ) : null}
      <div className="mt-3 flex gap-2">
        <Button
          variant={tool.name.startsWith("delete") ? "danger" : "primary"}
          disabled={disabled || (needsName && typed.trim() !== tripName)}
          onClick={() => onAnswer(true, needsName ? typed.trim() : undefined)}
        >
          Approve
        </Button>
        <Button variant="secondary" disabled={disabled} onClick={() => onAnswer(false)}>
          Decline
        </Button>
      </div>
    </section>
  );
}

/** The assistant's question when something is missing: why, and likely answers to pick. */
export function ClarificationCard({
  tool,
  disabled,
  onPick,
}: {
  tool: ToolView;
  disabled: boolean;
  onPick(choice: string): void;
}) {
  const { question, why, choices } = (tool.input ?? {}) as { question?: string; why?: string; choices?: string[] };
  const answered = tool.state === "output-available";
  return (
    <section aria-label="The assistant asks" className="rounded-xl border border-brand-100 bg-brand-50 p-3">
      <p className="text-sm font-medium text-slate-900">{question}</p>
      {why ? <p className="mt-1 text-xs text-slate-600">{why}</p> : null}
      {!answered && choices?.length ? (
        <div className="mt-2 flex flex-wrap gap-2">
          {choices.map((choice) => (
            <Button key={choice} variant="secondary" disabled={disabled} onClick={() => onPick(choice)}>
              {choice}
            </Button>
          ))}
        </div>
      ) : null}
    </section>
  );
}
