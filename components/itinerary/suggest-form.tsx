"use client";

import { Plus } from "lucide-react";
import { useRouter } from "next/navigation";
import { useId, useState, useTransition } from "react";
import { suggestAdditionAction } from "@/app/actions";
import { newWriteKey, sendOrKeep } from "@/components/offline/outbox";
import { reportActionSuccess } from "@/components/ui/action-error";
import { Button } from "@/components/ui/button";
import { FieldError, FormMessage, inputClasses } from "@/components/ui/field";
import { formatUsd } from "@/lib/format";
import { MAX_FEEDBACK_TEXT } from "@/lib/schemas/itinerary";

/**
 * Suggest an addition: one of the destination's activities that suits everyone (the list
 * is already filtered by the group's hard constraints), or something in the member's own
 * words. The next regeneration weighs it; the text stays until the server accepts it.
 */
export function SuggestForm({
  tripId,
  version,
  activities,
}: {
  tripId: string;
  version: number;
  activities: { id: string; title: string; area: string; costUsd: number }[];
}) {
  const router = useRouter();
  const id = useId();
  const [activityId, setActivityId] = useState("");
  const [text, setText] = useState("");
  const [errors, setErrors] = useState<{ form?: string; text?: string }>({});
  const [sent, setSent] = useState<"sent" | "kept" | null>(null);
  const [pending, startTransition] = useTransition();
  // One key per suggestion, however often it is sent; a new one once it is sent or kept.
  const [clientKey, setClientKey] = useState(newWriteKey);

  function submit(event: React.FormEvent) {
    event.preventDefault();
    startTransition(async () => {
      setErrors({});
      setSent(null);
      const input = { tripId, version, activityId: activityId || null, text, clientKey };
      const picked = activities.find((a) => a.id === activityId);
      const result = await sendOrKeep(
        {
          key: clientKey,
          tripId,
          kind: "suggestion",
          input,
          summary: picked ? `Suggestion: ${picked.title}` : "Suggestion",
          text,
        },
        () => suggestAdditionAction(input),
      );
      if (result === "kept") {
        setActivityId("");
        setText("");
        setSent("kept");
        setClientKey(newWriteKey());
        return;
      }
      if (result.ok) {
        reportActionSuccess();
        setActivityId("");
        setText("");
        setSent("sent");
        setClientKey(newWriteKey());
      } else {
        setErrors({ form: result.message, text: result.fieldErrors?.text });
      }
      router.refresh();
    });
  }

  return (
    <form onSubmit={submit} data-works-offline className="space-y-3" aria-label="Suggest an addition">
      {activities.length > 0 ? (
        <div>
          <label htmlFor={`${id}-activity`} className="block text-sm font-medium text-slate-800">
            Something from the list
          </label>
          <select
            id={`${id}-activity`}
            value={activityId}
            onChange={(e) => setActivityId(e.target.value)}
            className={inputClasses(false)}
          >
            <option value="">— None, I'll describe it —</option>
            {activities.map((a) => (
              <option key={a.id} value={a.id}>
                {a.title} · {a.area} · {a.costUsd === 0 ? "free" : formatUsd(a.costUsd)}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <div>
        <label htmlFor={`${id}-text`} className="block text-sm font-medium text-slate-800">
          {activityId ? "Why (optional)" : "What would you add?"}
        </label>
        <textarea
          id={`${id}-text`}
          value={text}
          rows={2}
          maxLength={MAX_FEEDBACK_TEXT}
          onChange={(e) => setText(e.target.value)}
          aria-invalid={errors.text ? true : undefined}
          aria-describedby={errors.text ? `${id}-text-error` : undefined}
          className={inputClasses(Boolean(errors.text))}
          placeholder="e.g. a cooking class one evening"
        />
        <FieldError id={`${id}-text-error`} message={errors.text} />
      </div>
      {errors.form && !errors.text ? <FormMessage tone="error">{errors.form}</FormMessage> : null}
      {sent === "sent" ? (
        <FormMessage tone="success">Thanks — the organizer will see it when they regenerate.</FormMessage>
      ) : sent === "kept" ? (
        <FormMessage tone="success">Kept on this phone: it's sent when you're back online.</FormMessage>
      ) : null}
      <Button type="submit" variant="secondary" disabled={pending} aria-busy={pending}>
        <Plus aria-hidden className="size-4" />
        {pending ? "Sending…" : "Suggest it"}
      </Button>
    </form>
  );
}
