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

/** Form actions take the form's data; called with anything else they refuse cleanly instead of crashing. */
function formValues(form: unknown, keys: string[]): Record<string, string> | null {
  if (!(form instanceof FormData)) return null;
  return Object.fromEntries(keys.map((k) => [k, typeof form.get(k) === "string" ? String(form.get(k)) : ""]));
}

const NOT_A_FORM: FormState = {
  ok: false,
  code: "invalid:input",
  message: "This action takes the form on its page. Please use the form.",
};

export async function createTripAction(_prev: FormState | null, form: FormData): Promise<FormState | null> {
  const values = formValues(form, ["tripName", "organizerName"]);
  if (!values) return NOT_A_FORM;
  const result = await actions.createTrip(await requestContext(), values);
  if (!result.ok) return { ...result, values };
  redirect(`/trips/${result.data.tripId}/preferences?welcome=organizer`);
}

export async function createDemoTripAction(_prev: FormState | null, _form: FormData): Promise<FormState | null> {
  const result = await actions.createDemoTrip(await requestContext(), {});
  if (!result.ok) return result;
  redirect(`/trips/${result.data.tripId}`);
}

/** Joined: the form shows the member's personal sign-in link once, then they go on to their answers. */
export type JoinedState = { ok: true; tripId: string; personalPath: string };

export async function joinTripAction(
  _prev: FormState | JoinedState | null,
  form: FormData,
): Promise<FormState | JoinedState | null> {
  const values = formValues(form, ["inviteToken", "name"]);
  if (!values) return NOT_A_FORM;
  const result = await actions.joinTrip(await requestContext(), values);
  if (!result.ok) return { ...result, values };
  return { ok: true, ...result.data };
}

export async function savePreferencesAction(input: unknown) {
  const result = await actions.savePreferences(await requestContext(), input);
  if (result.ok && typeof input === "object" && input && "tripId" in input) revalidatePath(`/trips/${input.tripId}`);
  return result;
}

/** The member's own email address and topics (the settings card on the dashboard). */
export async function saveNotificationSettingsAction(input: unknown) {
  return actions.saveNotificationSettings(await requestContext(), input);
}

export async function applyResolutionAction(input: { tripId: string; resolutionId: string; expectedVersion: number }) {
  const result = await actions.applyResolution(await requestContext(), input);
  if (result.ok) revalidatePath(`/trips/${input.tripId}`);
  return result;
}

export async function undoResolutionAction(input: { tripId: string; before: unknown; expectedVersion: number }) {
  const result = await actions.undoResolution(await requestContext(), input);
  if (result.ok) revalidatePath(`/trips/${input.tripId}`);
  return result;
}

export async function decideConflictAction(input: {
  tripId: string;
  decision: { kind: "dates"; start: string; end: string } | { kind: "scope"; scope: "domestic" | "international" };
  note: string;
}) {
  const result = await actions.decideConflict(await requestContext(), input);
  if (result.ok) revalidatePath(`/trips/${input.tripId}`);
  return result;
}

export async function clearDecisionAction(input: { tripId: string; kind: "dates" | "scope" }) {
  const result = await actions.clearDecision(await requestContext(), input);
  if (result.ok) revalidatePath(`/trips/${input.tripId}`);
  return result;
}

export async function askMemberToResolveAction(input: { tripId: string; memberId: string; conflict: string }) {
  const result = await actions.askMemberToResolve(await requestContext(), input);
  if (result.ok) revalidatePath(`/trips/${input.tripId}`);
  return result;
}

export async function declineResolutionRequestAction(input: { tripId: string; conflict: string }) {
  const result = await actions.declineResolutionRequest(await requestContext(), input);
  if (result.ok) revalidatePath(`/trips/${input.tripId}`);
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

export async function createHelpLinkAction(tripId: string, memberId: string) {
  return actions.createHelpLink(await requestContext(), { tripId, memberId });
}

export async function confirmHelpedDeviceAction(tripId: string, homeTown: string) {
  return actions.confirmHelpedDevice(await requestContext(), { tripId, homeTown });
}

export async function startOverOnHelpedDeviceAction(tripId: string) {
  return actions.startOverOnHelpedDevice(await requestContext(), { tripId, confirm: true });
}

export async function renewPersonalLinkAction(tripId: string) {
  return actions.renewPersonalLink(await requestContext(), { tripId });
}

export async function signOutOtherDevicesAction(tripId: string) {
  return actions.signOutOtherDevices(await requestContext(), { tripId });
}

export async function createDeviceLinkAction(tripId: string) {
  return actions.createDeviceLink(await requestContext(), { tripId });
}

export async function revokeDeviceAction(tripId: string, deviceId: string) {
  const result = await actions.revokeDevice(await requestContext(), { tripId, deviceId });
  if (result.ok) revalidatePath(`/trips/${tripId}`);
  return result;
}

export async function removeMemberAction(tripId: string, memberId: string) {
  const result = await actions.removeMember(await requestContext(), { tripId, memberId });
  if (result.ok) revalidatePath(`/trips/${tripId}`);
  return result;
}

// Starting a run and voting re-render nothing: the live channel brings the run's timeline and
// the new tally to every open view, the actor's included (a page render each would cost a
// whole dashboard per click).
export async function generateRecommendationsAction(tripId: string) {
  return actions.generateRecommendations(await requestContext(), { tripId });
}

export async function voteForDestinationAction(input: { tripId: string; recommendationId: string; slug: string }) {
  return actions.voteForDestination(await requestContext(), input);
}

export async function withdrawVoteAction(input: { tripId: string; recommendationId: string }) {
  return actions.withdrawVote(await requestContext(), input);
}

export async function chooseDestinationAction(input: { tripId: string; recommendationId: string; slug: string }) {
  const result = await actions.chooseDestination(await requestContext(), input);
  if (result.ok) revalidatePath(`/trips/${input.tripId}`);
  return result;
}

/** The plan page's writes: each hands the untrusted input to its action and refreshes the trip's pages. */
async function planWrite<T>(
  run: (ctx: Awaited<ReturnType<typeof requestContext>>, input: unknown) => Promise<ActionResult<T>>,
  input: unknown,
) {
  const result = await run(await requestContext(), input);
  if (result.ok && typeof input === "object" && input && "tripId" in input && typeof input.tripId === "string") {
    revalidatePath(`/trips/${input.tripId}`);
    revalidatePath(`/trips/${input.tripId}/plan`);
  }
  return result;
}

export async function setTripDatesAction(input: unknown) {
  return planWrite(actions.setTripDates, input);
}

export async function generateItineraryAction(input: unknown) {
  return planWrite(actions.generateItinerary, input);
}

export async function regenerateItineraryAction(input: unknown) {
  return planWrite(actions.regenerateItinerary, input);
}

export async function replanWithNewAnswersAction(input: unknown) {
  return planWrite(actions.replanWithNewAnswers, input);
}

export async function flagItineraryItemAction(input: unknown) {
  return planWrite(actions.flagItineraryItem, input);
}

export async function suggestAdditionAction(input: unknown) {
  return planWrite(actions.suggestAddition, input);
}

export async function withdrawFeedbackAction(input: unknown) {
  return planWrite(actions.withdrawFeedback, input);
}

export async function liftFlagAction(input: unknown) {
  return planWrite(actions.liftFlag, input);
}

export async function restoreItineraryAction(input: unknown) {
  return planWrite(actions.restoreItinerary, input);
}

export async function reopenDestinationAction(input: unknown) {
  return planWrite(actions.reopenDestination, input);
}

export async function finalizePlanAction(input: unknown) {
  return planWrite(actions.finalizePlan, input);
}

export async function reopenPlanAction(input: unknown) {
  return planWrite(actions.reopenPlan, input);
}

/** Makes the share link, or a new one in place of the old (which then stops working). */
export async function createShareLinkAction(input: unknown) {
  return planWrite(actions.createShareLink, input);
}

export async function revokeShareLinkAction(input: unknown) {
  return planWrite(actions.revokeShareLink, input);
}

export async function removeItineraryItemAction(input: unknown) {
  return planWrite(actions.removeItineraryItem, input);
}

export async function moveItineraryItemAction(input: unknown) {
  return planWrite(actions.moveItineraryItem, input);
}

export async function addItineraryActivityAction(input: unknown) {
  return planWrite(actions.addItineraryActivity, input);
}

export async function lockItineraryItemAction(input: unknown) {
  return planWrite(actions.lockItineraryItem, input);
}

export async function swapItineraryItemAction(input: unknown) {
  return planWrite(actions.swapItineraryItem, input);
}

export async function addCustomItineraryItemAction(input: unknown) {
  return planWrite(actions.addCustomItineraryItem, input);
}

/** The trip's name and description show on every page of the trip: all of them refresh. */
export async function renameTripAction(input: unknown) {
  const result = await actions.renameTrip(await requestContext(), input);
  if (result.ok && typeof input === "object" && input && "tripId" in input && typeof input.tripId === "string") {
    revalidatePath(`/trips/${input.tripId}`, "layout");
  }
  return result;
}

/** Deletes the whole trip (the organizer typed its name); the browser then lands on the home page with a notice. */
export async function deleteTripAction(input: unknown) {
  const result = await actions.deleteTrip(await requestContext(), input);
  if (!result.ok) return result;
  redirect("/?notice=trip-deleted");
}

/** The member's own answers are erased; they stay a member and count as not answered. */
export async function eraseMyAnswersAction(input: unknown) {
  const result = await actions.eraseMyAnswers(await requestContext(), input);
  if (result.ok && typeof input === "object" && input && "tripId" in input && typeof input.tripId === "string") {
    revalidatePath(`/trips/${input.tripId}`);
    revalidatePath(`/trips/${input.tripId}/preferences`);
  }
  return result;
}

/** The member left the trip and their data was erased; the browser lands on the home page, which says so. */
export async function leaveTripAction(input: unknown) {
  const result = await actions.leaveTrip(await requestContext(), input);
  if (!result.ok) return result;
  // The trip's id goes along so the home page clears this device's offline copy of it.
  const tripId = typeof input === "object" && input && "tripId" in input ? String(input.tripId) : "";
  redirect(`/?notice=left-trip&trip=${encodeURIComponent(tripId)}`);
}

export async function createAiConnectionAction(
  tripId: string,
  input: { label: string; scopes: string[]; days: number },
) {
  const result = await actions.createAiConnection(await requestContext(), { tripId, ...input });
  if (result.ok) revalidatePath(`/trips/${tripId}`);
  return result;
}

export async function revokeAiConnectionAction(tripId: string, connectionId: string) {
  const result = await actions.revokeAiConnection(await requestContext(), { tripId, connectionId });
  if (result.ok) revalidatePath(`/trips/${tripId}`);
  return result;
}

export async function addContextEntryAction(input: { tripId: string; kind: string; text: string; why?: string }) {
  const result = await actions.addContextEntry(await requestContext(), input);
  if (result.ok) revalidatePath(`/trips/${input.tripId}`);
  return result;
}

export async function editContextEntryAction(input: {
  tripId: string;
  entryId: string;
  kind: string;
  text: string;
  why?: string;
}) {
  const result = await actions.editContextEntry(await requestContext(), input);
  if (result.ok) revalidatePath(`/trips/${input.tripId}`);
  return result;
}

export async function deleteContextEntryAction(input: { tripId: string; entryId: string }) {
  const result = await actions.deleteContextEntry(await requestContext(), input);
  if (result.ok) revalidatePath(`/trips/${input.tripId}`);
  return result;
}

/** The Costs page's writes (lib/actions/costs.ts): each re-reads the page for the caller. */
type CostsInput = { tripId: string } & Record<string, unknown>;
async function costsWrite<T>(
  action: (ctx: Awaited<ReturnType<typeof requestContext>>, input: unknown) => Promise<ActionResult<T>>,
  input: CostsInput,
) {
  const result = await action(await requestContext(), input);
  if (result.ok) revalidatePath(`/trips/${input.tripId}/costs`);
  return result;
}
export async function addExpenseAction(input: CostsInput) {
  return costsWrite(actions.addExpense, input);
}
export async function editExpenseAction(input: CostsInput) {
  return costsWrite(actions.editExpense, input);
}
export async function deleteExpenseAction(input: { tripId: string; expenseId: string; version: number }) {
  return costsWrite(actions.deleteExpense, input);
}
export async function restoreExpenseAction(input: { tripId: string; expenseId: string }) {
  return costsWrite(actions.restoreExpense, input);
}
export async function recordPaymentAction(input: CostsInput) {
  return costsWrite(actions.recordPayment, input);
}
export async function undoPaymentAction(input: { tripId: string; paymentId: string }) {
  return costsWrite(actions.undoRecordedPayment, input);
}
export async function setDisplayCurrencyAction(input: { tripId: string; currency: string | null }) {
  return costsWrite(actions.setMyDisplayCurrency, input);
}
/** "I'll skip it" on the plan (lib/actions/costs.ts): re-reads the plan for the caller. */
export async function optOutAction(input: { tripId: string; itemKey: string; optedOut: boolean }) {
  const result = await actions.optOutOfPlanItem(await requestContext(), input);
  if (result.ok) revalidatePath(`/trips/${input.tripId}/plan`);
  return result;
}
