import type { ReactNode } from "react";

/** A titled section of a page. The heading doubles as the accessible name of the region. */
export function Card({
  title,
  description,
  action,
  children,
  className = "",
}: {
  title?: string;
  description?: ReactNode;
  action?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  const headingId = title ? cardHeadingId(title) : undefined;
  return (
    <section
      aria-labelledby={headingId}
      className={`rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6 ${className}`}
    >
      {title ? (
        <div className="mb-4 flex flex-wrap items-start justify-between gap-2">
          <div>
            <h2 id={headingId} className="scroll-mt-16 text-base font-semibold text-slate-900">
              {title}
            </h2>
            {description ? <p className="mt-1 text-sm text-slate-600">{description}</p> : null}
          </div>
          {action}
        </div>
      ) : null}
      {children}
    </section>
  );
}

/** The id of a card's heading (the page's section links point at it): "Who's in" → "card-who-s-in". */
export function cardHeadingId(title: string): string {
  return `card-${title.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;
}

/** Shown in place of data that doesn't exist yet; always says what would make it appear. */
export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="rounded-xl border border-dashed border-slate-300 bg-slate-50 px-4 py-6 text-center">
      <p className="text-sm font-medium text-slate-800">{title}</p>
      {children ? <div className="mt-1 text-sm text-slate-600">{children}</div> : null}
    </div>
  );
}
