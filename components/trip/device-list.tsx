"use client";

import { Laptop, LogOut } from "lucide-react";
import { useState, useTransition } from "react";
import { createDeviceLinkAction, revokeDeviceAction } from "@/app/actions";
import { Button } from "@/components/ui/button";
import { FormMessage } from "@/components/ui/field";
import type { DeviceRow } from "@/lib/devices-view";
import { CopyField } from "./copy-field";

/**
 * A member's own signed-in devices: sign out one they no longer use (not the one in hand),
 * and make a one-time link that signs one more device in.
 */
export function DeviceList({ tripId, devices }: { tripId: string; devices: DeviceRow[] }) {
  const [devicePath, setDevicePath] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();

  function makeLink() {
    startTransition(async () => {
      const result = await createDeviceLinkAction(tripId);
      if (result.ok) {
        setDevicePath(result.data.devicePath);
        setError(null);
      } else setError(result.message);
    });
  }

  function revoke(device: DeviceRow) {
    if (!window.confirm(`Sign “${device.label}” out of this trip?`)) return;
    startTransition(async () => {
      const result = await revokeDeviceAction(tripId, device.id);
      setError(result.ok ? null : result.message);
    });
  }

  return (
    <div className="space-y-4">
      {error ? <FormMessage tone="error">{error}</FormMessage> : null}
      <ul className="divide-y divide-slate-100" aria-label="Your devices">
        {devices.map((d) => (
          <li key={d.id} className="flex items-center justify-between gap-2 py-2">
            <span className="flex min-w-0 items-center gap-2 text-sm">
              <Laptop aria-hidden className="size-4 shrink-0 text-slate-500" />
              <span className="truncate">
                <span className="font-medium text-slate-900">{d.label}</span>
                <span className="text-slate-600"> · {d.isThisDevice ? "this device" : d.lastSeen}</span>
              </span>
            </span>
            {d.isThisDevice ? null : (
              <Button variant="ghost" onClick={() => revoke(d)} disabled={pending} aria-label={`Sign out ${d.label}`}>
                <LogOut aria-hidden className="size-4" />
                <span className="hidden sm:inline">Sign out</span>
              </Button>
            )}
          </li>
        ))}
      </ul>
      {devicePath ? (
        <div className="space-y-2">
          <CopyField label="Link for your other device" path={devicePath} />
          <p className="text-xs text-slate-600">
            Open it on the other device within 15 minutes. It works once, and only for you.
          </p>
        </div>
      ) : null}
      <Button variant="secondary" onClick={makeLink} disabled={pending}>
        {devicePath ? "Make another link" : "Sign in another device"}
      </Button>
    </div>
  );
}
