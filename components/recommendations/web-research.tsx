import { ExternalLink, Search } from "lucide-react";
import { formatDay } from "@/lib/format";
import type { SearchSuggestion, Source } from "@/lib/schemas/catalog";
import type { WebResearch as Research } from "@/lib/schemas/recommendations";

/**
 * What research found about a destination, on its card: the text (screened before it got
 * here), when it was looked up, its sources, and Google's search suggestions beside it
 * (Google asks that they be shown wherever grounded text is). Collapsed by default: the
 * card's own facts come first.
 */
export function WebResearch({ research, name }: { research: Research; name: string }) {
  return (
    <details className="rounded-lg border border-slate-200">
      <summary className="cursor-pointer rounded-lg px-3 py-2 text-sm font-semibold text-slate-900 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-600">
        What research found
        <span className="ml-1 font-normal text-slate-600">
          · looked up {formatDay(research.fetchedAt.slice(0, 10))}
        </span>
      </summary>
      <div className="space-y-3 border-t border-slate-200 px-3 py-3">
        <p className="whitespace-pre-line break-words text-sm text-slate-700">{research.summary}</p>
        <SourceList
          sources={research.sources}
          label={`Sources for what research found about ${name}`}
          className="text-xs"
        />
        <SearchSuggestionChips suggestions={research.suggestions} name={name} />
      </div>
    </details>
  );
}

/**
 * Google's search suggestions for grounded research, as chips beside what it backs: the
 * query's words, each a Google Search link (Google asks that they be shown wherever grounded
 * content is). Nothing when there are none.
 */
export function SearchSuggestionChips({ suggestions, name }: { suggestions: SearchSuggestion[]; name: string }) {
  if (suggestions.length === 0) return null;
  return (
    <div>
      <p className="flex items-center gap-1 text-xs font-medium text-slate-600">
        <Search aria-hidden className="size-3" />
        Google Search suggestions
      </p>
      <ul aria-label={`Google Search suggestions about ${name}`} className="mt-1 flex flex-wrap gap-1.5">
        {suggestions.map((s) => (
          <li key={s.url}>
            <a
              href={s.url}
              target="_blank"
              rel="noreferrer noopener"
              className="inline-block rounded-full border border-slate-300 bg-slate-50 px-3 py-1 text-xs text-slate-800 hover:bg-slate-100"
            >
              {s.label}
              <span className="sr-only"> (Google Search, opens in a new tab)</span>
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Sources as links that open in a new tab (the card's own, and research's). */
export function SourceList({ sources, label, className }: { sources: Source[]; label?: string; className: string }) {
  return (
    <ul aria-label={label} className={`space-y-1 ${className}`}>
      {sources.map((s) => (
        <li key={s.url}>
          <a
            href={s.url}
            target="_blank"
            rel="noreferrer noopener"
            className="inline-flex items-center gap-1 break-all text-brand-700 underline"
          >
            {s.title}
            <ExternalLink aria-hidden className="size-3 shrink-0" />
            <span className="sr-only">(opens in a new tab)</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
