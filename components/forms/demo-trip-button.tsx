"use client";

import { useActionState } from "react";
import { createDemoTripAction } from "@/app/actions";
import { Button } from "@/components/ui/button";
import { FormMessage } from "@/components/ui/field";

export function DemoTripButton() {
  const [state, action, pending] = useActionState(createDemoTripAction, null);
  return (
    <form action={action} className="space-y-3">
      {state ? <FormMessage tone="error">{state.message}</FormMessage> : null}
      <Button type="submit" variant="secondary" disabled={pending} className="w-full sm:w-auto">
        {pending ? "Setting up the demo…" : "Try a demo trip"}
      </Button>
    </form>
  );
}
