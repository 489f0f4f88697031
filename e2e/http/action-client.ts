import { readFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import type { APIRequestContext, APIResponse } from "@playwright/test";

/**
 * Calls the product's server actions over plain HTTP, the way a browser's fetch does (or
 * an attacker's script would): `Next-Action` names the action by its build id, the body
 * is React's reply encoding — JSON text for plain arguments, multipart for a form.
 */

let manifest: Record<string, { exportedName?: string }> | undefined;

export function actionId(name: string): string {
  manifest ??= (
    JSON.parse(readFileSync(".next/server/server-reference-manifest.json", "utf8")) as {
      node: Record<string, { exportedName?: string }>;
    }
  ).node;
  const id = Object.entries(manifest).find(([, entry]) => entry.exportedName === name)?.[0];
  if (!id) throw new Error(`no server action named ${name} in this build`);
  return id;
}

export type Caller = { request: APIRequestContext; base: string; client: string; proto?: string };

function headers(caller: Caller, name: string, extra: Record<string, string> = {}) {
  return {
    "Next-Action": actionId(name),
    Origin: caller.base,
    Accept: "text/x-component",
    "X-Forwarded-For": caller.client,
    ...(caller.proto ? { "X-Forwarded-Proto": caller.proto } : {}),
    ...extra,
  };
}

/** A form action (`useActionState`): arguments (previous state, form data). */
export function callFormAction(caller: Caller, path: string, name: string, fields: Record<string, string>) {
  // The form's fields first, then the root ("0") that refers to them, in this order, as React sends them.
  const multipart = new FormData();
  for (const [key, value] of Object.entries(fields)) multipart.append(`_1_${key}`, value);
  multipart.append("0", JSON.stringify([null, "$K1"]));
  return caller.request.post(`${caller.base}${path}`, { headers: headers(caller, name), multipart, maxRedirects: 0 });
}

/** An action with plain arguments, as JSON text. */
export function callAction(caller: Caller, path: string, name: string, args: unknown[], body?: string) {
  return caller.request.post(`${caller.base}${path}`, {
    headers: headers(caller, name, { "Content-Type": "text/plain;charset=UTF-8" }),
    data: body ?? JSON.stringify(args),
    maxRedirects: 0,
  });
}

/** The action's return value from the response (row `1:` of the flight data), or null. */
export async function resultOf(response: APIResponse): Promise<Record<string, unknown> | null> {
  const row = (await response.text()).split("\n").find((line) => line.startsWith("1:"));
  return row ? (JSON.parse(row.slice(2)) as Record<string, unknown>) : null;
}

/** The trip a successful create or join redirected to. */
export function redirectedTrip(response: APIResponse): string | undefined {
  return /\/trips\/([0-9a-f-]{36})/.exec(response.headers()["x-action-redirect"] ?? "")?.[1];
}

/**
 * A form action sent from a given loopback source address (127.0.0.2, …) over a fresh
 * connection, so the server sees another socket: the one way to be another client to a
 * server that trusts no proxy. Answers the status and the action's result or redirect.
 */
export async function formActionFromSocket(
  { base, localAddress, headers: extra = {} }: { base: string; localAddress: string; headers?: Record<string, string> },
  path: string,
  name: string,
  fields: Record<string, string>,
): Promise<{ status: number; redirect: string | undefined; result: Record<string, unknown> | null }> {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(`_1_${key}`, value);
  form.append("0", JSON.stringify([null, "$K1"]));
  const encoded = new Request(base, { method: "POST", body: form });
  const body = Buffer.from(await encoded.arrayBuffer());
  const url = new URL(path, base);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: "POST",
        localAddress,
        agent: false,
        headers: {
          "Next-Action": actionId(name),
          Origin: base,
          Accept: "text/x-component",
          "Content-Type": encoded.headers.get("content-type") ?? "",
          "Content-Length": String(body.length),
          ...extra,
        },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk) => {
          text += chunk;
        });
        res.on("end", () => {
          const row = text.split("\n").find((line) => line.startsWith("1:"));
          const redirect = res.headers["x-action-redirect"];
          resolve({
            status: res.statusCode ?? 0,
            redirect: typeof redirect === "string" ? redirect : undefined,
            result: row ? (JSON.parse(row.slice(2)) as Record<string, unknown>) : null,
          });
        });
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}
