import { NextResponse } from "next/server";
import { z } from "zod";
import { requireMember } from "@/lib/auth/guards";
import { requestContext } from "@/lib/auth/request";
import { AppError } from "@/lib/errors";
import { refusalResponse } from "@/lib/http";
import { consume } from "@/lib/limits/rate";
import { suggestPlaces, toHomePlace } from "@/lib/places/suggest";
import { MAX_ORIGIN_LENGTH } from "@/lib/schemas/preferences";

const Query = z.object({ q: z.string().trim().min(1, "Type a city").max(MAX_ORIGIN_LENGTH) });

/**
 * Home cities matching what a member is typing in "Travelling from", the likeliest first:
 * a few places from the server's gazetteer, so the whole gazetteer never ships to a browser.
 */
export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  try {
    const query = Query.safeParse({ q: new URL(request.url).searchParams.get("q") ?? "" });
    if (!query.success) throw new AppError("invalid:input", query.error.issues[0]?.message ?? "Type a city");
    const caller = await requireMember(await requestContext(), id);
    await consume("read", caller.member.id);
    const places = suggestPlaces(query.data.q).map(toHomePlace);
    return NextResponse.json({ places }, { headers: { "Cache-Control": "private, no-store" } });
  } catch (error) {
    return refusalResponse(error);
  }
}
