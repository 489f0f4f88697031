import QRCode from "qrcode";
import { CollapsibleCard } from "@/components/ui/collapsible-card";
import { CopyField } from "./copy-field";
import { ShareButton } from "./share-button";

/**
 * The invite link, readable in full, with copy, the phone's share sheet where there is one,
 * and a QR code for the friend across the table. The QR code is drawn on the server (an
 * SVG of the absolute link; no script, no request to anyone).
 */
export async function InviteCard({
  tripName,
  invitePath,
  origin,
  defaultOpen = false,
}: {
  tripName: string;
  invitePath: string;
  origin: string;
  /** Open everywhere (nobody has joined yet: inviting is the next step). */
  defaultOpen?: boolean;
}) {
  const svg = await QRCode.toString(`${origin}${invitePath}`, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
  return (
    <CollapsibleCard
      title="Invite the group"
      summary="Anyone with the link can join and share their preferences."
      defaultOpen={defaultOpen}
    >
      <div className="space-y-3">
        <CopyField label="Invite link" path={invitePath} origin={origin} />
        <div className="flex flex-wrap items-start gap-3">
          <ShareButton
            path={invitePath}
            title={tripName}
            text={`Join "${tripName}" on TripSync and share what you'd like from the trip.`}
          />
          <details className="text-sm text-slate-700">
            <summary className="cursor-pointer py-2 font-medium">Show a QR code</summary>
            <div
              role="img"
              aria-label="QR code of the invite link"
              className="mt-2 size-44 rounded-lg border border-slate-200 bg-white p-1"
              // biome-ignore lint/security/noDangerouslySetInnerHtml: an SVG the qrcode library drew from our own link, not user markup
              dangerouslySetInnerHTML={{ __html: svg }}
            />
          </details>
        </div>
      </div>
    </CollapsibleCard>
  );
}
