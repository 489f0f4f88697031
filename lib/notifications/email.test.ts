import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { GET, POST } from "@/app/unsubscribe/[token]/route";
import * as actions from "@/lib/actions";
import { requireMember } from "@/lib/auth/guards";
import { getDb } from "@/lib/db/client";
import { getNotificationSettings } from "@/lib/db/queries/notifications";
import { latestRecommendations } from "@/lib/db/queries/recommendations";
import { notificationOutbox, notificationSettings } from "@/lib/db/schema";
import { log } from "@/lib/log";
import { drainOutbox } from "@/lib/notifications/drain";
import { type Mailer, smtpMailer } from "@/lib/notifications/mailer";
import { loadStatus } from "@/lib/status";
import type { TestBrowser } from "@/test/browser";
import { withTestDatabase } from "@/test/db";
import { answers, newTrip } from "@/test/fixtures";
import { runItinerary } from "@/test/itinerary";
import { runPipeline } from "@/test/pipeline";
import { type Received, startSmtpServer, unreachablePort } from "@/test/smtp";

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
