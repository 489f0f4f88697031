/**
 * Every write the product offers, in one place. `app/actions.ts` exposes each as a
 * server action; the authorization matrix test walks this list, so a new action can't
 * ship without its row in the matrix.
 */

export { createAiConnection, revokeAiConnection } from "./ai-connections";
export { addContextEntry, deleteContextEntry, editContextEntry } from "./context";
export {
  addExpense,
  deleteExpense,
  editExpense,
  optOutOfPlanItem,
  recordPayment,
  restoreExpense,
  setMyDisplayCurrency,
  setTripCostCurrency,
  undoRecordedPayment,
} from "./costs";
export { clearDecision, decideConflict } from "./decisions";
export { deleteTrip, eraseMyAnswers, leaveTrip } from "./deletion";
export { confirmHelpedDevice, createHelpLink, startOverOnHelpedDevice } from "./device-proof";
export { createDeviceLink, renewPersonalLink, revokeDevice, signOutOtherDevices } from "./devices";
export {
  flagItineraryItem,
  generateItinerary,
  liftFlag,
  regenerateItinerary,
  reopenDestination,
  replanWithNewAnswers,
  restoreItinerary,
  setTripDates,
  suggestAddition,
  withdrawFeedback,
} from "./itinerary";
export {
  addCustomItineraryItem,
  addItineraryActivity,
  lockItineraryItem,
  moveItineraryItem,
  removeItineraryItem,
  swapItineraryItem,
} from "./itinerary-edits";
export { saveNotificationSettings } from "./notifications";
export { savePreferences } from "./preferences";
export { chooseDestination, generateRecommendations, voteForDestination, withdrawVote } from "./recommendations";
export {
  applyResolution,
  askMemberToResolve,
  declineResolutionRequest,
  undoResolution,
} from "./resolutions";
export { createShareLink, finalizePlan, reopenPlan, revokeShareLink } from "./share";
export {
  createDemoTrip,
  createRecoveryLink,
  createTrip,
  joinTrip,
  removeMember,
  renameTrip,
  rotateInviteLink,
} from "./trips";
