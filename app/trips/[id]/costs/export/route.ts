import { requestContext } from "@/lib/auth/request";
import { costsCsvResponse } from "@/lib/costs-export";

export const dynamic = "force-dynamic";

/** GET /trips/<id>/costs/export: the trip's expenses and settle-up as a CSV download. */
export async function GET(_request: Request, { params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return costsCsvResponse({ ctx: await requestContext(), tripId: id });
}
