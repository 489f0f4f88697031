"use client";

import { Printer } from "lucide-react";
import { Button } from "@/components/ui/button";

/** Opens the browser's print dialog, where "Save as PDF" makes the PDF (print styles lay out one day per page). */
export function PrintButton() {
  return (
    <Button variant="secondary" onClick={() => window.print()} data-works-offline>
      <Printer aria-hidden className="size-4" />
      Print or save as PDF
    </Button>
  );
}
