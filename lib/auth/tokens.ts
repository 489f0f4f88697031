import { createHash, randomBytes } from "node:crypto";

/** A fresh 256-bit capability token, URL-safe. */
export function newToken(): string {
  return randomBytes(32).toString("base64url");
}

/** What the database stores instead of the token. */
export function hashToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

/** Tokens we issue are 43 base64url characters; anything else is not worth a query. */
export function looksLikeToken(value: string | undefined): value is string {
  return typeof value === "string" && /^[A-Za-z0-9_-]{43}$/.test(value);
}
