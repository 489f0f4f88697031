import "server-only";
import { NextResponse } from "next/server";
import { AppError } from "@/lib/errors";

/**
 * How a route handler answers a refusal: the AppError's status and safe message as JSON,
 * with `Retry-After` when trying again later can work (rate limits, budgets). Anything
 * else is rethrown for Next's generic 500 (its log line goes through lib/log's scrubbing).
 */
export function refusalResponse(error: unknown): NextResponse {
  if (!(error instanceof AppError)) throw error;
  const headers: Record<string, string> = { "Cache-Control": "no-store" };
  if (error.retryAfterSeconds) headers["Retry-After"] = String(error.retryAfterSeconds);
  return NextResponse.json(
    { error: error.code, message: error.message, ...(error.fieldErrors ? { fieldErrors: error.fieldErrors } : {}) },
    { status: error.status, headers },
  );
}
