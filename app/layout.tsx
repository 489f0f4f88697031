import type { Metadata, Viewport } from "next";
import Link from "next/link";
import type { ReactNode } from "react";
import { modelKind } from "@/lib/ai/models";
import { databaseDriver } from "@/lib/db/client";
import { pipelineEngine } from "@/lib/pipeline/engine";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "TripSync — plan a group trip without the group chat", template: "%s · TripSync" },
  description:
    "Everyone fills a short form; TripSync shows where the group agrees and where it conflicts, then plans the trip.",
};

export const viewport: Viewport = { width: "device-width", initialScale: 1, themeColor: "#4f46e5" };

const ADAPTER_LABELS = {
  pglite: "PGlite (embedded)",
  postgres: "PostgreSQL",
  local: "local durable runner",
  inngest: "Inngest",
  offline: "offline planner (catalog)",
  gemini: "Gemini",
} as const;

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body className="flex min-h-dvh flex-col">
        <header className="border-b border-slate-200 bg-white">
          <div className="mx-auto flex max-w-5xl items-center justify-between px-4 py-3">
            <Link href="/" className="text-lg font-bold tracking-tight text-brand-700">
              TripSync
            </Link>
          </div>
        </header>
        <main className="mx-auto w-full max-w-5xl flex-1 px-4 py-6 sm:py-10">{children}</main>
        <footer className="border-t border-slate-200 bg-white">
          <p className="mx-auto max-w-5xl px-4 py-3 text-xs text-slate-600">
            Running on: database <span className="font-medium">{ADAPTER_LABELS[databaseDriver()]}</span> · pipeline{" "}
            <span className="font-medium">{ADAPTER_LABELS[pipelineEngine()]}</span> · model{" "}
            <span className="font-medium">{ADAPTER_LABELS[modelKind()]}</span>
          </p>
        </footer>
      </body>
    </html>
  );
}
