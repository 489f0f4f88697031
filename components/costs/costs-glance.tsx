import { headers } from "next/headers";
import { CostsGlanceLive } from "@/components/costs/costs-board";
import type { Caller } from "@/lib/auth/guards";
import { boardFor } from "@/lib/costs-board";
import { readCosts } from "@/lib/costs-board-read";
import { localeOf } from "@/lib/format";

/** The dashboard's glance at the costs, cut for the viewer by the same function as the Costs page. */
export async function CostsGlance({ caller }: { caller: Caller }) {
  const read = await readCosts(caller.trip);
  const locale = localeOf((await headers()).get("accept-language"));
  return <CostsGlanceLive tripId={caller.trip.id} rendered={boardFor(read, caller.member.id)} locale={locale} />;
}
