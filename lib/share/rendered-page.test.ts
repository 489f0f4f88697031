import { describe, expect, it } from "vitest";
import { hashedPage, inlineHashes } from "./rendered-page";

/**
 * The share page served from its stored rendering runs only the inline scripts it rendered:
 * the policy lists each one's SHA-256 (base64 of the digest of its UTF-8 text, as browsers
 * compute it), and nothing that would let another inline script run.
 */

// Worked out with `printf '<text>' | openssl dgst -sha256 -binary | base64`.
const VAR_INLINE = "B2yPHKaXnvFWtRChIbabYmUBFZdVfKKXHbWtWidDVF8="; // var inline = 1;
const FLIGHT_UMLAUT = "VNvVOiPucXfuCUa3Mtx5YjQnjWuvoCSaQDKi5h7XX48="; // self.__next_f.push([1,"ä"])
const BODY_STYLE = "IAdwN3biDCQ3brrgp1m8kBEsPQYyqfREKOEfeoREopc="; // body{margin:0}

const directive = (csp: string, name: string) => csp.split("; ").find((d) => d.startsWith(`${name} `));

describe("the share page's stored rendering", () => {
  const page = [
    '<html><head><style nonce="abc+/=">body{margin:0}</style>',
    '<script src="/_next/static/chunks/main.js" async="" nonce="abc+/="></script></head>',
    '<body><p>Day 1</p><script nonce="abc+/=">var inline = 1;</script>',
    '<script nonce="abc+/=">self.__next_f.push([1,"ä"])</script>',
    // The same script twice is one hash; an empty one has nothing to allow.
    '<script nonce="abc+/=">var inline = 1;</script><script></script></body></html>',
  ].join("");

  it("hashes each inline script and style, not the script files", () => {
    expect(inlineHashes(page)).toEqual({ scripts: [VAR_INLINE, FLIGHT_UMLAUT], styles: [BODY_STYLE] });
  });

  it("drops the render's nonce and allows exactly those hashes, with no nonce and no 'unsafe-inline'", () => {
    const { html, csp } = hashedPage(page, "abc+/=");
    expect(html).not.toContain("nonce");
    expect(html).toContain('<script src="/_next/static/chunks/main.js" async=""></script>');
    expect(directive(csp, "script-src")).toBe(`script-src 'self' 'sha256-${VAR_INLINE}' 'sha256-${FLIGHT_UMLAUT}'`);
    expect(directive(csp, "style-src")).toBe(`style-src 'self' 'sha256-${BODY_STYLE}'`);
    expect(csp).not.toContain("nonce");
    // The rest of the policy is the one every page has.
    for (const rule of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'", "form-action 'self'"]) {
      expect(csp).toContain(rule);
    }
  });
});
