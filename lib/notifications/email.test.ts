import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { GET, POST } from "@/app/unsubscribe/[token]/route";
import * as actions from "@/lib/actions";
import { requireMember } from "@/lib/auth/guards";
import { getDb } from "@/lib/db/client";
import { enqueueNotifications, getNotificationSettings } from "@/lib/db/queries/notifications";
import { latestRecommendations } from "@/lib/db/queries/recommendations";
import { notificationOutbox, notificationSettings } from "@/lib/db/schema";
import { log } from "@/lib/log";
import { drainOutbox } from "@/lib/notifications/drain";
import { type Mailer, smtpMailer } from "@/lib/notifications/mailer";
import { startNotificationWorker } from "@/lib/notifications/worker";
import { loadStatus } from "@/lib/status";
import type { TestBrowser } from "@/test/browser";
import { withTestDatabase } from "@/test/db";
import { answers, newTrip } from "@/test/fixtures";
import { runItinerary } from "@/test/itinerary";
import { runPipeline } from "@/test/pipeline";
import { startSmtpServer, unreachablePort } from "@/test/smtp";

withTestDatabase();

/**
 * Email notifications against a real SMTP server on localhost (smtp-server, parsed back with
 * mailparser): who gets which email, the 15-minute digest, the unsubscribe link over real
 * HTTP, nothing private of anyone else, and a mail server that is down.
 */

const FROM = "TripSync <trips@example.test>";
const MINUTE = 60_000;
const T0 = new Date("2027-01-04T09:00:00Z");
const at = (minutes: number) => new Date(T0.getTime() + minutes * MINUTE);

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let mailer: Mailer;
let web: { origin: string; close(): Promise<void> };

beforeAll(async () => {
  smtp = await startSmtpServer();
  mailer = smtpMailer({ url: smtp.url, from: FROM });
  web = await serveUnsubscribe();
});

afterAll(async () => {
  await smtp.close();
  await web.close();
});

/** The unsubscribe route's handlers behind a real HTTP server, as Next would route to them. */
async function serveUnsubscribe() {
  const server: Server = createServer(async (req, res) => {
    const token = decodeURIComponent((req.url ?? "").replace(/^\/unsubscribe\//, ""));
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const request = new Request(`http://127.0.0.1${req.url}`, {
      method: req.method,
      headers: req.headers as Record<string, string>,
      ...(req.method === "POST" ? { body: Buffer.concat(chunks) } : {}),
    });
    const handler = req.method === "POST" ? POST : GET;
    const response = await handler(request, { params: Promise.resolve({ token }) });
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(await response.text());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Everything received from index `from` on, as [envelope recipient, subject]. */
function sentSince(from: number): [string, string][] {
  return smtp.received.slice(from).map((r) => [r.envelopeTo.join(","), r.mail.subject ?? ""]);
}

async function setEmail(who: TestBrowser, tripId: string, email: string, topics?: string[]) {
  const saved = await actions.saveNotificationSettings(who.ctx, { tripId, email, ...(topics ? { topics } : {}) });
  if (!saved.ok) throw new Error(saved.message);
  return saved.data;
}

async function memberId(who: TestBrowser, tripId: string) {
  return (await requireMember(who.ctx, tripId)).member.id;
}

async function pending(memberIdValue: string) {
  const db = await getDb();
  return db.select().from(notificationOutbox).where(eq(notificationOutbox.memberId, memberIdValue));
}

/**
 * Olga (organizer) wants 3–4 days, Kim 6–9: a trip-length conflict only Kim's answers can
 * fix. Ned never gives an address. Their answers hold values nobody else may ever see.
 */
const SECRETS = {
  kimNotes: "Kim-secret-note-QUOKKA",
  kimHardNo: "zorbing-over-glaciers",
  kimOrigin: "Xylopolis",
  kimBudgetMin: 987,
  kimBudgetMax: 1493,
  nedNotes: "Ned-secret-note-PANGOLIN",
  nedHardNo: "axolotl-petting",
  nedOrigin: "Wrenfield Hollow",
} as const;

async function group(name: string) {
  const trip = await newTrip(name);
  const save = async (who: TestBrowser, prefs: Parameters<typeof answers>[0]) => {
    const saved = await actions.savePreferences(who.ctx, {
      tripId: trip.tripId,
      expectedVersion: 0,
      preferences: answers(prefs),
    });
    if (!saved.ok) throw new Error(saved.message);
  };
  await save(trip.organizer, { tripLength: { minDays: 3, maxDays: 4 } });
  const kim = await trip.join("Kim");
  await save(kim, {
    tripLength: { minDays: 6, maxDays: 9 },
    notes: SECRETS.kimNotes,
    hardNos: [SECRETS.kimHardNo],
    origin: SECRETS.kimOrigin,
    budget: { min: SECRETS.kimBudgetMin, max: SECRETS.kimBudgetMax, hardLimit: false },
    dietary: ["gluten-free"],
  });
  const ned = await trip.join("Ned");
  await save(ned, {
    notes: SECRETS.nedNotes,
    hardNos: [SECRETS.nedHardNo],
    origin: SECRETS.nedOrigin,
    accessibility: ["hearing"],
  });
  return { ...trip, kim, ned, kimId: await memberId(kim, trip.tripId) };
}

describe("each kind of email reaches only the members who asked for it", () => {
  it("a request, the vote, the plan and the final plan: one email each, to the right people, nothing private of others", async () => {
    const trip = await group("Coast walk");
    const { tripId } = trip;
    await setEmail(trip.organizer, tripId, "Olga@Example.com");
    await setEmail(trip.kim, tripId, "kim@example.com");
    const pia = await trip.join("Pia");
    await setEmail(pia, tripId, "pia@example.com", ["final"]);
    const start = smtp.received.length;

    // The organizer asks Kim: Kim alone hears of it.
    const asked = await actions.askMemberToResolve(trip.organizer.ctx, {
      tripId,
      memberId: trip.kimId,
      conflict: "trip-length",
    });
    expect(asked.ok).toBe(true);
    expect(await drainOutbox({ now: at(0), mailer })).toEqual({ sent: 1, failed: 0, logged: 0 });
    expect(sentSince(start)).toEqual([
      ["kim@example.com", "Your turn: the organizer asks you to look at something · Coast walk"],
    ]);

    // Ideas are ready: Olga and Kim chose votes, Pia only the final plan (Kim's window has passed).
    await runPipeline(tripId);
    const pack = await latestRecommendations({ tripId });
    const options = pack?.pack.options ?? [];
    expect(options.length).toBeGreaterThanOrEqual(3);
    // Nothing is even queued for Pia (she chose only the final plan) or Ned (no address).
    expect(await pending(await memberId(pia, tripId))).toEqual([]);
    expect(await pending(await memberId(trip.ned, tripId))).toEqual([]);
    expect(await drainOutbox({ now: at(16), mailer })).toEqual({ sent: 2, failed: 0, logged: 0 });
    expect(sentSince(start + 1).sort()).toEqual([
      ["kim@example.com", "Your turn: vote on the destination ideas · Coast walk"],
      ["olga@example.com", "Your turn: vote on the destination ideas · Coast walk"],
    ]);
    const voteMail = smtp.received.find(
      (r) => r.envelopeTo[0] === "kim@example.com" && /vote/.test(r.mail.subject ?? ""),
    );
    expect(voteMail?.mail.text).toContain(`${options.length} destination ideas are ready`);
    expect(voteMail?.mail.text).toContain(`http://localhost:3000/trips/${tripId}`);

    // The plan.
    const option = options[0];
    if (!pack || !option) throw new Error("no options");
    expect(
      (await actions.chooseDestination(trip.organizer.ctx, { tripId, recommendationId: pack.id, slug: option.slug }))
        .ok,
    ).toBe(true);
    expect(
      (await actions.setTripDates(trip.organizer.ctx, { tripId, start: "2027-06-12", end: "2027-06-15" })).ok,
    ).toBe(true);
    expect((await runItinerary(tripId)).status).toBe("succeeded");
    expect(await drainOutbox({ now: at(32), mailer })).toEqual({ sent: 2, failed: 0, logged: 0 });
    expect(sentSince(start + 3).sort()).toEqual([
      ["kim@example.com", "Your turn: the plan is ready to look at · Coast walk"],
      ["olga@example.com", "Your turn: the plan is ready to look at · Coast walk"],
    ]);

    // Final: everyone who chose it but Olga, who finalized it herself.
    expect((await actions.finalizePlan(trip.organizer.ctx, { tripId })).ok).toBe(true);
    expect(await drainOutbox({ now: at(48), mailer })).toEqual({ sent: 2, failed: 0, logged: 0 });
    expect(sentSince(start + 5).sort()).toEqual([
      ["kim@example.com", "The plan is final · Coast walk"],
      ["pia@example.com", "The plan is final · Coast walk"],
    ]);
    // Nothing more waits, and nobody got anything twice.
    expect(await drainOutbox({ now: at(120), mailer })).toEqual({ sent: 0, failed: 0, logged: 0 });
    expect(smtp.received.length - start).toBe(7);

    // The To header is the envelope's one recipient: nobody sees another member's address.
    const mails = smtp.received.slice(start);
    for (const r of mails) {
      expect(r.envelopeTo).toHaveLength(1);
      expect(r.mail.to && !Array.isArray(r.mail.to) ? r.mail.to.value.map((a) => a.address) : []).toEqual(r.envelopeTo);
      for (const address of ["olga@example.com", "kim@example.com", "pia@example.com"]) {
        if (!r.envelopeTo.includes(address)) expect(r.raw.toLowerCase()).not.toContain(address);
      }
    }
    // No email holds anyone's private answers: not Kim's (sent to others) nor Ned's (sent to anyone).
    for (const r of mails) {
      const toKim = r.envelopeTo[0] === "kim@example.com";
      for (const amount of toKim ? [] : [SECRETS.kimBudgetMin, SECRETS.kimBudgetMax]) {
        // As a number of its own (not inside an id or a token).
        expect(r.mail.text ?? "").not.toMatch(new RegExp(`(?<![\\w-])${amount}(?![\\w-])`));
      }
      for (const secret of [
        ...(toKim ? [] : [SECRETS.kimNotes, SECRETS.kimHardNo, SECRETS.kimOrigin]),
        SECRETS.nedNotes,
        SECRETS.nedHardNo,
        SECRETS.nedOrigin,
        "gluten-free",
        "hearing",
      ]) {
        expect(r.raw).not.toContain(secret);
      }
    }
  });
});

/** Kim, with an address, asked about the trip length; returns the trip and how to ask again. */
async function kimWithEmail(name: string, topics?: string[]) {
  const trip = await group(name);
  await setEmail(trip.kim, trip.tripId, "kim@example.com", topics);
  const ask = async () => {
    const asked = await actions.askMemberToResolve(trip.organizer.ctx, {
      tripId: trip.tripId,
      memberId: trip.kimId,
      conflict: "trip-length",
    });
    expect(asked.ok).toBe(true);
  };
  return { ...trip, ask };
}

describe("the digest window", () => {
  it("sends at once, then holds everything for 15 minutes and sends it as one email", async () => {
    const trip = await kimWithEmail("Digest trip");
    const start = smtp.received.length;
    await trip.ask();
    expect(await drainOutbox({ now: at(0), mailer })).toMatchObject({ sent: 1 });

    // Asked again twice, then a final-plan notification (queued as finalizing queues it).
    await trip.ask();
    await trip.ask();
    expect(
      await enqueueNotifications({ tripId: trip.tripId, body: { topic: "final" }, dedupeKey: "final:digest-test" }),
    ).toBe(1);
    expect(await drainOutbox({ now: at(5), mailer })).toEqual({ sent: 0, failed: 0, logged: 0 });
    expect(await drainOutbox({ now: new Date(at(15).getTime() - 1), mailer })).toEqual({
      sent: 0,
      failed: 0,
      logged: 0,
    });
    expect(await drainOutbox({ now: at(15), mailer })).toEqual({ sent: 1, failed: 0, logged: 0 });
    expect(sentSince(start)).toEqual([
      ["kim@example.com", "Your turn: the organizer asks you to look at something · Digest trip"],
      ["kim@example.com", "3 updates for Digest trip"],
    ]);
    const digest = smtp.received.at(-1)?.mail.text ?? "";
    const items = digest.split("\n").filter((l) => l.startsWith("- "));
    expect(items).toEqual([
      `- The organizer asks you to look at how long the trip is: only your answers can fix it. http://localhost:3000/trips/${trip.tripId}`,
      `- The organizer asks you to look at how long the trip is: only your answers can fix it. http://localhost:3000/trips/${trip.tripId}`,
      `- The plan is final. http://localhost:3000/trips/${trip.tripId}/plan`,
    ]);
    // The next email again waits 15 minutes from this one.
    await trip.ask();
    expect(await drainOutbox({ now: at(29), mailer })).toMatchObject({ sent: 0 });
    expect(await drainOutbox({ now: at(30), mailer })).toMatchObject({ sent: 1 });
  });

  it("says what the member owes or is owed in the trip's costs, in their own currency too", async () => {
    const trip = await kimWithEmail("Costs digest trip");
    const start = smtp.received.length;
    const dinner = {
      tripId: trip.tripId,
      description: "Dinner",
      amount: "90",
      currency: "USD",
      category: "food",
      spentOn: "2027-01-03",
      split: { kind: "equal" },
    };
    expect((await actions.addExpense(trip.organizer.ctx, dinner)).ok).toBe(true);
    expect((await actions.setMyDisplayCurrency(trip.kim.ctx, { tripId: trip.tripId, currency: "EUR" })).ok).toBe(true);
    await trip.ask();
    expect(await drainOutbox({ now: at(0), mailer })).toMatchObject({ sent: 1 });
    expect(sentSince(start)).toHaveLength(1);
    // $90 among Olga, Kim and Ned: Kim owes $30.00; in euros at the shipped 0.8625, €25.88 (25.875, half to even).
    const items = (smtp.received.at(-1)?.mail.text ?? "").split("\n").filter((l) => l.startsWith("- "));
    expect(items.at(-1)).toBe(
      `- Costs: You owe $30.00 (≈ €25.88) in all. http://localhost:3000/trips/${trip.tripId}/costs`,
    );
    // Even again (Kim paid Olga): the line goes.
    const olgaId = await memberId(trip.organizer, trip.tripId);
    const paid = await actions.recordPayment(trip.kim.ctx, {
      tripId: trip.tripId,
      fromMemberId: trip.kimId,
      toMemberId: olgaId,
      amount: "30",
    });
    expect(paid.ok).toBe(true);
    await trip.ask();
    expect(await drainOutbox({ now: at(15), mailer })).toMatchObject({ sent: 1 });
    expect(smtp.received.at(-1)?.mail.text ?? "").not.toMatch(/Costs:/);
  });

  it("what was queued for a topic the member turned off since is never sent", async () => {
    const trip = await kimWithEmail("Changed my mind");
    await trip.ask();
    await setEmail(trip.kim, trip.tripId, "kim@example.com", ["vote", "plan", "final"]);
    const start = smtp.received.length;
    expect(await drainOutbox({ now: at(0), mailer })).toEqual({ sent: 0, failed: 0, logged: 0 });
    expect(smtp.received.length).toBe(start);
    expect(await pending(trip.kimId)).toEqual([]);
  });

  it("two drainers at once send a member's digest once", async () => {
    const trip = await kimWithEmail("Two drainers");
    const start = smtp.received.length;
    await trip.ask();
    const results = await Promise.all([drainOutbox({ now: at(0), mailer }), drainOutbox({ now: at(0), mailer })]);
    expect(results.reduce((n, r) => n + r.sent, 0)).toBe(1);
    expect(sentSince(start)).toHaveLength(1);
  });
});

describe("the unsubscribe link", () => {
  it("is in the body and the List-Unsubscribe headers; opening it changes nothing, POST stops every email", async () => {
    const trip = await kimWithEmail("Unsubscribe trip");
    const start = smtp.received.length;
    await trip.ask();
    await drainOutbox({ now: at(0), mailer });
    const [mail] = smtp.received.slice(start);
    if (!mail) throw new Error("no email");
    const link = /Stop these emails: (\S+)/.exec(mail.mail.text ?? "")?.[1];
    expect(link).toMatch(/^http:\/\/localhost:3000\/unsubscribe\/[A-Za-z0-9_-]{43}$/);
    // Long header lines are folded onto the next line: unfold before reading.
    const headers = mail.raw.split(/\r?\n\r?\n/)[0]?.replace(/\r?\n[ \t]+/g, " ") ?? "";
    const header = (name: string) => new RegExp(`^${name}: (.*)$`, "m").exec(headers)?.[1]?.trim();
    expect(header("List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
    expect(header("List-Unsubscribe")).toBe(`<${link}>`);
    const path = new URL(link ?? "").pathname;

    // A link scanner or a click: a confirm page, nothing changed.
    const opened = await fetch(`${web.origin}${path}`);
    expect(opened.status).toBe(200);
    const page = await opened.text();
    expect(page).toContain("Stop all emails about <strong>Unsubscribe trip</strong>?");
    expect(page).toContain('<form method="post">');
    expect(page).not.toContain("kim@example.com");
    expect(opened.headers.get("referrer-policy")).toBe("no-referrer");
    expect(await getNotificationSettings({ memberId: trip.kimId })).toEqual({
      email: "kim@example.com",
      topics: ["request", "vote", "plan", "final"],
    });

    // Something waits when the mail app's one-click POST arrives: it is dropped with the rest.
    await trip.ask();
    const posted = await fetch(`${web.origin}${path}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(posted.status).toBe(200);
    expect(await posted.text()).toContain("You won't get any more emails about <strong>Unsubscribe trip</strong>.");
    expect(await getNotificationSettings({ memberId: trip.kimId })).toEqual({ email: "kim@example.com", topics: [] });
    expect((await pending(trip.kimId)).filter((r) => r.sentAt === null)).toEqual([]);
    await trip.ask();
    expect(await drainOutbox({ now: at(60), mailer })).toEqual({ sent: 0, failed: 0, logged: 0 });
    expect(smtp.received.length - start).toBe(1);

    // A made-up token finds nothing (and says so) on either method.
    const unknown = `/unsubscribe/${"x".repeat(43)}`;
    expect((await fetch(`${web.origin}${unknown}`)).status).toBe(404);
    expect((await fetch(`${web.origin}${unknown}`, { method: "POST" })).status).toBe(404);
  });
});

describe("a mail server that is down", () => {
  it("loses no message and breaks no page: the email is retried from the outbox with backoff", async () => {
    const trip = await kimWithEmail("Server down");
    const down = smtpMailer({ url: `smtp://127.0.0.1:${await unreachablePort()}`, from: FROM });
    const start = smtp.received.length;

    // The organizer's action works while the server is down (sending is never on a request's path).
    await trip.ask();
    expect(await drainOutbox({ now: at(0), mailer: down })).toEqual({ sent: 0, failed: 1, logged: 0 });
    const db = await getDb();
    const settings = async () =>
      (await db.select().from(notificationSettings).where(eq(notificationSettings.memberId, trip.kimId)))[0];
    expect(await settings()).toMatchObject({ failures: 1, retryAt: at(1), lastSentAt: null });
    expect((await pending(trip.kimId)).map((r) => r.sentAt)).toEqual([null]);
    // The operator's page answers, with the count of what waits after a failed send.
    expect((await loadStatus()).outbox).toMatchObject({ waiting: 1, retrying: 1 });
    // The member's own pages still load, and asking again still works.
    expect(
      (await actions.declineResolutionRequest(trip.kim.ctx, { tripId: trip.tripId, conflict: "trip-length" })).ok,
    ).toBe(true);
    await trip.ask();

    // Backoff: not before a minute; the second failure waits two more.
    expect(await drainOutbox({ now: at(0.5), mailer: down })).toEqual({ sent: 0, failed: 0, logged: 0 });
    expect(await drainOutbox({ now: at(1), mailer: down })).toEqual({ sent: 0, failed: 1, logged: 0 });
    expect(await settings()).toMatchObject({ failures: 2, retryAt: at(3) });
    expect(await drainOutbox({ now: at(2.5), mailer })).toEqual({ sent: 0, failed: 0, logged: 0 });

    // The server is back: both requests arrive, in one email.
    expect(await drainOutbox({ now: at(3), mailer })).toEqual({ sent: 1, failed: 0, logged: 0 });
    expect(sentSince(start)).toEqual([["kim@example.com", "2 updates for Server down"]]);
    expect(await settings()).toMatchObject({ failures: 0, retryAt: null, lastSentAt: at(3) });
    expect((await pending(trip.kimId)).every((r) => r.sentAt?.getTime() === at(3).getTime())).toBe(true);
  });
});

describe("with no SMTP server configured", () => {
  it("keeps the messages in the outbox and writes each to the debug log once", async () => {
    const trip = await kimWithEmail("No server");
    const debug = vi.spyOn(log, "debug");
    try {
      await trip.ask();
      expect(await drainOutbox({ now: at(0), mailer: null })).toEqual({ sent: 0, failed: 0, logged: 1 });
      expect(await drainOutbox({ now: at(20), mailer: null })).toEqual({ sent: 0, failed: 0, logged: 0 });
      const logged = debug.mock.calls.filter((c) => c[1] === "notification kept in the outbox (no SMTP_URL)");
      expect(logged).toHaveLength(1);
      const entry = logged[0]?.[0] as { notification: { to: string; subject: string; lines: string } };
      expect(entry.notification.to).toBe("k***@example.com");
      expect(entry.notification.subject).toBe("Your turn: the organizer asks you to look at something · No server");
      expect(entry.notification.lines).toContain("The organizer asks you to look at how long the trip is");
      expect((await pending(trip.kimId)).map((r) => r.sentAt)).toEqual([null]);
      expect((await loadStatus()).outbox.waiting).toBeGreaterThanOrEqual(1);
    } finally {
      debug.mockRestore();
    }
  });
});

describe("the server's background worker", () => {
  it("sends the email a moment after the event, off the request's path", async () => {
    const trip = await group("Worker trip");
    await setEmail(trip.kim, trip.tripId, "kim.worker@example.com");
    const previous = process.env.SMTP_URL;
    process.env.SMTP_URL = smtp.url;
    const worker = startNotificationWorker({ intervalMs: 60_000, wakeDelayMs: 20 });
    try {
      const asked = await actions.askMemberToResolve(trip.organizer.ctx, {
        tripId: trip.tripId,
        memberId: trip.kimId,
        conflict: "trip-length",
      });
      expect(asked.ok).toBe(true);
      await vi.waitFor(
        () => expect(smtp.received.filter((r) => r.envelopeTo.includes("kim.worker@example.com"))).toHaveLength(1),
        { timeout: 10_000, interval: 50 },
      );
    } finally {
      await worker.stop();
      if (previous === undefined) delete process.env.SMTP_URL;
      else process.env.SMTP_URL = previous;
    }
  });
});
