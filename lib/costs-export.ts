import "server-only";
import { requireMember } from "@/lib/auth/guards";
import type { RequestContext } from "@/lib/auth/session";
import { costsCsv } from "@/lib/costs-csv";
import { refusalResponse } from "@/lib/http";
import { consume } from "@/lib/limits/rate";
import { loadCostsView } from "@/lib/views/costs";
import { fileSlug } from "@/lib/views/my-data";

/** GET /trips/<id>/costs/export: the trip's expenses and settle-up as CSV, for its members only. */
export async function costsCsvResponse({ ctx, tripId }: { ctx: RequestContext; tripId: string }): Promise<Response> {
  try {
    const caller = await requireMember(ctx, tripId);
    await consume("read", caller.member.id);
    const view = await loadCostsView(caller);
    const names = new Map(view.members.map((m) => [m.id, m.name]));
    // Oldest first in the file (the page lists newest first); a BOM so spreadsheets read UTF-8.
    const body = `\uFEFF${costsCsv({ expenses: [...view.expenses].reverse(), summary: view.board, names })}`;
    return new Response(body, {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="tripsync-${fileSlug(caller.trip.name)}-costs.csv"`,
        "Cache-Control": "no-store",
      },
    });
  } catch (error) {
    return refusalResponse(error);
  }
}
