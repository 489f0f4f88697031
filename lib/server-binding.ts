import "server-only";
import { Server } from "node:net";

/**
 * Whether every socket this process listens on is a loopback address (127.0.0.0/8, ::1),
 * i.e. nothing on another machine can reach this server directly. Read from the process's
 * listening servers (`next start -H 127.0.0.1` → true; `next start` binds every interface
 * → false). Unknown (no server found) counts as reachable.
 */
export function listensOnLoopbackOnly(): boolean {
  const handles = (process as unknown as { _getActiveHandles?: () => unknown[] })._getActiveHandles?.() ?? [];
  const addresses = handles
    .filter((h): h is Server => h instanceof Server && h.listening)
    .map((server) => server.address())
    .flatMap((address) => (address && typeof address === "object" ? [address.address] : []));
  return addresses.length > 0 && addresses.every(isLoopback);
}

export function isLoopback(address: string): boolean {
  return address === "::1" || /^(::ffff:)?127\./.test(address);
}
