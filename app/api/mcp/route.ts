import { handleMcpRequest } from "@/lib/assistant/mcp";
import { clientAddress } from "@/lib/auth/request";

export const dynamic = "force-dynamic";

/**
 * The MCP endpoint for a member's AI connections (lib/assistant/mcp.ts): Streamable HTTP,
 * authorized by the connection's bearer token only — the request's cookies are never read.
 */
async function handle(request: Request): Promise<Response> {
  return handleMcpRequest(request, { client: clientAddress(request.headers) });
}

export { handle as DELETE, handle as GET, handle as POST };
