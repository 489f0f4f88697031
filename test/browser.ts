import type { CookieOptions, RequestContext } from "@/lib/auth/session";

export interface TestBrowser {
  ctx: RequestContext;
  cookie(name: string): string | undefined;
  /** Another browser holding the same cookies (what this one calls doesn't change the original). */
  clone(): TestBrowser;
}

/** A stand-in for one browser: a cookie jar the actions read and write, as Next's `cookies()` would. */
export function browser(initial: Map<string, string> = new Map(), client = randomClient()): TestBrowser {
  const jar = new Map(initial);
  return {
    ctx: {
      secure: false,
      client,
      cookies: {
        get: (name: string) => {
          const value = jar.get(name);
          return value === undefined ? undefined : { value };
        },
        set: (name: string, value: string, _options: CookieOptions) => jar.set(name, value),
      },
    },
    cookie: (name) => jar.get(name),
    clone: () => browser(jar, client),
  };
}

/** Each test browser is its own device on its own network address, unless a test says otherwise. */
function randomClient(): string {
  return `198.51.100.${Math.floor(Math.random() * 254) + 1}:${Math.floor(Math.random() * 1e6)}`;
}
