import { AgreedList } from "@/components/assistant/agreed-list";
import { AssistantSection } from "@/components/assistant/assistant-section";
import { CollapsibleCard } from "@/components/ui/collapsible-card";
import type { Caller } from "@/lib/auth/guards";
import { plural } from "@/lib/format";
import { contextEntriesFor } from "@/lib/views/context";

/** The assistant's card and what the group has agreed (which the assistant reads before every answer). */
export async function DashboardAssistant({ caller }: { caller: Caller }) {
  const agreed = await contextEntriesFor(caller);
  const tripId = caller.trip.id;
  return (
    <>
      {/* With nothing agreed yet, adding the first entry is inside the assistant's card (one card less on a phone). */}
      <AssistantSection caller={caller}>
        {agreed.length === 0 ? (
          <details className="rounded-lg border border-slate-200 p-3">
            <summary className="cursor-pointer text-sm font-medium text-slate-800">
              What we've agreed: nothing yet
            </summary>
            <div className="mt-3">
              <AgreedList tripId={tripId} entries={agreed} />
            </div>
          </details>
        ) : null}
      </AssistantSection>
      {agreed.length > 0 ? (
        <CollapsibleCard
          title="What we've agreed"
          summary={plural(agreed.length, "entry", "entries")}
          description="What the group has settled or learned. The assistant reads it before every answer."
        >
          <AgreedList tripId={tripId} entries={agreed} />
        </CollapsibleCard>
      ) : null}
    </>
  );
}
