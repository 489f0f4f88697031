"use client";

import type { ReactNode } from "react";
import { useGroup } from "@/components/dashboard/live-group";
import type { TripStatus } from "@/lib/trip-status";
import { inviteIsPressing } from "@/lib/your-turn";

/**
 * One of the invite link's two places: full-width under the to-do ("top") while inviting is
 * the organizer's job (`inviteIsPressing`, the rule the to-do's "Invite" step follows), else a
 * closed card beside "Who's in" ("group"). Both are drawn on the server; the live member count
 * picks one, so a friend joining moves it without a reload.
 */
export function InvitePlace({
  at,
  status,
  isOrganizer,
  children,
}: {
  at: "top" | "group";
  status: TripStatus;
  isOrganizer: boolean;
  children: ReactNode;
}) {
  const { slice } = useGroup();
  const pressing = isOrganizer && inviteIsPressing({ status, memberCount: slice.members.length });
  return (at === "top") === pressing ? children : null;
}
