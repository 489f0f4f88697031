import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { modelKind } from "@/lib/ai/models";
import { getRun } from "@/lib/db/queries/runs";
import { pipelineEngine, startRecommendations } from "@/lib/pipeline/engine";
import { withTestDatabase } from "@/test/db";
import { answers, tripWithAnswers } from "@/test/fixtures";

withTestDatabase();

/** Both sides of the engine and model switches, chosen by the environment alone. */

const saved = { ...process.env };
afterEach(() => {
  for (const key of ["INNGEST_DEV", "INNGEST_EVENT_KEY", "INNGEST_BASE_URL", "GOOGLE_GENERATIVE_AI_API_KEY"]) {
    if (saved[key] === undefined) delete process.env[key];
    else process.env[key] = saved[key];
  }
});

describe("engine switch", () => {
  it("runs locally with no Inngest settings, on Inngest with INNGEST_DEV or INNGEST_EVENT_KEY", () => {
    delete process.env.INNGEST_DEV;
    delete process.env.INNGEST_EVENT_KEY;
    expect(pipelineEngine()).toBe("local");
    process.env.INNGEST_DEV = "1";
    expect(pipelineEngine()).toBe("inngest");
    delete process.env.INNGEST_DEV;
    process.env.INNGEST_EVENT_KEY = "test-key";
    expect(pipelineEngine()).toBe("inngest");
  });

  it("on Inngest, Generate sends one typed event over HTTP to the Inngest server and leaves the run to it", async () => {
    const received: { path: string; body: unknown }[] = [];
    const server = createServer((req, res) => {
      let body = "";
      req.on("data", (chunk) => {
        body += chunk;
      });
      req.on("end", () => {
        received.push({ path: req.url ?? "", body: JSON.parse(body || "null") });
        res.writeHead(200, { "content-type": "application/json" });
        res.end(JSON.stringify({ ids: ["evt_1"], status: 200 }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    process.env.INNGEST_DEV = `http://127.0.0.1:${port}`;
    try {
      const trip = await tripWithAnswers([{ name: "Olga", answers: answers() }]);
      const { runId, started } = await startRecommendations({ tripId: trip.tripId, requestedBy: null });
      expect(started).toBe(true);
      const run = await getRun({ runId });
      expect(run).toMatchObject({ engine: "inngest", status: "running" });
      expect(received).toHaveLength(1);
      expect(JSON.stringify(received[0]?.body)).toContain("trip/run.requested");
      expect(JSON.stringify(received[0]?.body)).toContain(runId);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe("model switch", () => {
  it("uses the offline planner without a Gemini key, and Gemini with one", () => {
    delete process.env.GOOGLE_GENERATIVE_AI_API_KEY;
    expect(modelKind()).toBe("offline");
    process.env.GOOGLE_GENERATIVE_AI_API_KEY = "test-key";
    expect(modelKind()).toBe("gemini");
  });
});
