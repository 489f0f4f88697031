"use client";

import { Mail } from "lucide-react";
import { useId, useState, useTransition } from "react";
import { saveNotificationSettingsAction } from "@/app/actions";
import { Button } from "@/components/ui/button";
import { FieldError, FormMessage, inputClasses } from "@/components/ui/field";
import {
  type MyNotificationSettings,
  NOTIFICATION_TOPICS,
  type NotificationTopic,
  TOPIC_LABELS,
} from "@/lib/schemas/notifications";

/**
 * The member's own email notifications: an optional address (only they see it) and what
 * they want to hear about. A plain form: labels, fieldset, Enter submits; the outcome is
 * announced (status or alert) and a bad address is marked on its field.
 */
export function NotificationSettings({ tripId, initial }: { tripId: string; initial: MyNotificationSettings }) {
  const id = useId();
  const [email, setEmail] = useState(initial.email ?? "");
  const [topics, setTopics] = useState<NotificationTopic[]>(initial.email ? initial.topics : [...NOTIFICATION_TOPICS]);
  const [saved, setSaved] = useState<MyNotificationSettings>(initial);
  const [message, setMessage] = useState<{ tone: "error" | "success"; text: string } | null>(null);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [pending, startTransition] = useTransition();

  const toggle = (topic: NotificationTopic, on: boolean) =>
    setTopics((current) => (on ? [...new Set([...current, topic])] : current.filter((t) => t !== topic)));

  return (
    <form
      aria-label="Email notifications"
      className="space-y-4"
      // The server's message for a bad address is the one shown (and announced), in every browser.
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        startTransition(async () => {
          setMessage(null);
          setFieldError(undefined);
          const result = await saveNotificationSettingsAction({ tripId, email, topics });
          if (!result.ok) {
            setFieldError(result.fieldErrors?.email);
            setMessage({
              tone: "error",
              text: result.fieldErrors?.email ? "Check the address and save again." : result.message,
            });
            return;
          }
          setSaved(result.data);
          if (!result.data.email) setTopics([...NOTIFICATION_TOPICS]);
          setMessage({
            tone: "success",
            text: !result.data.email
              ? "Saved: no emails, and your address is removed."
              : result.data.topics.length
                ? `Saved: we'll email ${result.data.email} (at most once every 15 minutes).`
                : "Saved: your address is kept, but you chose nothing to hear about.",
          });
        });
      }}
    >
      <div>
        <label htmlFor={`${id}-email`} className="block text-sm font-medium text-slate-800">
          Your email address <span className="font-normal text-slate-600">(optional)</span>
        </label>
        <p id={`${id}-hint`} className="mt-0.5 text-xs text-slate-600">
          Only you see it: not the organizer, not the group. Leave it empty for no emails.
        </p>
        <input
          id={`${id}-email`}
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={[`${id}-hint`, fieldError ? `${id}-email-error` : null].filter(Boolean).join(" ")}
          className={inputClasses(Boolean(fieldError))}
        />
        <FieldError id={`${id}-email-error`} message={fieldError} />
      </div>
      <fieldset className="min-w-0 space-y-2 border-0 p-0" disabled={!email.trim()}>
        <legend className="text-sm font-medium text-slate-800">Email me when it's my turn:</legend>
        {NOTIFICATION_TOPICS.map((topic) => (
          <label key={topic} className="flex items-center gap-2 text-sm text-slate-800">
            <input
              type="checkbox"
              name="topics"
              value={topic}
              checked={topics.includes(topic)}
              onChange={(e) => toggle(topic, e.target.checked)}
              className="size-4 rounded border-slate-300"
            />
            {TOPIC_LABELS[topic]}
          </label>
        ))}
      </fieldset>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={pending} aria-busy={pending}>
          <Mail aria-hidden className="size-4" />
          {pending ? "Saving…" : "Save email settings"}
        </Button>
        {saved.email ? (
          <span className="text-xs text-slate-600">Every email has a one-click unsubscribe link.</span>
        ) : null}
      </div>
      {message ? <FormMessage tone={message.tone}>{message.text}</FormMessage> : null}
    </form>
  );
}
