import { DomUtils, parseDocument } from "htmlparser2";
import type { SearchSuggestion } from "@/lib/schemas/catalog";

/**
 * Google's search suggestions for a grounded answer (`searchEntryPoint.renderedContent`):
 * Google asks that they be shown wherever the grounded text is. The rendered HTML comes
 * with its own inline styles and global class names, which the pages' Content-Security-
 * Policy refuses and which would restyle the page around them, so the suggestions are kept
 * as what they are — each query's words and its Google Search link — and drawn as chips
 * by the page itself. Only links to Google Search are kept.
 */
export function searchSuggestionsOf(renderedContent: string | null | undefined): SearchSuggestion[] {
  if (!renderedContent) return [];
  const document = parseDocument(renderedContent);
  const suggestions: SearchSuggestion[] = [];
  for (const anchor of DomUtils.getElementsByTagName("a", document)) {
    const href = DomUtils.getAttributeValue(anchor, "href") ?? "";
    const label = DomUtils.textContent(anchor).replace(/\s+/g, " ").trim();
    if (!label || !isGoogleSearch(href) || suggestions.some((s) => s.url === href)) continue;
    suggestions.push({ label: label.slice(0, 120), url: href });
  }
  return suggestions.slice(0, 8);
}

function isGoogleSearch(href: string): boolean {
  try {
    const url = new URL(href);
    return url.protocol === "https:" && /^(www\.)?google\.[a-z.]+$/.test(url.hostname) && url.pathname === "/search";
  } catch {
    return false;
  }
}
