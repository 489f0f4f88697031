/** Postgres SQLSTATE of an error from either driver (drizzle wraps driver errors in `cause`). */
export function sqlState(error: unknown): string | undefined {
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

export const UNIQUE_VIOLATION = "23505";
