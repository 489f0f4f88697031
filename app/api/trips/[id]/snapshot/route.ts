import { NextResponse } from "next/server";
import { requireMember } from "@/lib/auth/guards";
import { requestContext } from "@/lib/auth/request";
import { loadDashboard } from "@/lib/dashboard";
import { AppError } from "@/lib/errors";

/** The dashboard's data as JSON, as the caller may see it (attribution only for the organizer). */
export async function GET(_request: Request, { params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  try {
    const caller = await requireMember(await requestContext(), id);
    return NextResponse.json(await loadDashboard(caller), { headers: { "Cache-Control": "private, no-store" } });
  } catch (error) {
    if (error instanceof AppError)
      return NextResponse.json({ error: error.code, message: error.message }, { status: error.status });
    throw error;
  }
}
