import { readEnv } from "@/lib/env";

/** Links in emails are absolute: the configured public address, or the dev server's. */
export function publicUrl(path: string): string {
  const base = readEnv().PUBLIC_URL ?? "http://localhost:3000";
  return new URL(path, base.endsWith("/") ? base : `${base}/`).toString();
}

export function unsubscribePath(token: string): string {
  return `/unsubscribe/${token}`;
}
