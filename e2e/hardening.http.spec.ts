import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { type APIRequestContext, expect, test } from "@playwright/test";
import {
  actionId,
  type Caller,
  callAction,
  callFormAction,
  formActionFromSocket,
  redirectedTrip,
  resultOf,
} from "./http/action-client";
import { EXPOSED_LOG, EXPOSED_PORT, PORT, SIGNED_LOG, SIGNED_PORT, SIGNED_PUBLIC_URL, url } from "./http/servers";

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

/** A forged call of a step: no cookie, another trip's id, any run id. */
function forgedStepCall(tripId: string) {
  return {
    event: { name: "trip/run.requested", data: { tripId, runId: "not-a-run-id", kind: "recommendations" } },
    events: [],
    steps: {},
    ctx: { run_id: "01H", attempt: 0 },
  };
}

/** The ways an outsider dresses a forged call: bare, from a foreign Host, with a garbage signature. */
const FORGERIES: Record<string, Record<string, string>> = {
  bare: {},
  "foreign host": { Host: "evil.example" },
  "bad signature": { Host: "evil.example", "X-Inngest-Signature": "t=1795800000&s=deadbeefdeadbeefdeadbeef" },
};

test.describe("/api/inngest", () => {
  test("dev mode on a production server is refused even on loopback behind a proxy: 503, said at start, no steps run, no data", async ({
    request,
  }) => {
    const c = caller(request);
    const secret = canary("diet-note-");
    const { tripId } = await tripWithNotes(c, secret);
    for (const [label, headers] of Object.entries(FORGERIES)) {
      for (const method of ["GET", "PUT", "POST"] as const) {
        const res = await request.fetch(`${EXPOSED}/api/inngest?fnId=tripsync-run-trip-workflow&stepId=step`, {
          method,
          headers,
          data: method === "GET" ? undefined : forgedStepCall(tripId),
        });
        expect(res.status(), `${method} ${label}`).toBe(503);
        const body = await res.text();
        expect(body).toMatch(/a production server refuses it/);
        for (const leak of [secret, "vegan", "wheelchair", "select", "stack"]) expect(body).not.toContain(leak);
      }
    }
    // The operator was told at start, with the reason.
    expect(logOf(EXPOSED_LOG)).toMatch(
      /"reason":"Inngest dev mode \(INNGEST_DEV\) accepts unsigned requests.*inngest endpoint refused/,
    );
    expectCleanLog(EXPOSED_LOG, [secret]);
  });

  test("with a signing key, an unsigned or badly signed request is rejected before any step runs", async ({
    request,
  }) => {
    for (const [label, headers] of Object.entries(FORGERIES)) {
      const res = await request.post(`${url(SIGNED_PORT)}/api/inngest?fnId=tripsync-run-trip-workflow&stepId=step`, {
        headers,
        data: forgedStepCall(crypto.randomUUID()),
      });
      expect(res.status(), label).toBe(401);
      expect(await res.text()).not.toMatch(/select|at .*\.js|preferences/i);
    }
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

test.describe("client addresses and absolute links", () => {
  const SIGNED = url(SIGNED_PORT);
  const trip = { tripName: "Forged", organizerName: "Olga" };

  test("without a trusted proxy, a forged X-Forwarded-For gets no fresh allowance; another socket does", async () => {
    // RATE_LIMIT_CREATE's default on the signed server: 10 per 10 minutes per client. Each try
    // claims another address, in X-Forwarded-For and in the header the server writes itself.
    const tries = [];
    for (let i = 1; i <= 12; i++) {
      const forged = { "X-Forwarded-For": `203.0.113.${i}`, "X-Tripsync-Client-Address": `198.51.100.${i}` };
      tries.push(
        await formActionFromSocket(
          { base: SIGNED, localAddress: "127.0.0.4", headers: forged },
          "/",
          "createTripAction",
          trip,
        ),
      );
    }
    expect(tries.slice(0, 10).map((t) => Boolean(t.redirect))).toEqual(Array(10).fill(true));
    for (const refused of tries.slice(10)) expect(refused.result).toMatchObject({ ok: false, code: "too_many:rate" });
    const other = await formActionFromSocket(
      { base: SIGNED, localAddress: "127.0.0.5" },
      "/",
      "createTripAction",
      trip,
    );
    expect(other.redirect).toMatch(/\/trips\//);
  });

  test("behind a trusted proxy, only the entry it appended counts, not what the client put before it", async ({
    request,
  }) => {
    // The exposed server trusts one proxy (TRUST_PROXY=1) and allows 3 new trips per client.
    const c = caller(request);
    const results = [];
    for (let i = 1; i <= 4; i++) {
      // What the client wrote (198.51.100.i), then what the proxy appended (the client's real address).
      const through = { ...c, client: `198.51.100.${i}, ${c.client}` };
      results.push(
        await callFormAction(through, "/", "createTripAction", { tripName: `Chain ${i}`, organizerName: "Olga" }),
      );
    }
    expect(results.slice(0, 3).every((r) => redirectedTrip(r))).toBe(true);
    expect(await resultOf(results[3] as (typeof results)[number])).toMatchObject({ code: "too_many:rate" });
  });

  test("links that leave the page come from PUBLIC_URL, else the Host received — never X-Forwarded-Host", async ({
    request,
  }) => {
    const forged = {
      "X-Forwarded-Host": "evil.example",
      "X-Forwarded-Proto": "https",
      "X-Forwarded-For": "203.0.113.9",
    };
    for (const [base, origin] of [
      [url(PORT), url(PORT)],
      [SIGNED, SIGNED_PUBLIC_URL],
    ] as const) {
      const created = await callFormAction({ request, base, client: "203.0.113.8" }, "/", "createTripAction", trip);
      const tripId = redirectedTrip(created);
      expect(tripId, base).toBeTruthy();
      const page = await request.get(`${base}/trips/${tripId}`, { headers: forged });
      expect(page.status()).toBe(200);
      const html = await page.text();
      expect(html, base).toMatch(new RegExp(`${origin.replace(/[.:/]/g, "\\$&")}/join/[A-Za-z0-9_-]+`));
      expect(html).not.toContain("evil.example");
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

test.describe("malformed action payloads", () => {
  test("an encoded reply React could not decode, or that our pages never send, is a 400 — not a 500", async ({
    request,
  }) => {
    const c = caller(request);
    for (const body of ['"x"', "null", '["$nfoo"]', '["$Q1"]', '["$1"]', '["$F1"]', '["$@1"]', '["$B1"]']) {
      const res = await callAction(c, "/", "createTripAction", [], body);
      expect(res.status(), body).toBe(400);
      expect(await res.json()).toMatchObject({ error: "bad_request" });
    }
    const forms: Record<string, string>[] = [
      { "0": "{{" },
      { "0": JSON.stringify([null, "$1"]) },
      { "0": JSON.stringify([null, "$1"]), "1": "{not json" },
      { "0": JSON.stringify([null, "$h1"]) },
      { _1_tripName: "No root", _1_organizerName: "Olga" },
    ];
    for (const multipart of forms) {
      const res = await request.post(`${EXPOSED}/`, {
        headers: { "Next-Action": actionId("createTripAction"), Origin: EXPOSED, "X-Forwarded-For": c.client },
        multipart,
        maxRedirects: 0,
      });
      expect(res.status(), JSON.stringify(multipart)).toBe(400);
    }
    const broken = await request.post(`${EXPOSED}/`, {
      headers: {
        "Next-Action": actionId("createTripAction"),
        Origin: EXPOSED,
        "Content-Type": "multipart/form-data; boundary=abc",
        "X-Forwarded-For": c.client,
      },
      data: '--abc\r\nContent-Disposition: form-data; name="0"\r\n\r\n[null',
    });
    expect(broken.status()).toBe(400);
    // The same action, well formed, still works.
    expect(
      redirectedTrip(await callFormAction(c, "/", "createTripAction", { tripName: "Fine", organizerName: "Olga" })),
    ).toBeTruthy();
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
