import type { CookieOptions, RequestContext } from "@/lib/auth/session";

/** A stand-in for one browser: a cookie jar the actions read and write, as Next's `cookies()` would. */
export function browser(): { ctx: RequestContext; cookie(name: string): string | undefined } {
  const jar = new Map<string, string>();
  return {
    ctx: {
      secure: false,
      cookies: {
        get: (name: string) => {
          const value = jar.get(name);
          return value === undefined ? undefined : { value };
        },
        set: (name: string, value: string, _options: CookieOptions) => jar.set(name, value),
      },
    },
    cookie: (name) => jar.get(name),
  };
}
