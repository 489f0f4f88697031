import { BeforeYouGoSection } from "@/components/destination/before-you-go";
import { WideOpenDetails } from "@/components/ui/collapsible-card";
import type { ItineraryView } from "@/lib/views/itinerary";

/** Where to stay, getting around and the viewer's flights: one line on a phone, open on a wide screen. */
export function PlanBeforeYouGo({
  beforeYouGo,
  dates,
}: {
  beforeYouGo: NonNullable<ItineraryView["beforeYouGo"]>;
  dates: ItineraryView["trip"]["dates"];
}) {
  return (
    <WideOpenDetails
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm lg:border-0 lg:bg-transparent lg:p-0 lg:shadow-none"
      summary={
        <p className="text-base font-semibold text-slate-900 lg:sr-only">
          Before you go: where to stay, getting around, your flights
        </p>
      }
    >
      <BeforeYouGoSection essentials={beforeYouGo.essentials} flight={beforeYouGo.flight} dates={dates} />
    </WideOpenDetails>
  );
}
