import "server-only";
import { cookies, headers } from "next/headers";
import type { RequestContext } from "./session";

/** The current request's cookies and scheme, for server actions, pages and route handlers. */
export async function requestContext(): Promise<RequestContext> {
  const [jar, head] = await Promise.all([cookies(), headers()]);
  return { cookies: jar, secure: head.get("x-forwarded-proto") === "https" };
}
