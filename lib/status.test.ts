import { execFileSync } from "node:child_process";
import { sql } from "drizzle-orm";
import postgres from "postgres";
import { describe, expect, it, vi } from "vitest";
import * as actions from "@/lib/actions";
import { getDb, statementsIssued } from "@/lib/db/client";
import { listMembersWithPreferences } from "@/lib/db/queries/members";
import { withTestDatabase } from "@/test/db";
import { answers, tripWithAnswers } from "@/test/fixtures";
import { runPipeline } from "@/test/pipeline";
import { checkHealth, loadStatus } from "./status";

withTestDatabase();

describe("the operator's status page", () => {
  it("shows adapters, health and recent runs per stage, with nothing about the trip or its members", async () => {
    const trip = await tripWithAnswers([
      { name: "Priyanka", answers: answers({ notes: "Priyanka's private note" }) },
      { name: "Bartholomew", answers: answers() },
    ]);
    // The organizer wants to hear when voting opens: the run queues one email for them.
    const saved = await actions.saveNotificationSettings(trip.organizer.ctx, {
      tripId: trip.tripId,
      email: "priyanka.private@example.com",
      topics: ["vote"],
    });
    expect(saved.ok).toBe(true);
    const run = await runPipeline(trip.tripId);
    const status = await loadStatus();

    expect(status.health).toMatchObject({ ok: true, database: { ok: true } });
    expect(status.adapters).toEqual([
      expect.objectContaining({ part: "Database" }),
      expect.objectContaining({ part: "Pipeline engine" }),
      expect.objectContaining({ part: "Model" }),
      { part: "Email", live: "outbox only (set SMTP_URL to send)" },
      {
        part: "Rate limits",
        live: process.env.DATABASE_URL ? "shared (PostgreSQL)" : "in memory (one process)",
      },
    ]);
    // Counts only: no address, no message.
    expect(status.outbox).toEqual({ waiting: 1, retrying: 0, sent: 0 });
    const summary = status.runs.find((r) => r.id === run.id);
    expect(summary).toMatchObject({ status: "succeeded", kind: "recommendations" });
    const normalize = summary?.stages.find((s) => s.label === "Understanding each member");
    expect(normalize).toMatchObject({ steps: 2, outcome: "finished" });
    expect(summary?.stages.flatMap((s) => s.models)).toContain("offline-planner");

    const text = JSON.stringify(status);
    const members = await listMembersWithPreferences({ tripId: trip.tripId });
    for (const member of members) {
      expect(text).not.toContain(member.id);
      expect(text).not.toContain(member.name);
    }
    expect(text).not.toContain(trip.tripId);
    expect(text).not.toContain("private note");
    expect(text).not.toContain("priyanka.private");
  });

  it("answers probes with the database's round trip", async () => {
    const health = await checkHealth();
    expect(health.ok).toBe(true);
    expect(health.database.ms).toBeGreaterThanOrEqual(0);
  });

  // Only a Postgres server has connections that can be cut.
  if (process.env.DATABASE_URL) {
    it("is healthy again at once after the database cut every connection", async () => {
      expect((await checkHealth()).ok).toBe(true);
      const admin = postgres(process.env.DATABASE_URL ?? "", { max: 1, onnotice: () => {} });
      try {
        const cut = await admin`
          select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid()`;
        expect(cut.length).toBeGreaterThan(0);
        const started = performance.now();
        const first = await checkHealth();
        expect(first.ok).toBe(true);
        expect(performance.now() - started).toBeLessThan(1_000);
      } finally {
        await admin.end();
      }
    });
  }

  it("tells the process's uptime, as the operating system counts it, whatever loaded the module when", async () => {
    await new Promise((resolve) => setTimeout(resolve, 3_100));
    // ps's elapsed seconds since this process started (an independent clock from Node's own).
    const osSeconds = Number(
      execFileSync("ps", ["-o", "etimes=", "-p", String(process.pid)])
        .toString()
        .trim(),
    );
    vi.resetModules();
    const { checkHealth: freshlyLoaded } = await import("./status");
    const health = await freshlyLoaded();
    expect(osSeconds).toBeGreaterThanOrEqual(4);
    expect(Math.abs(health.uptimeSeconds - osSeconds)).toBeLessThanOrEqual(2);
  });

  it("counts statements wherever the module was loaded: a second copy sees what the first copy's handle ran", async () => {
    const db = await getDb();
    vi.resetModules();
    // A second copy of the client module, as a production build loads one per server bundle.
    const secondCopy = await import("@/lib/db/client");
    const before = statementsIssued();
    await db.execute(sql`select 1`);
    await db.execute(sql`select 2`);
    // Two statements through the handle the first copy opened: both copies count 2 more.
    expect(statementsIssued() - before).toBe(2);
    expect(secondCopy.statementsIssued() - before).toBe(2);
  });
});
