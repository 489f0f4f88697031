import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { type APIRequestContext, expect, test } from "@playwright/test";
import { type Caller, callAction, callFormAction, redirectedTrip, resultOf } from "./http/action-client";
import { EXPOSED_LOG, EXPOSED_PORT, PORT, SIGNED_LOG, SIGNED_PORT, url } from "./http/servers";

/**
 * The probes an outsider ran against a production build, as real HTTP against `next
 * start` (the "exposed" server runs on Postgres in CI). Each ends in a documented 4xx or a
 * clear error, the response carries no member data, and the server's log — read from its
 * file — holds no member answer, token, query parameter, SQL or stack of ours.
 */

const EXPOSED = url(EXPOSED_PORT);

/** A unique marker per test, so a test can tell its own data apart in the shared log. */
function canary(label: string): string {
  return `${label}${randomBytes(5).toString("hex")}`;
}

function caller(request: APIRequestContext, base = EXPOSED): Caller {
  return { request, base, client: `203.0.113.${Math.floor(Math.random() * 250) + 1}` };
}

function logOf(file: string): string {
  return readFileSync(file, "utf8");
}

/** Nothing of these in the log, and no database error text or stack frames of ours. */
function expectCleanLog(file: string, secrets: string[]) {
  const log = logOf(file);
  for (const secret of secrets) expect(log, `log contains ${secret}`).not.toContain(secret);
  expect(log).not.toMatch(/Failed query|params:|insert into|select .* from/i);
  expect(log.includes("\u0000") || log.includes("\\u0000")).toBe(false);
}

/** A trip on the exposed server whose organizer answered with `notes`; returns its id and invite token. */
async function tripWithNotes(c: Caller, notes: string) {
  const created = await callFormAction(c, "/", "createTripAction", { tripName: "Probe trip", organizerName: "Olga" });
  const tripId = redirectedTrip(created);
  expect(tripId).toBeTruthy();
  const saved = await resultOf(
    await callAction(c, `/trips/${tripId}/preferences`, "savePreferencesAction", [
      {
        tripId,
        expectedVersion: 0,
        preferences: {
          dates: { flexible: true, windows: [] },
          tripLength: { minDays: 3, maxDays: 5 },
          budget: { min: 500, max: 900, hardLimit: true },
          vibes: ["food"],
          pace: null,
          accommodation: null,
          dietary: ["vegan"],
          accessibility: ["wheelchair"],
          hardNos: [],
          mustHaves: [],
          scope: "either",
          origin: null,
          notes,
        },
      },
    ]),
  );
  expect(saved).toMatchObject({ ok: true });
  const snapshot = await (await c.request.get(`${c.base}/api/trips/${tripId}/snapshot`)).json();
  const inviteToken = String(snapshot.trip.invitePath).split("/").pop() as string;
  return { tripId: tripId as string, inviteToken };
}

test.describe("/api/inngest", () => {
  test("dev mode on a server other machines can reach is refused: 503 with a reason, no steps run, no data", async ({
    request,
  }) => {
    const c = caller(request);
    const secret = canary("diet-note-");
    const { tripId } = await tripWithNotes(c, secret);
    const forged = {
      event: { name: "trip/run.requested", data: { tripId, runId: "not-a-run-id", kind: "recommendations" } },
      events: [],
      steps: {},
      ctx: { run_id: "01H", attempt: 0 },
    };
    for (const method of ["GET", "PUT", "POST"] as const) {
      const res = await request.fetch(`${EXPOSED}/api/inngest?fnId=tripsync-run-trip-workflow&stepId=step`, {
        method,
        data: method === "GET" ? undefined : forged,
      });
      expect(res.status(), method).toBe(503);
      const body = await res.text();
      expect(body).toMatch(/refuses it on a server other machines can reach/);
      for (const leak of [secret, "vegan", "wheelchair", "select", "stack"]) expect(body).not.toContain(leak);
    }
    expectCleanLog(EXPOSED_LOG, [secret]);
  });

  test("with a signing key, an unsigned request is rejected before any step runs", async ({ request }) => {
    const res = await request.post(`${url(SIGNED_PORT)}/api/inngest?fnId=tripsync-run-trip-workflow&stepId=step`, {
      data: {
        event: {
          name: "trip/run.requested",
          data: { tripId: crypto.randomUUID(), runId: "x", kind: "recommendations" },
        },
      },
    });
    expect(res.status()).toBeGreaterThanOrEqual(400);
    expect(res.status()).toBeLessThan(500);
    expect(await res.text()).not.toMatch(/select|at .*\.js|preferences/i);
    expectCleanLog(SIGNED_LOG, []);
  });

  test("without Inngest configured it answers a clean 404", async ({ request }) => {
    for (const method of ["GET", "POST", "PUT"] as const) {
      const res = await request.fetch(`${url(PORT)}/api/inngest`, { method, data: method === "GET" ? undefined : {} });
      expect(res.status(), method).toBe(404);
      expect(await res.json()).toMatchObject({ message: expect.stringMatching(/Inngest is not configured/) });
    }
  });
});

test.describe("edges of input", () => {
  test("a NUL byte or a lone surrogate in any text field is a field error, not a 500, and never reaches the log", async ({
    request,
  }) => {
    const c = caller(request);
    const secret = canary("nul-name-");
    const create = await callFormAction(c, "/", "createTripAction", {
      tripName: `${secret}\u0000`,
      organizerName: "Olga",
    });
    expect(create.status()).toBe(200);
    expect(await resultOf(create)).toMatchObject({
      ok: false,
      fieldErrors: { tripName: expect.stringMatching(/hidden control characters/) },
    });

    const note = canary("surrogate-note-");
    const { tripId, inviteToken } = await tripWithNotes(c, "fine");
    const save = await callAction(
      c,
      `/trips/${tripId}/preferences`,
      "savePreferencesAction",
      [],
      `[{"tripId":"${tripId}","expectedVersion":1,"preferences":{"dates":{"flexible":true,"windows":[]},"tripLength":{"minDays":3,"maxDays":5},"budget":null,"vibes":[],"pace":null,"accommodation":null,"dietary":["vegan"],"accessibility":[],"hardNos":[],"mustHaves":[],"scope":"either","origin":null,"notes":"${note}\\ud800"}}]`,
    );
    expect(await resultOf(save)).toMatchObject({
      ok: false,
      fieldErrors: { "preferences.notes": expect.stringMatching(/broken character/) },
    });

    const join = await callFormAction(caller(request), `/join/${inviteToken}`, "joinTripAction", {
      inviteToken,
      name: "Max\u0000",
    });
    expect(await resultOf(join)).toMatchObject({ ok: false, fieldErrors: { name: expect.any(String) } });
    expectCleanLog(EXPOSED_LOG, [secret, note, inviteToken]);
  });

  test("create and join called with something other than their form answer a 4xx or a clear error", async ({
    request,
  }) => {
    const c = caller(request);
    const asJson = await request.post(`${EXPOSED}/`, {
      headers: { "Next-Action": "00", "Content-Type": "application/json", Origin: EXPOSED },
      data: { tripName: "x" },
    });
    expect(asJson.status()).toBe(415);
    const asText = await callAction(c, "/", "createTripAction", [null, "tripName=x"]);
    expect(asText.status()).toBe(200);
    expect(await resultOf(asText)).toMatchObject({ ok: false, code: "invalid:input", message: /use the form/i });
    const joinText = await callAction(c, "/join/x", "joinTripAction", [null, { inviteToken: "x" }]);
    expect(await resultOf(joinText)).toMatchObject({ ok: false, code: "invalid:input" });
  });

  test("oversized, invalid, deeply nested bodies and malformed URLs answer 4xx", async ({ request }) => {
    const c = caller(request);
    const big = await callAction(c, "/", "createTripAction", [], JSON.stringify(["a".repeat(1_100_000)]));
    expect(big.status()).toBe(413);
    const invalid = await callAction(c, "/", "createTripAction", [], "[{");
    expect(invalid.status()).toBe(400);
    const deep = await callAction(c, "/", "createTripAction", [], `${"[".repeat(5000)}${"]".repeat(5000)}`);
    expect(deep.status()).toBe(400);
    const secret = canary("query-secret-");
    const malformed = await request.get(`${EXPOSED}/trips/%E0%A4%A?token=${secret}`);
    expect(malformed.status()).toBe(400);
    const notAUuid = await request.get(`${EXPOSED}/api/trips/not-a-trip/snapshot?invite=${secret}`);
    expect(notAUuid.status()).toBe(404);
    expectCleanLog(EXPOSED_LOG, [secret]);
  });
});

test.describe("limits", () => {
  test("a burst of new trips from one client is refused with a clear message; another client goes on", async ({
    request,
  }) => {
    const c = caller(request);
    const results = [];
    for (let i = 0; i < 5; i++) {
      results.push(await callFormAction(c, "/", "createTripAction", { tripName: `Burst ${i}`, organizerName: "Olga" }));
    }
    expect(results.slice(0, 3).every((r) => redirectedTrip(r))).toBe(true);
    expect(await resultOf(results[3] as (typeof results)[number])).toMatchObject({
      ok: false,
      code: "too_many:rate",
      message: expect.stringMatching(/try again in about 10 minutes/),
    });
    const other = await callFormAction(caller(request), "/", "createTripAction", {
      tripName: "Mine",
      organizerName: "Ben",
    });
    expect(redirectedTrip(other)).toBeTruthy();
  });

  test("polling a route beyond its limit answers 429 with Retry-After and no data", async ({ request }) => {
    const c = caller(request);
    const secret = canary("polled-note-");
    const { tripId } = await tripWithNotes(c, secret);
    const statuses: number[] = [];
    let refused: Awaited<ReturnType<APIRequestContext["get"]>> | undefined;
    for (let i = 0; i < 8; i++) {
      const res = await request.get(`${EXPOSED}/api/trips/${tripId}/snapshot`);
      statuses.push(res.status());
      if (res.status() === 429) refused ??= res;
    }
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
    expect(Number(refused?.headers()["retry-after"])).toBeGreaterThan(0);
    expect(await refused?.text()).not.toContain(secret);
  });
});

test.describe("names and sessions", () => {
  test("a look-alike of a name already in the trip is refused (Cyrillic О next to Owner)", async ({ request }) => {
    const c = caller(request);
    const { inviteToken } = await tripWithNotes(c, "fine");
    const first = await callFormAction(caller(request), `/join/${inviteToken}`, "joinTripAction", {
      inviteToken,
      name: "Owner",
    });
    // Joining answers with the new member's personal link (shown once), not a redirect.
    expect(await resultOf(first)).toMatchObject({ ok: true });
    const lookAlike = await callFormAction(caller(request), `/join/${inviteToken}`, "joinTripAction", {
      inviteToken,
      name: "\u041Ewner",
    });
    expect(await resultOf(lookAlike)).toMatchObject({ ok: false, code: "conflict:name" });
  });

  test("cookies are Secure when the first X-Forwarded-Proto is https, and only then", async ({ request }) => {
    const behindHttps = await callFormAction({ ...caller(request), proto: "https, http" }, "/", "createTripAction", {
      tripName: "Secure",
      organizerName: "Olga",
    });
    expect(behindHttps.headers()["set-cookie"]).toMatch(/tripsync_.*;.*Secure/i);
    const plain = await callFormAction({ ...caller(request), proto: "http, https" }, "/", "createTripAction", {
      tripName: "Plain",
      organizerName: "Olga",
    });
    expect(plain.headers()["set-cookie"]).toMatch(/tripsync_/);
    expect(plain.headers()["set-cookie"]).not.toMatch(/Secure/i);
  });

  test("every page carries the security headers and a fresh nonce-based CSP", async ({ request }) => {
    const nonces = new Set<string>();
    for (const path of ["/", "/trips/00000000-0000-4000-8000-000000000000", "/join/nope"]) {
      const res = await request.get(`${EXPOSED}${path}`);
      const headers = res.headers();
      const csp = headers["content-security-policy"] ?? "";
      expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'/);
      expect(csp).toContain("frame-ancestors 'none'");
      nonces.add(/nonce-([^']+)/.exec(csp)?.[1] ?? "");
      expect(headers).toMatchObject({
        "x-content-type-options": "nosniff",
        "referrer-policy": "no-referrer",
        "x-frame-options": "DENY",
        "strict-transport-security": expect.stringContaining("max-age="),
      });
    }
    expect(nonces.size).toBe(3);
  });
});
