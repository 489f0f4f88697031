"use client";

import { Laptop, LogOut } from "lucide-react";
import { useState, useTransition } from "react";
import {
  createDeviceLinkAction,
  renewPersonalLinkAction,
  revokeDeviceAction,
  signOutOtherDevicesAction,
} from "@/app/actions";
import { Button } from "@/components/ui/button";
import { FormMessage } from "@/components/ui/field";
import type { DeviceRow } from "@/lib/views/devices";
import { CopyField } from "./copy-field";

/**
 * A member's own signed-in devices, each with how and when it was added (a link the
 * organizer made, a recovery link…): sign out one they no longer use (not the one in hand)
 * or all the others at once, make a one-time link that signs one more device in, or a new
 * personal link (the old one stops working).
 */
export function DeviceList({ tripId, devices }: { tripId: string; devices: DeviceRow[] }) {
  const [devicePath, setDevicePath] = useState<string | null>(null);
  const [personalPath, setPersonalPath] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
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

  function renewPersonal() {
    if (!window.confirm("Make a new personal link? The one you have now will stop working.")) return;
    startTransition(async () => {
      const result = await renewPersonalLinkAction(tripId);
      if (result.ok) setPersonalPath(result.data.personalPath);
      setError(result.ok ? null : result.message);
    });
  }

  function signOutOthers() {
    if (!window.confirm("Sign every other device out of this trip? This one stays signed in.")) return;
    startTransition(async () => {
      const result = await signOutOtherDevicesAction(tripId);
      if (result.ok) {
        const n = result.data.signedOut;
        setNotice(`${n} ${n === 1 ? "device was" : "devices were"} signed out.`);
      }
      setError(result.ok ? null : result.message);
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
      {notice ? <FormMessage tone="success">{notice}</FormMessage> : null}
      <ul className="divide-y divide-slate-100" aria-label="Your devices">
        {devices.map((d) => (
          <li key={d.id} className="flex items-center justify-between gap-2 py-2">
            <span className="flex min-w-0 items-center gap-2 text-sm">
              <Laptop aria-hidden className="size-4 shrink-0 text-slate-500" />
              <span className="truncate">
                <span className="font-medium text-slate-900">{d.label}</span>
                <span className="text-slate-600"> · {d.isThisDevice ? "this device" : d.lastSeen}</span>
                <span className="block text-xs text-slate-600">{d.added}</span>
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
      {personalPath ? (
        <div className="space-y-2">
          <CopyField label="Your new personal link" path={personalPath} />
          <p className="text-xs text-slate-600">Keep it private. Your previous personal link no longer works.</p>
        </div>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={makeLink} disabled={pending}>
          {devicePath ? "Make another link" : "Sign in another device"}
        </Button>
        <Button variant="ghost" onClick={renewPersonal} disabled={pending}>
          New personal link
        </Button>
        {devices.length > 1 ? (
          <Button variant="ghost" onClick={signOutOthers} disabled={pending}>
            Sign out all other devices
          </Button>
        ) : null}
      </div>
    </div>
  );
}
