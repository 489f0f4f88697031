import "server-only";
import { createHash } from "node:crypto";
import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";
import { hashedPagePolicy } from "@/lib/csp";
import { sharePath } from "./link";
import { RENDER_HEADER } from "./render-marker";

/**
 * The share page as it was rendered once for a state of the trip (lib/share/link.ts
 * `sharedPageRead`): its HTML with the nonce taken out, and the Content-Security-Policy that
 * allows exactly its own inline scripts and styles by their SHA-256 — a script the page didn't
 * render itself doesn't run, as under the per-request nonce, and the copy can be served to
 * every visitor.
 */
export type RenderedPage = {
  status: number;
  /** The HTML as sent (bytes made once, served to every visitor). */
  body: Uint8Array<ArrayBuffer>;
  headers: Record<string, string>;
};

/** What the browser hashes: the text between the tags of each inline script and style. */
export function inlineHashes(html: string): { scripts: string[]; styles: string[] } {
  const hash = (text: string) => createHash("sha256").update(text, "utf8").digest("base64");
  const scripts = new Set<string>();
  for (const [, attributes, text] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (!/\bsrc\s*=/i.test(attributes ?? "") && text) scripts.add(hash(text));
  }
  const styles = new Set<string>();
  for (const [, text] of html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)) if (text) styles.add(hash(text));
  return { scripts: [...scripts], styles: [...styles] };
}

/** The page without its render's nonce, and the policy for it. */
export function hashedPage(html: string, nonce: string | null): { html: string; csp: string } {
  const bare = nonce ? html.split(` nonce="${nonce}"`).join("") : html;
  return { html: bare, csp: hashedPagePolicy(inlineHashes(bare)) };
}

/** Request headers the page's rendering depends on (its links' origin, the client for rate limits, the language). */
const PASSED_ON = ["host", "x-forwarded-proto", "x-forwarded-for", "x-forwarded-host", "user-agent", "accept-language"];

/**
 * Renders /s/<token> by asking this server for it (marked, so it renders as any page, with a
 * nonce), as the visitor `head` asked — without their cookies — and makes it servable with
 * hashes. `asIs`: the answer as rendered, nonce and all, for a visit that isn't served a stored
 * copy (a query string, a link-preview crawler). Non-200 answers (a link that died meanwhile)
 * come back as they are.
 */
export async function renderSharePage(
  token: string,
  head: Headers,
  { search = "", asIs = false }: { search?: string; asIs?: boolean } = {},
): Promise<RenderedPage> {
  const origin = new URL(process.env.__NEXT_PRIVATE_ORIGIN ?? `http://127.0.0.1:${process.env.PORT ?? 3000}`);
  const headers: Record<string, string> = { accept: "text/html", [RENDER_HEADER]: "1" };
  for (const name of PASSED_ON) {
    const value = head.get(name);
    if (value !== null) headers[name] = value;
  }
  const answer = await fetchRaw(new URL(`${sharePath(token)}${search}`, origin), headers);
  const kept: Record<string, string> = {};
  for (const name of ["content-type", "cache-control", "content-security-policy"]) {
    const value = answer.headers[name];
    if (typeof value === "string") kept[name] = value;
  }
  const csp = kept["content-security-policy"] ?? "";
  if (asIs || answer.status !== 200 || !kept["content-type"]?.startsWith("text/html")) {
    return { status: answer.status, body: new Uint8Array(answer.body), headers: kept };
  }
  const nonce = /'nonce-([^']+)'/.exec(csp)?.[1] ?? null;
  const page = hashedPage(answer.body.toString("utf8"), nonce);
  return {
    status: 200,
    body: new Uint8Array(Buffer.from(page.html, "utf8")),
    headers: { ...kept, "content-security-policy": page.csp },
  };
}

function fetchRaw(
  url: URL,
  headers: Record<string, string>,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  const send = url.protocol === "https:" ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const sent = send(url, { method: "GET", headers, timeout: 60_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 500, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on("error", reject);
    });
    sent.on("timeout", () => sent.destroy(new Error("the share page's render took over a minute")));
    sent.on("error", reject);
    sent.end();
  });
}
