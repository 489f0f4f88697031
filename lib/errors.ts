import type { z } from "zod";

/**
 * The one error type that crosses a boundary. Its code says what went wrong in a way a
 * caller can branch on, maps to an HTTP status, and carries a message safe to show a
 * user. Anything else thrown is an internal error: logged, never shown.
 */

const STATUS_BY_KIND = {
  invalid: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  limit: 422,
  /** Too many requests or over a budget: try again after `retryAfterSeconds`. */
  too_many: 429,
} as const;

export type ErrorKind = keyof typeof STATUS_BY_KIND;
export type ErrorCode = `${ErrorKind}:${string}`;

/** Field path ("budget.max", "dates.windows.2.end") → message. */
export type FieldErrors = Record<string, string>;

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly fieldErrors?: FieldErrors;
  /** For `too_many:*`: when trying again can work (the Retry-After header of a route). */
  readonly retryAfterSeconds?: number;

  constructor(
    code: ErrorCode,
    message: string,
    fieldErrors?: FieldErrors,
    options: { retryAfterSeconds?: number } = {},
  ) {
    super(message);
    this.name = "AppError";
    this.code = code;
    this.fieldErrors = fieldErrors;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }

  get kind(): ErrorKind {
    return this.code.split(":")[0] as ErrorKind;
  }

  get status(): number {
    return STATUS_BY_KIND[this.kind];
  }
}

/** A trip that doesn't exist and a trip you may not see look the same from outside. */
export function tripNotFound(): AppError {
  return new AppError("not_found:trip", "This trip doesn't exist, or this browser isn't part of it.");
}

/** zod issues → the first message per field path ("" for the input as a whole). */
export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.join(".");
    errors[key] ??= issue.message;
  }
  return errors;
}

/**
 * A failure that trying the same step again cannot fix (the model keeps answering in
 * the wrong shape, the input can't be planned). Durable engines don't retry it; the
 * run fails at once with `code` and a message that says what the organizer can do.
 */
export class PermanentError extends Error {
  readonly permanent = true;
  constructor(
    readonly code: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = "PermanentError";
  }
}

export function isPermanent(error: unknown): error is PermanentError {
  return error instanceof Error && (error as Partial<PermanentError>).permanent === true;
}
