import { describe, expect, it } from "vitest";
import { contentSecurityPolicy } from "@/lib/csp";
import { readEnv } from "@/lib/env";
import { mapTilesOf } from "./map-tiles";

const env = (vars: Record<string, string>) => readEnv({ NODE_ENV: "test", ...vars });
const imgSrc = (csp: string) => csp.split("; ").find((d) => d.startsWith("img-src"));

describe("map tiles from the operator's provider", () => {
  it("are off by default: the CSP lets images come from the app only", () => {
    expect(mapTilesOf(env({}))).toBeNull();
    expect(imgSrc(contentSecurityPolicy("n", false))).toBe("img-src 'self' blob: data:");
  });

  it("with MAP_TILES_URL, allow that one origin for images and nothing else", () => {
    const tiles = mapTilesOf(
      env({
        MAP_TILES_URL: "https://tiles.example.org/v1/{z}/{x}/{y}.png?key=k",
        MAP_TILES_ATTRIBUTION: "© Example",
      }),
    );
    expect(tiles).toEqual({
      url: "https://tiles.example.org/v1/{z}/{x}/{y}.png?key=k",
      origin: "https://tiles.example.org",
      attribution: "© Example",
    });
    const csp = contentSecurityPolicy("n", false, tiles?.origin ?? null);
    expect(imgSrc(csp)).toBe("img-src 'self' blob: data: https://tiles.example.org");
    expect(csp).toContain("connect-src 'self';");
  });

  it("refuse a template that isn't https, lacks a placeholder or spreads over {s} subdomains", () => {
    expect(() => env({ MAP_TILES_URL: "http://tiles.example.org/{z}/{x}/{y}.png" })).toThrow(/MAP_TILES_URL/);
    expect(() => env({ MAP_TILES_URL: "https://tiles.example.org/{z}/{x}.png" })).toThrow(/\{z\}, \{x\} and \{y\}/);
    expect(() => env({ MAP_TILES_URL: "https://{s}.tiles.example.org/{z}/{x}/{y}.png" })).toThrow(/one host/);
  });
});
