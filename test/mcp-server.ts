import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { createMCPClient, ElicitationRequestSchema, type ElicitResult } from "@ai-sdk/mcp";
import { handleMcpRequest } from "@/lib/assistant/mcp";

/**
 * The MCP endpoint over real HTTP without Next: a node server hands every request to the
 * same function `app/api/mcp/route.ts` calls, streaming the answer back; `client(token)` is
 * the maintained MCP client (@ai-sdk/mcp) connected with that bearer token.
 */
export async function startMcpServer() {
  const server = createServer((req, res) => {
    serve(req, res).catch((error) => {
      console.error(error);
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}/api/mcp`;
  return {
    url,
    /** `elicitation`: the client declares it can ask its person (and answers with this). */
    client: (token: string, { elicitation }: { elicitation?: (message: string) => ElicitResult } = {}) =>
      createMCPClient({
        transport: { type: "http", url, headers: { authorization: `Bearer ${token}` } },
        ...(elicitation ? { capabilities: { elicitation: {} } } : {}),
      }).then((client) => {
        if (elicitation)
          client.onElicitationRequest(ElicitationRequestSchema, (req) => elicitation(req.params.message));
        return client;
      }),
    /** A raw JSON-RPC POST, to see the HTTP status a client library may hide. */
    post: (body: unknown, headers: Record<string, string> = {}) =>
      fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...headers },
        body: JSON.stringify(body),
      }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (typeof value === "string") headers.set(key, value);
    else if (Array.isArray(value)) headers.set(key, value.join(", "));
  }
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const body = chunks.length && req.method !== "GET" && req.method !== "HEAD" ? Buffer.concat(chunks) : undefined;
  const request = new Request(`http://127.0.0.1${req.url ?? "/"}`, { method: req.method, headers, body });
  const response = await handleMcpRequest(request, { client: req.socket.remoteAddress });
  res.writeHead(response.status, Object.fromEntries(response.headers));
  if (!response.body) {
    res.end();
    return;
  }
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    res.write(value);
  }
  res.end();
}
