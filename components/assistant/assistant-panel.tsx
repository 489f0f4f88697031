"use client";

import { useChat } from "@ai-sdk/react";
import { DefaultChatTransport, lastAssistantMessageIsCompleteWithApprovalResponses, type UIMessage } from "ai";
import { Send, Trash2 } from "lucide-react";
import { useMemo, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { FormMessage, inputClasses } from "@/components/ui/field";
import { MAX_ASSISTANT_MESSAGE } from "@/lib/schemas/assistant";
import type { AssistantRunState } from "@/lib/views/assistant-runs";
import { AssistantRun } from "./assistant-run";
import { ApprovalCard, ClarificationCard } from "./cards";
import { startedRun } from "./started-run";
import { ToolResult, type ToolView } from "./tool-result";

type Part = UIMessage["parts"][number] & {
  type: string;
  state?: string;
  text?: string;
  input?: Record<string, unknown>;
  output?: unknown;
  approval?: { id: string; approved?: boolean; requestReason?: string };
};

/**
 * Ask TripSync: the member's private conversation with the assistant on this trip. The
 * conversation lives on the server; this sends only the new message (or the answer to an
 * approval card) and shows the answer as it streams. Replies are plain text.
 */
export function AssistantPanel({
  tripId,
  tripName,
  initialMessages,
  suggestions,
  runs,
}: {
  tripId: string;
  tripName: string;
  initialMessages: UIMessage[];
  suggestions: string[];
  /** The runs the conversation started, as they are now (by run id): their timelines start from these. */
  runs: Record<string, AssistantRunState>;
}) {
  const answered = useRef<{ id: string; approved: boolean; confirmName?: string } | null>(null);
  const api = `/api/trips/${tripId}/assistant`;
  const transport = useMemo(
    () =>
      new DefaultChatTransport({
        api,
        prepareSendMessagesRequest: ({ messages }) => {
          const last = messages.at(-1);
          if (last?.role === "user") {
            const text = last.parts.map((p) => (p.type === "text" ? p.text : "")).join("");
            return { body: { text } };
          }
          const approval = answered.current;
          answered.current = null;
          return { body: { approval } };
        },
      }),
    [api],
  );
  const { messages, sendMessage, addToolApprovalResponse, status, error, clearError, setMessages } = useChat({
    id: `assistant-${tripId}`,
    messages: initialMessages,
    transport,
    sendAutomaticallyWhen: lastAssistantMessageIsCompleteWithApprovalResponses,
  });
  const [draft, setDraft] = useState("");
  const [clearing, setClearing] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  const busy = status === "submitted" || status === "streaming";
  const refusal = error ? readRefusal(error) : null;

  function send(text: string) {
    const trimmed = text.trim();
    if (!trimmed || busy) return;
    clearError();
    setNote(null);
    void sendMessage({ text: trimmed });
    setDraft("");
  }

  async function clear() {
    setClearing(true);
    const response = await fetch(api, { method: "DELETE" });
    setClearing(false);
    if (response.ok) {
      setMessages([]);
      clearError();
      setNote("Conversation cleared.");
    } else setNote(readRefusal(new Error(await response.text())).message);
  }

  return (
    <div className="space-y-3">
      <div role="log" aria-live="polite" aria-label="Conversation" className="max-h-[28rem] space-y-3 overflow-y-auto">
        {messages.length === 0 ? (
          <p className="text-sm text-slate-600">
            Ask about the trip or ask it to do something you could do on these pages. It asks before changing anything
            that matters.
          </p>
        ) : null}
        {messages.map((message) => (
          <div key={message.id} className={message.role === "user" ? "flex justify-end" : "space-y-2"}>
            {message.role === "user" ? (
              <p className="max-w-[85%] whitespace-pre-wrap rounded-2xl bg-brand-600 px-3 py-2 text-sm text-white">
                {(message.parts as Part[]).map((p) => p.text ?? "").join("")}
              </p>
            ) : (
              (message.parts as Part[]).map((part, i) => {
                const key = `${message.id}-${i}`;
                if (part.type === "text") {
                  return part.text ? (
                    <p key={key} className="whitespace-pre-wrap text-sm text-slate-900">
                      {part.text}
                    </p>
                  ) : null;
                }
                if (!part.type.startsWith("tool-")) return null;
                const tool: ToolView = {
                  name: part.type.slice(5),
                  state: part.state ?? "",
                  input: part.input,
                  output: part.output,
                };
                if (part.state === "approval-requested" && part.approval) {
                  const approvalId = part.approval.id;
                  return (
                    <ApprovalCard
                      key={key}
                      tool={tool}
                      reason={part.approval.requestReason}
                      tripName={tripName}
                      disabled={busy}
                      onAnswer={(approved, confirmName) => {
                        answered.current = { id: approvalId, approved, confirmName };
                        void addToolApprovalResponse({ id: approvalId, approved });
                      }}
                    />
                  );
                }
                if (tool.name === "ask_clarification") {
                  return <ClarificationCard key={key} tool={tool} disabled={busy} onPick={send} />;
                }
                const run = startedRun(part);
                if (run) return <AssistantRun key={key} tripId={tripId} run={run} server={runs[run.runId]} />;
                return <ToolResult key={key} tool={tool} />;
              })
            )}
          </div>
        ))}
        {status === "submitted" ? <p className="text-xs text-slate-500">Thinking…</p> : null}
      </div>

      {refusal ? <FormMessage tone="error">{refusal.message}</FormMessage> : null}
      {note ? <FormMessage tone="info">{note}</FormMessage> : null}

      {messages.length === 0 && suggestions.length ? (
        <fieldset className="flex flex-wrap gap-2">
          <legend className="sr-only">Suggestions</legend>
          {suggestions.map((s) => (
            <button
              key={s}
              type="button"
              disabled={busy}
              onClick={() => send(s)}
              className="rounded-full border border-slate-300 px-3 py-1 text-left text-xs font-medium text-slate-800 hover:bg-slate-50"
            >
              {s}
            </button>
          ))}
        </fieldset>
      ) : null}

      <form
        className="flex flex-col gap-2 sm:flex-row sm:items-end"
        onSubmit={(event) => {
          event.preventDefault();
          send(draft);
        }}
      >
        <div className="flex-1">
          <label htmlFor={`assistant-input-${tripId}`} className="block text-sm font-medium text-slate-800">
            Ask TripSync
          </label>
          <textarea
            id={`assistant-input-${tripId}`}
            rows={2}
            maxLength={MAX_ASSISTANT_MESSAGE}
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === "Enter" && !e.shiftKey) {
                e.preventDefault();
                send(draft);
              }
            }}
            aria-invalid={refusal?.field ? true : undefined}
            className={inputClasses(Boolean(refusal?.field))}
            placeholder="What do we still disagree on?"
          />
        </div>
        <div className="flex gap-2">
          <Button type="submit" disabled={busy || !draft.trim()}>
            <Send aria-hidden className="size-4" />
            Send
          </Button>
          <Button variant="secondary" disabled={busy || clearing || messages.length === 0} onClick={clear}>
            <Trash2 aria-hidden className="size-4" />
            Clear conversation
          </Button>
        </div>
      </form>
    </div>
  );
}

/** A refusal from the route (JSON with a safe message), or a generic line for anything else. */
function readRefusal(error: Error): { message: string; field: boolean } {
  try {
    const body = JSON.parse(error.message) as { message?: string; fieldErrors?: Record<string, string> };
    const field = body.fieldErrors?.text ?? body.fieldErrors?.confirmName;
    return { message: field ?? body.message ?? "Something went wrong.", field: Boolean(field) };
  } catch {
    return { message: "The assistant couldn't answer just now. Nothing was changed; please try again.", field: false };
  }
}
