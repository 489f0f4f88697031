import "server-only";
import { hashToken, newToken } from "@/lib/auth/tokens";
import {
  addUnsubscribeLink,
  claimRecipient,
  dropNotifications,
  markFailed,
  markLogged,
  markSent,
  recipientsDue,
  releaseRecipient,
  removeUnsubscribeLink,
  unsentNotifications,
} from "@/lib/db/queries/notifications";
import { log } from "@/lib/log";
import { composeDigest } from "./compose";
import { costsStandingOf } from "./costs-standing";
import { publicUrl, unsubscribePath } from "./links";
import { configuredMailer, type Mailer } from "./mailer";

/**
 * Empties the outbox into email: one digest per member with everything waiting, at most one
 * every 15 minutes. A failed send keeps every row and retries the member with backoff
 * (1, 2, 4 … minutes, at most an hour apart), so a mail server that is down loses nothing.
 * With no mailer configured the messages stay queued and go to the server log at debug level
 * once each. `now` is injectable so tests can walk the clock through the window.
 */

export const DIGEST_WINDOW_MS = 15 * 60_000;
/** How long one drainer holds a member's digest while it sends (longer than the mailer's timeouts). */
const CLAIM_MS = 2 * 60_000;
const MAX_BACKOFF_MS = 60 * 60_000;

export function backoffMs(failures: number): number {
  return Math.min(60_000 * 2 ** Math.max(0, failures - 1), MAX_BACKOFF_MS);
}

export type DrainResult = { sent: number; failed: number; logged: number };

export async function drainOutbox({
  now = new Date(),
  mailer = configuredMailer(),
}: {
  now?: Date;
  mailer?: Mailer | null;
} = {}): Promise<DrainResult> {
  const result: DrainResult = { sent: 0, failed: 0, logged: 0 };
  const due = await recipientsDue({ now, windowMs: DIGEST_WINDOW_MS, unlogged: !mailer });
  for (const memberId of due) {
    const recipient = await claimRecipient({ memberId, now, until: new Date(now.getTime() + CLAIM_MS) });
    if (!recipient) continue;
    const rows = await unsentNotifications({ memberId });
    // Topics they turned off since the row was queued are never sent.
    const wanted = rows.filter((row) => recipient.topics.includes(row.topic));
    await dropNotifications({ ids: rows.filter((row) => !wanted.includes(row)).map((row) => row.id) });
    const links = {
      dashboard: publicUrl(`/trips/${recipient.tripId}`),
      plan: publicUrl(`/trips/${recipient.tripId}/plan`),
      costs: publicUrl(`/trips/${recipient.tripId}/costs`),
    };

    if (!mailer) {
      const fresh = wanted.filter((row) => row.loggedAt === null);
      if (fresh.length) {
        const digest = composeDigest({
          ...recipient,
          bodies: fresh.map((row) => row.body),
          links: { ...links, unsubscribe: "(made when it is sent)" },
        });
        log.debug(
          {
            notification: {
              ids: fresh.map((r) => r.id),
              to: maskAddress(recipient.email),
              subject: digest.subject,
              lines: digest.text,
            },
          },
          "notification kept in the outbox (no SMTP_URL)",
        );
        await markLogged({ ids: fresh.map((row) => row.id), now });
        result.logged += fresh.length;
      }
      await releaseRecipient({ memberId });
      continue;
    }

    if (!wanted.length) {
      await releaseRecipient({ memberId });
      continue;
    }
    const token = newToken();
    const unsubscribe = publicUrl(unsubscribePath(token));
    await addUnsubscribeLink({ memberId, tokenHash: hashToken(token) });
    const digest = composeDigest({
      ...recipient,
      bodies: wanted.map((row) => row.body),
      links: { ...links, unsubscribe },
      costs: await costsStandingOf({ tripId: recipient.tripId, memberId }),
    });
    try {
      await mailer.send({
        to: recipient.email,
        subject: digest.subject,
        text: digest.text,
        headers: {
          // RFC 8058 one-click: mail apps POST "List-Unsubscribe=One-Click" to this address.
          "List-Unsubscribe": `<${unsubscribe}>`,
          "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
        },
      });
    } catch (error) {
      await removeUnsubscribeLink({ tokenHash: hashToken(token) });
      const failures = recipient.failures + 1;
      await markFailed({ memberId, failures, retryAt: new Date(now.getTime() + backoffMs(failures)) });
      // The code only: a mail server's message can quote the address.
      log.warn(
        { code: errorCode(error), failures, waiting: wanted.length },
        "notification email failed; kept in the outbox",
      );
      result.failed++;
      continue;
    }
    await markSent({ memberId, ids: wanted.map((row) => row.id), now });
    result.sent++;
  }
  return result;
}

function errorCode(error: unknown): string {
  const code = (error as { code?: unknown; responseCode?: unknown } | null)?.code;
  return typeof code === "string" ? code : "unknown";
}

/** "dana@example.com" → "d***@example.com" for the log. */
export function maskAddress(email: string): string {
  const [local = "", domain = ""] = email.split("@");
  return `${local.slice(0, 1)}***@${domain}`;
}
