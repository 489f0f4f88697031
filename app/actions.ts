"use server";

/**
 * The server actions the pages call. Each is an adapter: it hands the request's cookies
 * and the untrusted input to an action in lib/actions (which parses, authorizes, acts)
 * and turns success into a navigation where the flow needs one.
 */
import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import * as actions from "@/lib/actions";
import type { ActionResult } from "@/lib/actions/define";
import { requestContext } from "@/lib/auth/request";

export type FormState = Extract<ActionResult<unknown>, { ok: false }> & { values?: Record<string, string> };

function formValues(form: FormData, keys: string[]): Record<string, string> {
  return Object.fromEntries(keys.map((k) => [k, String(form.get(k) ?? "")]));
}

export async function createTripAction(_prev: FormState | null, form: FormData): Promise<FormState | null> {
  const values = formValues(form, ["tripName", "organizerName"]);
  const result = await actions.createTrip(await requestContext(), values);
  if (!result.ok) return { ...result, values };
  redirect(`/trips/${result.data.tripId}/preferences?welcome=organizer`);
}

export async function createDemoTripAction(_prev: FormState | null, _form: FormData): Promise<FormState | null> {
  const result = await actions.createDemoTrip(await requestContext(), {});
  if (!result.ok) return result;
  redirect(`/trips/${result.data.tripId}`);
}

export async function joinTripAction(_prev: FormState | null, form: FormData): Promise<FormState | null> {
  const values = formValues(form, ["inviteToken", "name"]);
  const result = await actions.joinTrip(await requestContext(), values);
  if (!result.ok) return { ...result, values };
  redirect(`/trips/${result.data.tripId}/preferences?welcome=member`);
}

export async function savePreferencesAction(input: unknown) {
  const result = await actions.savePreferences(await requestContext(), input);
  if (result.ok && typeof input === "object" && input && "tripId" in input) revalidatePath(`/trips/${input.tripId}`);
  return result;
}

export async function rotateInviteLinkAction(tripId: string) {
  const result = await actions.rotateInviteLink(await requestContext(), { tripId });
  if (result.ok) revalidatePath(`/trips/${tripId}`);
  return result;
}

export async function createRecoveryLinkAction(tripId: string) {
  return actions.createRecoveryLink(await requestContext(), { tripId });
}

export async function removeMemberAction(tripId: string, memberId: string) {
  const result = await actions.removeMember(await requestContext(), { tripId, memberId });
  if (result.ok) revalidatePath(`/trips/${tripId}`);
  return result;
}

export async function generateRecommendationsAction(tripId: string) {
  const result = await actions.generateRecommendations(await requestContext(), { tripId });
  if (result.ok) revalidatePath(`/trips/${tripId}`);
  return result;
}

export async function voteForDestinationAction(input: { tripId: string; recommendationId: string; slug: string }) {
  const result = await actions.voteForDestination(await requestContext(), input);
  if (result.ok) revalidatePath(`/trips/${input.tripId}`);
  return result;
}

export async function chooseDestinationAction(input: { tripId: string; recommendationId: string; slug: string }) {
  const result = await actions.chooseDestination(await requestContext(), input);
  if (result.ok) revalidatePath(`/trips/${input.tripId}`);
  return result;
}
