import Link from "next/link";
import { Card } from "@/components/ui/card";

/** Any share link that doesn't open a plan — mistyped, replaced or turned off — gets the same answer. */
export default function ShareLinkNotFound() {
  return (
    <div className="mx-auto max-w-lg">
      <Card title="This link doesn't open a plan">
        <p className="text-sm text-slate-700">
          It may have been mistyped, or the organizer replaced it with a new one or turned it off. Ask them for the
          current link.
        </p>
        <Link href="/" className="mt-4 inline-block text-sm font-medium text-brand-700 underline">
          Go to the start page
        </Link>
      </Card>
    </div>
  );
}
