import { NextResponse } from "next/server";
import { requireMember } from "@/lib/auth/guards";
import { requestContext } from "@/lib/auth/request";
import { refusalResponse } from "@/lib/http";
import { consume } from "@/lib/limits/rate";
import { loadDashboard } from "@/lib/views/dashboard";

/** The dashboard's data as JSON, as the caller may see it (attribution only for the organizer). */
export async function GET(_request: Request, { params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  try {
    const caller = await requireMember(await requestContext(), id);
    await consume("read", caller.member.id);
    return NextResponse.json(await loadDashboard(caller), { headers: { "Cache-Control": "private, no-store" } });
  } catch (error) {
    return refusalResponse(error);
  }
}
