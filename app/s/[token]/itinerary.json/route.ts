import { NextResponse } from "next/server";
import { requestContext } from "@/lib/auth/request";
import { refusalResponse } from "@/lib/http";
import { openShareLink, shownPlan } from "@/lib/share/link";

/** GET /s/<token>/itinerary.json: the shared plan as JSON (the `SharedPlan` schema: no member data). */
export async function GET(_request: Request, { params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  try {
    const shared = await openShareLink(await requestContext(), token);
    const plan = shared ? (await shownPlan(shared))?.plan : null;
    if (!plan) return NextResponse.json({ error: "not_found:plan", message: "Nothing to show here." }, { status: 404 });
    return NextResponse.json(plan, {
      headers: {
        "Cache-Control": "private, no-cache",
        "Content-Disposition": `inline; filename="${plan.destination.slug}-trip.json"`,
        "X-Robots-Tag": "noindex",
      },
    });
  } catch (error) {
    return refusalResponse(error);
  }
}
