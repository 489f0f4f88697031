/** What people asked the assistant that it couldn't do: the organizer sees the trip's, a member their own. */
export function UnmetList({
  items,
  isOrganizer,
}: {
  items: { id: string; summary: string; category: string; by: string | null }[];
  isOrganizer: boolean;
}) {
  return (
    <details className="rounded-lg border border-slate-200 p-3">
      <summary className="cursor-pointer text-sm font-medium text-slate-800">
        {isOrganizer ? "What the group asked that the assistant couldn't do" : "What you asked that it couldn't do"} (
        {items.length})
      </summary>
      {items.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">Nothing so far.</p>
      ) : (
        <ul className="mt-2 space-y-1 text-sm text-slate-800">
          {items.map((item) => (
            <li key={item.id}>
              <span className="mr-2 rounded-full bg-slate-100 px-2 py-0.5 text-xs">{item.category}</span>
              {item.summary}
              {item.by ? <span className="text-xs text-slate-500"> · {item.by}</span> : null}
            </li>
          ))}
        </ul>
      )}
    </details>
  );
}
