import type { ReactNode } from "react";

/**
 * The cards' row: on a phone a strip one card tall, swiped sideways (five ideas would be a
 * column of five screens); from `md` on, a grid. `contain: inline-size` keeps the strip's
 * width out of the page's, and `relative` keeps what is absolutely placed inside a card (the
 * screen-reader-only labels) inside the strip, where it would otherwise widen the page.
 * A keyboard reaches every card through its own links and buttons (the browser scrolls them
 * into view); the strip says how it works.
 */
export function CardRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <section
      aria-label={label}
      className="relative -mx-4 flex snap-x snap-mandatory items-stretch gap-3 overflow-x-auto px-4 pb-2 [contain:inline-size] *:w-[85%] *:shrink-0 *:snap-center sm:-mx-6 sm:px-6 md:mx-0 md:grid md:grid-cols-2 md:gap-4 md:overflow-visible md:px-0 md:pb-0 md:[contain:none] md:*:w-auto xl:grid-cols-3"
    >
      {children}
    </section>
  );
}
