import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { CLIENT_ADDRESS_HEADER, clientAddressFrom, recordClientAddresses } from "@/lib/auth/client-address";
import { clientAddress, requestOrigin } from "@/lib/auth/request";

afterEach(() => vi.unstubAllEnvs());

describe("the client's address for rate limits", () => {
  it("with no trusted proxy, is the socket's peer whatever X-Forwarded-For claims", () => {
    const forwardedFor = "198.51.100.7, 203.0.113.9";
    expect(clientAddressFrom({ socket: "192.0.2.10", forwardedFor, trustProxy: 0 })).toBe("192.0.2.10");
    expect(clientAddressFrom({ socket: "::ffff:192.0.2.10", forwardedFor: null, trustProxy: 0 })).toBe("192.0.2.10");
    expect(clientAddressFrom({ socket: undefined, forwardedFor, trustProxy: 0 })).toBeUndefined();
  });

  it("behind n trusted proxies, is the entry n hops back from the socket; what the client prepended is ignored", () => {
    // The client claimed 198.51.100.7; proxy A saw 203.0.113.9 and appended it; proxy B (the socket) appended A.
    const forwardedFor = "198.51.100.7, 203.0.113.9, 10.0.0.2";
    expect(clientAddressFrom({ socket: "10.0.0.3", forwardedFor, trustProxy: 2 })).toBe("203.0.113.9");
    expect(clientAddressFrom({ socket: "10.0.0.3", forwardedFor, trustProxy: 1 })).toBe("10.0.0.2");
    // A request that skipped the proxies: the leftmost entry there is, here the socket.
    expect(clientAddressFrom({ socket: "192.0.2.10", forwardedFor: null, trustProxy: 1 })).toBe("192.0.2.10");
    // No socket known (no server hook): the proxy is still one hop, so its appended entry counts.
    expect(clientAddressFrom({ socket: undefined, forwardedFor: "198.51.100.7, 203.0.113.9", trustProxy: 1 })).toBe(
      "203.0.113.9",
    );
  });
});

describe("over real HTTP, with the server hook installed", () => {
  let server: Server;
  let port: number;

  beforeAll(async () => {
    recordClientAddresses(0);
    // Answers what a route handler would read as the client's address.
    server = createServer((req, res) => {
      const head = new Headers();
      for (const [key, value] of Object.entries(req.headers)) if (typeof value === "string") head.set(key, value);
      res.end(String(clientAddress(head)));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  /** A GET from `from` (a loopback source address) with these headers; the body is the address the server saw. */
  function get(from: string, headers: Record<string, string>): Promise<string> {
    return new Promise((resolve, reject) => {
      const req = request({ host: "127.0.0.1", port, localAddress: from, headers, agent: false }, (res) => {
        let body = "";
        res.on("data", (chunk) => {
          body += chunk;
        });
        res.on("end", () => resolve(body));
      });
      req.on("error", reject);
      req.end();
    });
  }

  it("a forged X-Forwarded-For or a forged copy of our own header changes nothing; another socket is another client", async () => {
    expect(await get("127.0.0.1", {})).toBe("127.0.0.1");
    expect(await get("127.0.0.1", { "X-Forwarded-For": "203.0.113.50" })).toBe("127.0.0.1");
    expect(await get("127.0.0.1", { [CLIENT_ADDRESS_HEADER]: "203.0.113.51", "X-Forwarded-For": "x" })).toBe(
      "127.0.0.1",
    );
    expect(await get("127.0.0.2", { "X-Forwarded-For": "127.0.0.1" })).toBe("127.0.0.2");
  });

  it("with TRUST_PROXY=1, the entry the proxy (this socket) appended", async () => {
    recordClientAddresses(1);
    try {
      expect(await get("127.0.0.1", { "X-Forwarded-For": "198.51.100.7, 203.0.113.9" })).toBe("203.0.113.9");
      expect(await get("127.0.0.1", { [CLIENT_ADDRESS_HEADER]: "198.51.100.1" })).toBe("127.0.0.1");
    } finally {
      recordClientAddresses(0);
    }
  });
});

describe("without the server hook (a handler called outside `next start`)", () => {
  it("trusts X-Forwarded-For only when TRUST_PROXY says a proxy wrote it; else the client is unknown", () => {
    const head = new Headers({ "x-forwarded-for": "198.51.100.7, 203.0.113.9" });
    vi.stubEnv("TRUST_PROXY", "");
    expect(clientAddress(head)).toBeUndefined();
    vi.stubEnv("TRUST_PROXY", "1");
    expect(clientAddress(head)).toBe("203.0.113.9");
  });
});

describe("the origin of absolute links", () => {
  it("is PUBLIC_URL when set, whatever the request's Host or X-Forwarded-Host", () => {
    vi.stubEnv("PUBLIC_URL", "https://trips.example.com/");
    const head = new Headers({ host: "evil.example", "x-forwarded-host": "evil.example", "x-forwarded-proto": "http" });
    expect(requestOrigin(head)).toBe("https://trips.example.com");
  });

  it("without PUBLIC_URL, is the Host this server received; X-Forwarded-Host never counts", () => {
    vi.stubEnv("PUBLIC_URL", "");
    vi.stubEnv("COOKIE_SECURE", "");
    const head = new Headers({ host: "127.0.0.1:3000", "x-forwarded-host": "evil.example" });
    expect(requestOrigin(head)).toBe("http://127.0.0.1:3000");
    // X-Forwarded-Proto only from a trusted proxy.
    const behindTls = new Headers({ host: "trips.example.com", "x-forwarded-proto": "https" });
    expect(requestOrigin(behindTls)).toBe("http://trips.example.com");
    vi.stubEnv("TRUST_PROXY", "1");
    expect(requestOrigin(behindTls)).toBe("https://trips.example.com");
    // A Host that could end the authority or add a path is not used.
    expect(requestOrigin(new Headers({ host: "evil.example/@x" }))).toBe("http://localhost");
  });

  it("refuses a PUBLIC_URL that isn't an http(s) URL", () => {
    vi.stubEnv("PUBLIC_URL", "javascript:alert(1)");
    expect(() => requestOrigin(new Headers())).toThrow(/PUBLIC_URL/);
  });
});
