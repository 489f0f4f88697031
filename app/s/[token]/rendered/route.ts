import { HTML_LIMITED_BOT_UA_RE } from "next/dist/shared/lib/router/utils/html-bots";
import { headers } from "next/headers";
import { requestContext, requestOrigin } from "@/lib/auth/request";
import { refusalResponse } from "@/lib/http";
import { sharedPageRead } from "@/lib/share/link";
import { type RenderedPage, renderSharePage } from "@/lib/share/rendered-page";

/**
 * The share page /s/<token> for a browser's visit (next.config.ts rewrites it here): the page
 * rendered once per state of the trip, with a Content-Security-Policy of its inline scripts'
 * hashes (lib/share/rendered-page.ts). Rendered for the visit instead, as any page: a dead link
 * (its 404), an address with a query string (part of the page's state) and the crawlers that
 * make link previews (Next renders their metadata into the page itself). A read past the rate
 * limit is a 429 with Retry-After.
 */
export async function GET(request: Request, { params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const head = await headers();
  try {
    const search = new URL(request.url).search;
    if (search || HTML_LIMITED_BOT_UA_RE.test(head.get("user-agent") ?? "")) {
      return pageResponse(await renderSharePage(token, head, { search, asIs: true }));
    }
    const render = () => renderSharePage(token, head);
    const page = await sharedPageRead(await requestContext(), token, requestOrigin(head), render);
    return pageResponse(page ?? (await renderSharePage(token, head, { asIs: true })));
  } catch (error) {
    return refusalResponse(error);
  }
}

function pageResponse(page: RenderedPage): Response {
  return new Response(page.body, { status: page.status, headers: page.headers });
}
