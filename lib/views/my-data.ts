import "server-only";
import { NextResponse } from "next/server";
import { type Caller, requireMember } from "@/lib/auth/guards";
import type { RequestContext } from "@/lib/auth/session";
import { readTripCosts, type TripCosts } from "@/lib/db/queries/costs";
import { memberOwnRows } from "@/lib/db/queries/my-data";
import { refusalResponse } from "@/lib/http";
import { consume } from "@/lib/limits/rate";
import { MyDataExport } from "@/lib/schemas/my-data";

/**
 * "Download my data": the caller's own data in the trip (lib/schemas/my-data.ts) as a JSON
 * file. The route handler passes the request's cookies; tests serve the same function
 * over HTTP. Refusals are the app's usual ones: no cookie, a revoked one or another
 * trip's all answer 404 (the trip "doesn't exist" for them).
 */
export async function myDataResponse({ ctx, tripId }: { ctx: RequestContext; tripId: string }): Promise<Response> {
  try {
    const caller = await requireMember(ctx, tripId);
    await consume("read", caller.member.id);
    const body = await myData(caller);
    return new NextResponse(JSON.stringify(body, null, 2), {
      headers: {
        "Content-Type": "application/json; charset=utf-8",
        "Content-Disposition": `attachment; filename="tripsync-${fileSlug(caller.trip.name)}-my-data.json"`,
        "Cache-Control": "no-store",
      },
    });
  } catch (error) {
    return refusalResponse(error);
  }
}

export async function myData(caller: Caller): Promise<MyDataExport> {
  const { member, trip } = caller;
  const own = await memberOwnRows({ tripId: trip.id, memberId: member.id });
  return MyDataExport.parse({
    format: "tripsync.my-data.v1",
    exportedAt: new Date().toISOString(),
    trip: { id: trip.id, name: trip.name },
    me: { id: member.id, name: member.name, role: member.role, joinedAt: member.createdAt.toISOString() },
    answers: own.answers?.data ?? null,
    answersUpdatedAt: own.answers?.updatedAt.toISOString() ?? null,
    votes: own.votes.map((v) => ({
      recommendationId: v.recommendationId,
      destination: v.slug,
      votedAt: v.createdAt.toISOString(),
    })),
    feedback: own.feedback.map((f) => ({
      id: f.id,
      kind: f.kind,
      planVersion: f.itineraryVersion,
      itemKey: f.itemKey,
      reason: f.reason,
      text: f.text,
      suggestedActivityId: f.suggestedActivityId,
      status: f.status,
      createdAt: f.createdAt.toISOString(),
    })),
    devices: own.devices.map((d) => ({
      label: d.label,
      signedInAt: d.createdAt.toISOString(),
      lastSeenAt: d.lastSeenAt.toISOString(),
    })),
    aiConnections: own.connections.map((c) => ({
      label: c.label,
      scopes: c.scopes,
      createdAt: c.createdAt.toISOString(),
      expiresAt: c.expiresAt.toISOString(),
      lastUsedAt: c.lastUsedAt?.toISOString() ?? null,
    })),
    notifications: {
      email: own.notifications?.email ?? null,
      topics: own.notifications?.topics ?? [],
      lastEmailAt: own.notifications?.lastSentAt?.toISOString() ?? null,
      queued: own.outbox.map((n) => ({
        topic: n.topic,
        queuedAt: n.createdAt.toISOString(),
        sentAt: n.sentAt?.toISOString() ?? null,
      })),
    },
    assistant: { messages: own.assistantMessages.map(exportedMessage) },
    contextEntries: own.contextEntries.map((e) => ({
      kind: e.kind,
      text: e.text,
      why: e.why,
      proposedByAssistant: e.proposedByAssistant,
      createdAt: e.createdAt.toISOString(),
      updatedAt: e.updatedAt.toISOString(),
    })),
    unmetRequests: own.unmetRequests.map((u) => ({
      summary: u.summary,
      category: u.category,
      askedAt: u.createdAt.toISOString(),
    })),
    costs: ownCosts(await readTripCosts({ tripId: trip.id }), member.id, member.displayCurrency),
  });
}

/** The member's part of the trip's costs: expenses they paid or share, payments they made or received. */
function ownCosts(costs: TripCosts, memberId: string, displayCurrency: string | null): MyDataExport["costs"] {
  const sum = (rows: { memberId: string | null; amount: number }[]) =>
    rows.filter((r) => r.memberId === memberId).reduce((t, r) => t + r.amount, 0);
  const theirs = (e: TripCosts["expenses"][number]) =>
    e.payers.some((p) => p.memberId === memberId) || e.shares.some((s) => s.memberId === memberId);
  return {
    displayCurrency,
    expenses: costs.expenses.filter(theirs).map((e) => ({
      id: e.id,
      description: e.description,
      category: e.category,
      spentOn: e.spentOn,
      currency: e.currency,
      amount: e.amount,
      paidByMe: sum(e.payers),
      myShare: sum(e.shares),
    })),
    payments: costs.payments
      .filter((p) => p.fromMemberId === memberId || p.toMemberId === memberId)
      .map((p) => ({
        direction: p.fromMemberId === memberId ? ("paid" as const) : ("received" as const),
        amount: p.amount,
        currency: p.currency,
        recordedAt: p.createdAt.toISOString(),
      })),
    optedOutOf: costs.optOuts.filter((o) => o.memberId === memberId).map((o) => o.itemKey),
  };
}

/** A stored UI message with only the fields the file promises (id, role, parts). */
function exportedMessage(value: unknown): { id: string; role: string; parts: unknown[] } {
  const m = (value ?? {}) as { id?: unknown; role?: unknown; parts?: unknown };
  return {
    id: String(m.id ?? ""),
    role: String(m.role ?? ""),
    parts: Array.isArray(m.parts) ? m.parts : [],
  };
}

/** "Lisbon in June!" → "lisbon-in-june"; letters outside a–z are dropped, never an empty name. */
export function fileSlug(name: string): string {
  const slug = name
    .normalize("NFKD")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/, "");
  return slug || "trip";
}
