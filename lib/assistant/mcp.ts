import "server-only";
import {
  CLIENT_CAPABILITIES_META_KEY,
  fromJsonSchema,
  inputRequired,
  inputResponse,
  type JsonSchemaType,
  type JsonSchemaValidator,
  type jsonSchemaValidator,
  type McpServer,
  type ServerContext,
} from "@modelcontextprotocol/server";
import { createMcpHandler } from "mcp-handler";
import type { ActionResult } from "@/lib/actions/define";
import type { CookieJar, RequestContext } from "@/lib/auth/session";
import { hashToken, looksLikeToken } from "@/lib/auth/tokens";
import { findAiConnection } from "@/lib/db/queries/ai-connections";
import { AppError } from "@/lib/errors";
import { consume } from "@/lib/limits/rate";
import type { AiScope } from "@/lib/schemas/ai-connections";
import { READ_ACTIONS } from "./reads";
import { runTool, TOOLS, toolSpec } from "./registry";
import { connectionAllows, roleAllows, scopeFor } from "./scopes";

/**
 * The MCP endpoint (`/api/mcp`, Streamable HTTP with mcp-handler): the registry's tools an
 * AI connection's scopes and its member's role allow, each running the action itself as the
 * member; resources for the reading views. The bearer token is the only credential (cookies
 * are never read); unknown, expired or revoked → 401; a tool outside the scopes → 403; each
 * connection has its own rate limit before the actions' own; a body over 64 kB → 413 with a
 * JSON-RPC error, read no further. Destructive tools ask the person through a client that
 * declares elicitation, and otherwise refuse: the person confirms on the trip page.
 */

export const CONFIRM_ON_TRIP_PAGE =
  "This can't be undone, so it needs the person's own yes: confirm it on the trip page. Nothing was changed.";

export const NOT_CONFIRMED = "Not confirmed, so nothing was changed.";

/** A jar that holds nothing and keeps nothing: an MCP request has no browser. */
const NO_COOKIES: CookieJar = { get: () => undefined, set: () => undefined };

type Connection = {
  id: string;
  tripId: string;
  token: string;
  scopes: AiScope[];
  isOrganizer: boolean;
  client?: string;
};

export async function handleMcpRequest(request: Request, { client }: { client?: string } = {}): Promise<Response> {
  const token = bearerOf(request);
  if (!token) {
    return unauthorized(
      "This is TripSync's MCP endpoint for AI apps. Send an AI connection's token in the header Authorization: Bearer <token>; make a connection on the trip's Settings page.",
    );
  }
  const found = looksLikeToken(token) ? await findAiConnection({ tokenHash: hashToken(token) }) : null;
  if (!found) {
    return unauthorized(
      "This AI connection's token is unknown, expired or revoked. Make a new one on the trip's Settings page.",
      {
        error: "invalid_token",
      },
    );
  }
  const connection: Connection = {
    id: found.connection.id,
    tripId: found.trip.id,
    token,
    scopes: found.connection.scopes,
    isOrganizer: found.member.role === "organizer",
    client,
  };
  try {
    await consume("mcp", connection.id);
  } catch (error) {
    if (error instanceof AppError && error.retryAfterSeconds) {
      return Response.json(
        { error: "too_many_requests", message: error.message },
        { status: 429, headers: { "retry-after": String(error.retryAfterSeconds) } },
      );
    }
    throw error;
  }
  const body = await boundedBody(request);
  if (body === TOO_LARGE) return tooLarge();
  const refusal = refusedCall(request.method, body, connection);
  if (refusal) return refusal;
  const handler = createMcpHandler((server) => register(server, connection), {
    serverInfo: { name: "TripSync", version: "1.0.0" },
  });
  // The body was read once, within the cap: the handler gets those same bytes.
  return handler(body ? new Request(request.url, { method: request.method, headers: request.headers, body }) : request);
}

/** The most one request's body may hold: far above any tool call, well below a memory worry. */
export const MAX_BODY_BYTES = 64 * 1024;
const TOO_LARGE = Symbol("too large");

/**
 * The body's bytes, read at most once and never past MAX_BODY_BYTES (a declared length over
 * it is refused before reading; a stream without one stops at the cap). Null: no body.
 */
async function boundedBody(request: Request): Promise<Uint8Array<ArrayBuffer> | null | typeof TOO_LARGE> {
  if (!request.body || request.method === "GET" || request.method === "HEAD") return null;
  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > MAX_BODY_BYTES) {
    await request.body.cancel().catch(() => undefined);
    return TOO_LARGE;
  }
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel().catch(() => undefined);
      return TOO_LARGE;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}

function tooLarge(): Response {
  return Response.json(
    {
      jsonrpc: "2.0",
      id: null,
      error: {
        code: -32600,
        message: `This request is larger than ${MAX_BODY_BYTES / 1024} kB, the most the TripSync endpoint takes at once. Nothing was changed: send less in one call.`,
      },
    },
    { status: 413 },
  );
}

function bearerOf(request: Request): string | null {
  const header = request.headers.get("authorization") ?? "";
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return match?.[1] ?? null;
}

function unauthorized(message: string, { error }: { error?: string } = {}): Response {
  return Response.json(
    { error: error ?? "unauthorized", message },
    {
      status: 401,
      headers: { "www-authenticate": `Bearer realm="TripSync"${error ? `, error="${error}"` : ""}` },
    },
  );
}

/**
 * A `tools/call` for a tool this connection may not use answers 403 before anything runs:
 * outside its scopes (it says which scope it needs), or beyond its member's role (the
 * action's own refusal).
 */
function refusedCall(method: string, bytes: Uint8Array | null, connection: Connection): Response | null {
  if (method !== "POST" || !bytes) return null;
  let body: unknown;
  try {
    body = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    return null;
  }
  for (const message of Array.isArray(body) ? body : [body]) {
    const call = message as { id?: unknown; method?: unknown; params?: { name?: unknown } };
    if (call?.method !== "tools/call" || typeof call.params?.name !== "string") continue;
    const action = TOOLS.get(call.params.name);
    if (!action) continue;
    const { effect, access } = action.definition;
    const scope = scopeFor(effect);
    if (!scope || !connection.scopes.includes(scope)) {
      return forbidden(
        call.id,
        scope
          ? `This AI connection may not ${scopeVerb(scope)}: it needs the "${scope}" scope. Make a connection with it on the trip page.`
          : "No AI connection can do that: use the trip page.",
        scope ? `Bearer error="insufficient_scope", scope="${scope}"` : `Bearer error="insufficient_scope"`,
      );
    }
    if (!roleAllows(access, connection.isOrganizer)) {
      return forbidden(call.id, "Only the trip's organizer can do that.", `Bearer error="insufficient_scope"`);
    }
  }
  return null;
}

function scopeVerb(scope: AiScope): string {
  return { read: "read the trip", act: "make changes", generate: "start generations", manage: "do that" }[scope];
}

function forbidden(id: unknown, message: string, challenge: string): Response {
  return Response.json(
    { jsonrpc: "2.0", id: id ?? null, error: { code: -32003, message } },
    { status: 403, headers: { "www-authenticate": challenge } },
  );
}

function contextOf(connection: Connection): RequestContext {
  return { cookies: NO_COOKIES, secure: true, client: connection.client, bearer: connection.token };
}

/** Passes every argument object on: the action validates it and answers with its own field errors. */
const ACTION_VALIDATES: jsonSchemaValidator = {
  getValidator<T>(_schema: JsonSchemaType): JsonSchemaValidator<T> {
    return (input: unknown) => ({ valid: true, data: input as T, errorMessage: undefined });
  },
};

function register(server: McpServer, connection: Connection): void {
  const ctx = contextOf(connection);
  for (const [name, action] of TOOLS) {
    if (!connectionAllows(action.definition, connection)) continue;
    const spec = toolSpec(action.definition);
    server.registerTool(
      name,
      {
        title: spec.annotations.title,
        description: spec.description,
        inputSchema: fromJsonSchema(spec.inputSchema as JsonSchemaType, ACTION_VALIDATES),
        annotations: spec.annotations,
      },
      async (args: unknown, request: ServerContext) => {
        if (spec.effect === "destructive") {
          const asked = confirmation(request, { title: spec.annotations.title, description: spec.description });
          if (asked) return asked;
        }
        return asToolResult(await runTool(name, args ?? {}, { ctx, tripId: connection.tripId }));
      },
    );
  }
  if (!connection.scopes.includes("read")) return;
  for (const name of RESOURCE_VIEWS) {
    const uri = `tripsync://trip/${connection.tripId}/${name.replace(/^read/, "").toLowerCase()}`;
    const action = TOOLS.get(name);
    if (!action) continue;
    server.registerResource(
      name,
      uri,
      { description: action.definition.description, mimeType: "application/json" },
      async () => {
        const result = await runTool(name, {}, { ctx, tripId: connection.tripId });
        return { contents: [{ uri, mimeType: "application/json", text: JSON.stringify(result) }] };
      },
    );
  }
}

/**
 * A destructive tool runs only once the person said yes through their AI app: a client that
 * declares elicitation is asked (a form with one "yes, do it" box, answered on the retried
 * call); any other is refused with "confirm it on the trip page". Null: confirmed, go on.
 */
function confirmation(request: ServerContext, { title, description }: { title: string; description: string }) {
  const envelope = (request.mcpReq.envelope ?? {}) as Record<string, unknown>;
  const capabilities = envelope[CLIENT_CAPABILITIES_META_KEY] as { elicitation?: unknown } | undefined;
  if (!capabilities?.elicitation) {
    return asToolResult({ ok: false, code: "forbidden:confirm", message: CONFIRM_ON_TRIP_PAGE });
  }
  const answer = inputResponse(request.mcpReq.inputResponses, "confirm");
  if (answer.kind === "missing") {
    return inputRequired({
      inputRequests: {
        confirm: inputRequired.elicit({
          message: `${title}: this can't be undone. ${description}`,
          requestedSchema: {
            type: "object",
            properties: { confirm: { type: "boolean", title: "Yes, do it", description: "This can't be undone." } },
            required: ["confirm"],
          },
        }),
      },
    });
  }
  if (answer.kind === "elicit" && answer.action === "accept" && answer.content?.confirm === true) return null;
  return asToolResult({ ok: false, code: "forbidden:declined", message: NOT_CONFIRMED });
}

/** The reading views offered as resources too: the pages' views and "What we've agreed". */
const RESOURCE_VIEWS = [...Object.keys(READ_ACTIONS), "readAgreed"];

function asToolResult(result: ActionResult<unknown>) {
  return { content: [{ type: "text" as const, text: JSON.stringify(result) }], isError: !result.ok };
}
