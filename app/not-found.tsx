import Link from "next/link";
import { Card } from "@/components/ui/card";

export default function NotFound() {
  return (
    <div className="mx-auto max-w-lg">
      <Card title="We can't show you this page">
        <p className="text-sm text-slate-700">
          The trip may not exist, or this browser hasn't joined it. Ask the organizer for the invite link — organizers
          can use their private recovery link to get back in on a new device.
        </p>
        <Link href="/" className="mt-4 inline-block text-sm font-medium text-brand-700 underline">
          Go to the start page
        </Link>
      </Card>
    </div>
  );
}
