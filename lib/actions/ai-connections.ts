import "server-only";
import { hashToken, newToken } from "@/lib/auth/tokens";
import {
  countLiveAiConnections,
  deleteAiConnection,
  createAiConnection as storeAiConnection,
} from "@/lib/db/queries/ai-connections";
import { AppError } from "@/lib/errors";
import { CreateAiConnectionInput, MAX_AI_CONNECTIONS, RevokeAiConnectionInput } from "@/lib/schemas/ai-connections";
import { tripAction } from "./define";

/**
 * A member lets an AI app use the trip as them through MCP (`/api/mcp`): a label, scopes
 * and how long it works. The token is returned once, to be pasted into the app; only its
 * hash is kept. It never does more than the member's role allows (every tool is the action
 * itself, authorized as the member), and it goes when the member leaves or is removed.
 * Made from a signed-in device only: an AI connection can't make another.
 */
export const createAiConnection = tripAction({
  name: "createAiConnection",
  description:
    "Connect an AI app to this trip as me: a label, what it may do (read, act, generate, manage) and for how long. The token is shown once.",
  effect: "credential",
  access: "member",
  input: CreateAiConnectionInput,
  async run({ input, caller }) {
    if (caller.connection) {
      throw new AppError(
        "forbidden:ai-connection",
        "Make AI connections on the trip's Settings page, from a signed-in device.",
      );
    }
    if ((await countLiveAiConnections({ memberId: caller.member.id })) >= MAX_AI_CONNECTIONS) {
      throw new AppError(
        "limit:ai-connections",
        `You have ${MAX_AI_CONNECTIONS} AI connections already. Revoke one you no longer use first.`,
      );
    }
    const token = newToken();
    const expiresAt = new Date(Date.now() + input.days * 86_400_000);
    const scopes = [...new Set(input.scopes)];
    const row = await storeAiConnection({
      memberId: caller.member.id,
      tokenHash: hashToken(token),
      label: input.label,
      scopes,
      expiresAt,
    });
    return { connectionId: row.id, label: row.label, scopes, token, expiresAt: expiresAt.toISOString() };
  },
});

/** A member revokes one of their own AI connections: its token stops working at once. */
export const revokeAiConnection = tripAction({
  name: "revokeAiConnection",
  description: "Revoke one of my AI connections: the app it was given to can't use the trip any more.",
  effect: "destructive",
  access: "member",
  input: RevokeAiConnectionInput,
  async run({ input, caller }) {
    const gone = await deleteAiConnection({ memberId: caller.member.id, connectionId: input.connectionId });
    if (!gone) throw new AppError("not_found:ai-connection", "That AI connection isn't yours, or was revoked already.");
    return { revoked: input.connectionId };
  },
});
