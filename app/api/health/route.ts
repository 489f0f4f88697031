import { checkHealth } from "@/lib/status";

export const dynamic = "force-dynamic";

/** GET /api/health: for load balancers and uptime probes. 200 when the database answers, else 503. */
export async function GET() {
  const health = await checkHealth();
  return Response.json(
    { status: health.ok ? "ok" : "unavailable", ...health },
    { status: health.ok ? 200 : 503, headers: { "Cache-Control": "no-store" } },
  );
}
