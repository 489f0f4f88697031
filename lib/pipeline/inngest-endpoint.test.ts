import { afterEach, describe, expect, it, vi } from "vitest";
import { log } from "@/lib/log";
import {
  announceInngestEndpoint,
  DEV_MODE_REFUSED,
  decideInngestEndpoint,
  inngestEndpointDecision,
} from "@/lib/pipeline/inngest-endpoint";

const none = {
  INNGEST_DEV: undefined,
  INNGEST_EVENT_KEY: undefined,
  INNGEST_SIGNING_KEY: undefined,
  INNGEST_DEV_ALLOW_UNSIGNED: false,
};
const SIGNING_KEY = "signkey-prod-0123456789abcdef";

afterEach(() => vi.restoreAllMocks());

describe("/api/inngest decides before it serves", () => {
  it("answers 404 when no Inngest is configured, in every kind of server", () => {
    for (const mode of ["development", "production", "test"] as const) {
      expect(decideInngestEndpoint(none, mode)).toMatchObject({ serve: false, status: 404 });
    }
  });

  it("refuses dev mode (unsigned requests) on a production server — loopback or not, signing key or not", () => {
    const dev = { ...none, INNGEST_DEV: "1" };
    expect(decideInngestEndpoint(dev, "production")).toEqual({ serve: false, status: 503, reason: DEV_MODE_REFUSED });
    // The SDK skips signatures whenever INNGEST_DEV is set, so a key beside it changes nothing.
    expect(decideInngestEndpoint({ ...dev, INNGEST_SIGNING_KEY: SIGNING_KEY }, "production")).toMatchObject({
      serve: false,
      status: 503,
    });
    expect(decideInngestEndpoint({ ...dev, INNGEST_EVENT_KEY: "k" }, "test")).toMatchObject({ serve: false });
  });

  it("serves dev mode under `next dev`, and on a production server only with the explicit opt-in", () => {
    const dev = { ...none, INNGEST_DEV: "http://127.0.0.1:8288" };
    expect(decideInngestEndpoint(dev, "development")).toEqual({ serve: true, unsigned: true });
    expect(decideInngestEndpoint({ ...dev, INNGEST_DEV_ALLOW_UNSIGNED: true }, "production")).toEqual({
      serve: true,
      unsigned: true,
    });
  });

  it("with an event key, serves only with a signing key (the SDK then checks every signature)", () => {
    const cloud = { ...none, INNGEST_EVENT_KEY: "event-key" };
    expect(decideInngestEndpoint(cloud, "production")).toMatchObject({ serve: false, status: 503 });
    expect(decideInngestEndpoint({ ...cloud, INNGEST_SIGNING_KEY: SIGNING_KEY }, "production")).toEqual({
      serve: true,
      unsigned: false,
    });
    // The opt-in is about dev mode only: it never lets an unsigned request through here.
    expect(decideInngestEndpoint({ ...cloud, INNGEST_DEV_ALLOW_UNSIGNED: true }, "production")).toMatchObject({
      serve: false,
      status: 503,
    });
  });

  it("reads the environment: INNGEST_DEV=1 is refused outside `next dev` (vitest runs as NODE_ENV=test)", () => {
    vi.stubEnv("INNGEST_DEV", "1");
    vi.stubEnv("INNGEST_EVENT_KEY", "");
    vi.stubEnv("INNGEST_SIGNING_KEY", "");
    vi.stubEnv("INNGEST_DEV_ALLOW_UNSIGNED", "");
    expect(inngestEndpointDecision()).toMatchObject({ serve: false, status: 503 });
    vi.stubEnv("INNGEST_DEV_ALLOW_UNSIGNED", "1");
    expect(inngestEndpointDecision()).toEqual({ serve: true, unsigned: true });
    vi.unstubAllEnvs();
  });
});

describe("what the operator is told at start", () => {
  it("unsigned serving is logged as INSECURE, a refusal as an error with its reason, signed mode quietly", () => {
    const warn = vi.spyOn(log, "warn").mockImplementation(() => undefined);
    const error = vi.spyOn(log, "error").mockImplementation(() => undefined);
    announceInngestEndpoint({ serve: true, unsigned: true });
    expect(String(warn.mock.calls[0]?.[1])).toMatch(/^INSECURE: .*UNSIGNED requests/);
    announceInngestEndpoint({ serve: false, status: 503, reason: DEV_MODE_REFUSED });
    expect(error.mock.calls[0]?.[0]).toMatchObject({ reason: DEV_MODE_REFUSED });
    announceInngestEndpoint({ serve: true, unsigned: false });
    announceInngestEndpoint({ serve: false, status: 404, reason: "not configured" });
    expect(warn).toHaveBeenCalledTimes(1);
    expect(error).toHaveBeenCalledTimes(1);
  });
});
