import { headers } from "next/headers";
import { requestContext, requestOrigin } from "@/lib/auth/request";
import { refusalResponse } from "@/lib/http";
import { sharedPageRead } from "@/lib/share/link";
import { type RenderedPage, renderSharePage } from "@/lib/share/rendered-page";

/**
 * The share page /s/<token> for a browser's visit (proxy.ts rewrites it here; from outside
 * this path is a 404): the page rendered once per state of the trip, with a
 * Content-Security-Policy of its inline scripts' hashes (lib/share/rendered-page.ts). A dead
 * link is rendered as any page (its 404), and so are reads past the rate limit's answer.
 */
export async function GET(_request: Request, { params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const head = await headers();
  try {
    const render = () => renderSharePage(token, head);
    const page = (await sharedPageRead(await requestContext(), token, requestOrigin(head), render)) ?? (await render());
    return pageResponse(page);
  } catch (error) {
    return refusalResponse(error);
  }
}

function pageResponse(page: RenderedPage): Response {
  return new Response(page.body, { status: page.status, headers: page.headers });
}
