import type { UIMessage } from "ai";
import type { ReactNode } from "react";
import { CollapsibleCard } from "@/components/ui/collapsible-card";
import { suggestionsFor } from "@/lib/ai/offline/assistant-grammar";
import type { Caller } from "@/lib/auth/guards";
import { getThread, listUnmetRequests } from "@/lib/db/queries/assistant";
import { assistantRunsView } from "@/lib/views/assistant-runs";
import { AssistantPanel } from "./assistant-panel";
import { UnmetList } from "./unmet-list";

/** The "Ask TripSync" card on the dashboard and the plan page: the caller's own conversation, inline. */
export async function AssistantSection({ caller, children }: { caller: Caller; children?: ReactNode }) {
  const [messages, unmet] = await Promise.all([
    getThread({ tripId: caller.trip.id, memberId: caller.member.id }),
    listUnmetRequests({ tripId: caller.trip.id, memberId: caller.isOrganizer ? undefined : caller.member.id }),
  ]);
  const runs = await assistantRunsView({ tripId: caller.trip.id, messages: messages as UIMessage[] });
  return (
    // A card in the page's flow like the others (closed on a phone: one line), placed after
    // what the page is about, so it never covers content.
    <CollapsibleCard
      title="Ask TripSync"
      summary={
        messages.length ? "Your conversation with the assistant." : "Ask about the trip, or ask it to do things."
      }
      description="Private to you. It can do what you can do on these pages, and asks before anything that matters."
    >
      <div className="space-y-3">
        <AssistantPanel
          tripId={caller.trip.id}
          tripName={caller.trip.name}
          initialMessages={messages as UIMessage[]}
          suggestions={suggestionsFor({
            isDemo: caller.trip.isDemo,
            isOrganizer: caller.isOrganizer,
            status: caller.trip.status,
          })}
          runs={runs}
        />
        {unmet.length ? (
          <UnmetList
            isOrganizer={caller.isOrganizer}
            items={unmet.map((u) => ({
              id: u.id,
              summary: u.summary,
              category: u.category,
              by: caller.isOrganizer ? u.by : null,
            }))}
          />
        ) : null}
        {children}
      </div>
    </CollapsibleCard>
  );
}
