import "server-only";
import { cache } from "react";
import { requestContext } from "@/lib/auth/request";
import { sharedPlanRead } from "@/lib/share/link";

/**
 * What a share token opens, once per request (the page, its metadata and its preview image share
 * it), and once per state of the trip across requests (lib/share/read-cache.ts).
 */
export const loadSharedPlan = cache(async (token: string) => sharedPlanRead(await requestContext(), token));
