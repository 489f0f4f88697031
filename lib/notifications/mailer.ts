import "server-only";
import nodemailer from "nodemailer";
import { readEnv } from "@/lib/env";

/** What the drainer hands to a mail server. */
export type OutgoingEmail = {
  to: string;
  subject: string;
  text: string;
  headers: Record<string, string>;
};

export interface Mailer {
  send(email: OutgoingEmail): Promise<void>;
}

/** Bounded waits, so an unreachable or stuck server costs one drain a few seconds, never a page. */
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

/** SMTP through nodemailer; `url` as in `SMTP_URL` (smtp://user:pass@host:587, smtps://…). */
export function smtpMailer({ url, from }: { url: string; from: string }): Mailer {
  const transport = nodemailer.createTransport(url, { from, ...TIMEOUTS });
  return {
    async send(email) {
      await transport.sendMail({
        from,
        to: email.to,
        subject: email.subject,
        text: email.text,
        headers: email.headers,
      });
    },
  };
}

/** The configured mailer, or null: with no `SMTP_URL` messages stay in the outbox (and go to the debug log). */
export function configuredMailer(): Mailer | null {
  const env = readEnv();
  return env.SMTP_URL ? smtpMailer({ url: env.SMTP_URL, from: env.SMTP_FROM }) : null;
}
