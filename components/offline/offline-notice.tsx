"use client";

import { WifiOff } from "lucide-react";
import { useEffect, useState, useSyncExternalStore } from "react";

const subscribe = (onChange: () => void) => {
  window.addEventListener("online", onChange);
  window.addEventListener("offline", onChange);
  return () => {
    window.removeEventListener("online", onChange);
    window.removeEventListener("offline", onChange);
  };
};

/** Whether the browser has a network; on the server (and before hydration), online. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}

/** What a button that needs the server says while offline. */
export const OFFLINE_REASON = "You're offline: this needs the network.";

/**
 * While the phone has no network: a notice saying so and since when the page's data is (the
 * time the server rendered it, which is when the service worker saved it), and every button
 * and field on the page disabled with that reason (they post to the server or open a form that
 * does) and every download link (the server makes the file), except what is marked `data-works-offline` or sits inside such a part: printing, and the
 * forms whose writes wait in the device's outbox (a flag, a suggestion, an expense).
 * Online again, the form controls come back as they were.
 */
export function OfflineNotice({ renderedAt }: { renderedAt: string }) {
  const online = useOnline();
  const [since, setSince] = useState<string | null>(null);
  useEffect(() => {
    setSince(
      new Date(renderedAt).toLocaleString(undefined, {
        weekday: "short",
        day: "numeric",
        month: "short",
        hour: "2-digit",
        minute: "2-digit",
      }),
    );
  }, [renderedAt]);
  useEffect(() => {
    if (online) return;
    const controls = [
      ...document.querySelectorAll<HTMLButtonElement | HTMLInputElement | HTMLTextAreaElement>(
        "main button, main input, main textarea, main select",
      ),
    ].filter((c) => !c.disabled && !c.closest("[data-works-offline]"));
    for (const c of controls) {
      c.disabled = true;
      c.dataset.offlineDisabled = "";
      c.title = OFFLINE_REASON;
    }
    // Downloads and calendar subscriptions are made by the server on request: links can't be
    // disabled, so they say why and a click does nothing.
    const downloads = [...document.querySelectorAll<HTMLAnchorElement>('main a[download], main a[href^="webcal:"]')];
    const refuse = (event: MouseEvent) => event.preventDefault();
    for (const a of downloads) {
      a.setAttribute("aria-disabled", "true");
      a.dataset.offlineDisabled = "";
      a.title = OFFLINE_REASON;
      a.addEventListener("click", refuse);
    }
    return () => {
      for (const c of controls) {
        c.disabled = false;
        delete c.dataset.offlineDisabled;
        c.removeAttribute("title");
      }
      for (const a of downloads) {
        a.removeAttribute("aria-disabled");
        delete a.dataset.offlineDisabled;
        a.removeAttribute("title");
        a.removeEventListener("click", refuse);
      }
    };
  }, [online]);
  if (online) return null;
  return (
    <p
      role="status"
      className="flex items-center gap-2 border-b border-amber-300 bg-amber-50 px-4 py-2 text-sm text-amber-950 print:hidden"
    >
      <WifiOff aria-hidden className="size-4 shrink-0" />
      <span>
        <strong>Offline</strong> — showing this page as saved on this phone{since ? `, offline since ${since}` : ""}. A
        flag, a suggestion or an expense you write waits on this phone and is sent when you're back online; other
        changes need the network.
      </span>
    </p>
  );
}
