import "server-only";
import { clientAddress } from "@/lib/auth/request";
import { hashToken, looksLikeToken } from "@/lib/auth/tokens";
import { unsubscribeMember, unsubscribeTarget } from "@/lib/db/queries/notifications";
import { AppError } from "@/lib/errors";
import { clientKey, consume } from "@/lib/limits/rate";

/**
 * `/unsubscribe/<token>`, the link at the foot of every email: no sign-in, the token alone
 * says whose emails stop. GET only shows a confirm page (link scanners and previews open
 * links; opening must change nothing); POST — the page's button, or a mail app's RFC 8058
 * one-click `List-Unsubscribe=One-Click` — turns every topic off and drops what was waiting.
 * The page names the trip, never the address or anyone's answers.
 */
export async function unsubscribeResponse(request: Request, token: string): Promise<Response> {
  try {
    // Guessing tokens is pointless (256 bits), but each try costs a query: count them per client.
    await consume("join", `unsubscribe:${clientKey(clientAddress(request.headers))}`);
  } catch (error) {
    if (error instanceof AppError) return page(429, "Too many tries", "<p>Please try again in a few minutes.</p>");
    throw error;
  }
  const target = looksLikeToken(token) ? await unsubscribeTarget({ tokenHash: hashToken(token) }) : null;
  if (!target) {
    return page(
      404,
      "This link doesn't work",
      "<p>This unsubscribe link isn't known (the trip may have been deleted, or you left it). Nothing was changed.</p>",
    );
  }
  const trip = escapeHtml(target.tripName);
  if (request.method === "POST") {
    await unsubscribeMember({ memberId: target.memberId });
    return page(
      200,
      "Unsubscribed",
      `<p>You won't get any more emails about <strong>${trip}</strong>.</p><p>Changed your mind? Choose what you hear about on the trip's dashboard.</p>`,
    );
  }
  return page(
    200,
    "Stop these emails?",
    `<p>Stop all emails about <strong>${trip}</strong>?</p>
<form method="post"><button type="submit" style="font:inherit;padding:.5rem 1rem;border-radius:.5rem;border:1px solid #0f766e;background:#0f766e;color:#fff;cursor:pointer">Unsubscribe</button></form>
<p style="color:#475569">You can turn them back on any time on the trip's dashboard.</p>`,
  );
}

function page(status: number, title: string, body: string): Response {
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${title} · TripSync</title></head>
<body style="font-family:system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem;color:#0f172a;line-height:1.5">
<main><h1 style="font-size:1.5rem">${title}</h1>
${body}</main></body></html>`;
  return new Response(html, {
    status,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "no-store",
      // The token is in the address: never pass it on as a Referer.
      "Referrer-Policy": "no-referrer",
    },
  });
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
