import QRCode from "qrcode";
import { Card } from "@/components/ui/card";
import { CollapsibleCard } from "@/components/ui/collapsible-card";
import { CopyField } from "./copy-field";
import { ShareButton } from "./share-button";

/**
 * The invite link, readable in full, with copy, the phone's share sheet where there is one,
 * and a QR code for the friend across the table. The QR code is drawn on the server (an
 * SVG of the absolute link; no script, no request to anyone). `pressing`: inviting is the
 * organizer's job now, so it is open and full-width with the QR code in view; otherwise a
 * closed card with the QR code one tap further.
 */
export async function InviteCard({
  tripName,
  invitePath,
  origin,
  pressing = false,
}: {
  tripName: string;
  invitePath: string;
  origin: string;
  pressing?: boolean;
}) {
  const svg = await QRCode.toString(`${origin}${invitePath}`, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
  const qr = (
    <div
      role="img"
      aria-label="QR code of the invite link"
      className="size-36 shrink-0 rounded-lg border border-slate-200 bg-white p-1 sm:size-44"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: an SVG the qrcode library drew from our own link, not user markup
      dangerouslySetInnerHTML={{ __html: svg }}
    />
  );
  const share = (
    <ShareButton
      path={invitePath}
      title={tripName}
      text={`Join "${tripName}" on TripSync and share what you'd like from the trip.`}
    />
  );
  if (pressing) {
    return (
      <Card
        title="Invite the group"
        description="Send this link to everyone coming, or let them scan the code: the ideas need everyone's answers."
        className="border-brand-200"
      >
        <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
          <div className="min-w-0 flex-1 space-y-3">
            <CopyField label="Invite link" path={invitePath} origin={origin} />
            {share}
          </div>
          {qr}
        </div>
      </Card>
    );
  }
  return (
    <CollapsibleCard title="Invite the group" summary="Anyone with the link can join and share their preferences.">
      <div className="space-y-3">
        <CopyField label="Invite link" path={invitePath} origin={origin} />
        <div className="flex flex-wrap items-start gap-3">
          {share}
          <details className="text-sm text-slate-700">
            <summary className="cursor-pointer py-2 font-medium">Show a QR code</summary>
            <div className="mt-2">{qr}</div>
          </details>
        </div>
      </div>
    </CollapsibleCard>
  );
}
