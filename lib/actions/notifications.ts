import "server-only";
import { saveNotificationSettings as saveSettings } from "@/lib/db/queries/notifications";
import { consume } from "@/lib/limits/rate";
import { SaveNotificationSettingsInput } from "@/lib/schemas/notifications";
import { tripAction } from "./define";

/**
 * A member sets their own email address and what they hear about (only their own: there is
 * no way to name another member). An empty address removes it, with anything still waiting.
 */
export const saveNotificationSettings = tripAction({
  name: "saveNotificationSettings",
  description:
    "Set my own email address and what I hear about (requests, votes, plans, the final plan); an empty address removes it.",
  effect: "write",
  access: "member",
  input: SaveNotificationSettingsInput,
  async run({ input, caller }) {
    await consume("save", caller.member.id);
    return saveSettings({
      tripId: caller.trip.id,
      memberId: caller.member.id,
      email: input.email,
      topics: input.topics,
    });
  },
});
