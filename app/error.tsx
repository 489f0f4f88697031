"use client";

import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";

export default function ErrorPage({ reset }: { error: Error & { digest?: string }; reset(): void }) {
  return (
    <div className="mx-auto max-w-lg">
      <Card title="Something went wrong on our side">
        <p className="text-sm text-slate-700">Nothing you entered was lost. Try again in a moment.</p>
        <Button className="mt-4" onClick={reset}>
          Try again
        </Button>
      </Card>
    </div>
  );
}
