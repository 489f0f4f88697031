import { createServer, type Server } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { inngestEndpointDecision } from "@/lib/pipeline/inngest-endpoint";
import { isLoopback, listensOnLoopbackOnly } from "@/lib/server-binding";

const KEYS = ["INNGEST_DEV", "INNGEST_EVENT_KEY", "INNGEST_SIGNING_KEY", "INNGEST_DEV_ALLOW_REMOTE"];
const saved = { ...process.env };
const servers: Server[] = [];

afterEach(async () => {
  for (const key of KEYS) {
    if (saved[key] === undefined) delete process.env[key];
    else process.env[key] = saved[key];
  }
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

async function listen(host: string): Promise<void> {
  const server = createServer();
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
}

describe("which addresses this process listens on", () => {
  it("is loopback-only when every server is bound to 127.0.0.1 or ::1, not when one listens on every interface", async () => {
    expect(listensOnLoopbackOnly()).toBe(false);
    await listen("127.0.0.1");
    expect(listensOnLoopbackOnly()).toBe(true);
    await listen("0.0.0.0");
    expect(listensOnLoopbackOnly()).toBe(false);
  });

  it("knows loopback addresses", () => {
    expect(["127.0.0.1", "127.1.2.3", "::1", "::ffff:127.0.0.1"].every(isLoopback)).toBe(true);
    expect(["0.0.0.0", "::", "10.0.0.1", "192.168.1.2"].some(isLoopback)).toBe(false);
  });
});

describe("/api/inngest decides before it serves", () => {
  it("answers 404 when no Inngest is configured", () => {
    for (const key of KEYS) delete process.env[key];
    expect(inngestEndpointDecision()).toMatchObject({ serve: false, status: 404 });
  });

  it("refuses dev mode (unsigned requests) on a server other machines can reach, unless opted in", async () => {
    process.env.INNGEST_DEV = "1";
    await listen("0.0.0.0");
    expect(inngestEndpointDecision()).toMatchObject({ serve: false, status: 503 });
    process.env.INNGEST_DEV_ALLOW_REMOTE = "1";
    expect(inngestEndpointDecision()).toEqual({ serve: true });
  });

  it("serves dev mode when the server listens on loopback only", async () => {
    process.env.INNGEST_DEV = "1";
    await listen("127.0.0.1");
    expect(inngestEndpointDecision()).toEqual({ serve: true });
  });

  it("with an event key, serves only with a signing key (the SDK then checks every signature)", () => {
    process.env.INNGEST_EVENT_KEY = "event-key";
    expect(inngestEndpointDecision()).toMatchObject({ serve: false, status: 503 });
    process.env.INNGEST_SIGNING_KEY = "signkey-prod-0123456789abcdef";
    expect(inngestEndpointDecision()).toEqual({ serve: true });
  });
});
