import "server-only";
import { cache } from "react";
import { requestContext } from "@/lib/auth/request";
import { openShareLink, shownPlan } from "@/lib/share/link";

/** What a share token opens, once per request (the page, its metadata and its preview image share it). */
export const loadSharedPlan = cache(async (token: string) => {
  const shared = await openShareLink(await requestContext(), token);
  if (!shared) return null;
  const shown = await shownPlan(shared);
  return { shared, plan: shown?.plan ?? null, facts: shown?.facts };
});
