import type { Metadata, Viewport } from "next";
import Link from "next/link";
import type { ReactNode } from "react";
import { OfflineNotice } from "@/components/offline/offline-notice";
import { ServiceWorkerRegistration } from "@/components/offline/service-worker";
import "./globals.css";

/** Every page renders per request, so each gets the nonce of its own Content-Security-Policy (proxy.ts). */
export const dynamic = "force-dynamic";

export const metadata: Metadata = {
  title: { default: "TripSync — plan a group trip without the group chat", template: "%s · TripSync" },
  description:
    "Everyone fills a short form; TripSync shows where the group agrees and where it conflicts, then plans the trip.",
};

export const viewport: Viewport = { width: "device-width", initialScale: 1, themeColor: "#4f46e5" };

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body className="flex min-h-dvh flex-col">
        <header className="border-b border-slate-200 bg-white print:hidden">
          <div className="mx-auto flex max-w-5xl items-center justify-between px-4 py-3">
            <Link href="/" className="text-lg font-bold tracking-tight text-brand-700">
              TripSync
            </Link>
          </div>
        </header>
        {/* When this page was rendered: offline, the service worker's copy says since when its data is. */}
        <OfflineNotice renderedAt={new Date().toISOString()} />
        <ServiceWorkerRegistration />
        <main className="mx-auto w-full max-w-5xl flex-1 px-4 py-6 sm:py-10 print:max-w-none print:p-0">
          {children}
        </main>
      </body>
    </html>
  );
}
