import { requestContext } from "@/lib/auth/request";
import { myDataResponse } from "@/lib/views/my-data";

export const dynamic = "force-dynamic";

/**
 * GET /trips/<id>/me/export: the caller's own data in the trip as a JSON download
 * (lib/schemas/my-data.ts), authorized by their trip cookie like the trip's pages.
 */
export async function GET(_request: Request, { params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return myDataResponse({ ctx: await requestContext(), tripId: id });
}
