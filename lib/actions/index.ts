/**
 * Every write the product offers, in one place. `app/actions.ts` exposes each as a
 * server action; the authorization matrix test walks this list, so a new action can't
 * ship without its row in the matrix.
 */

export { deleteTrip, eraseMyAnswers, leaveTrip } from "./deletion";
export { createDeviceLink, reissuePersonalLink, revokeDevice } from "./devices";
export {
  flagItineraryItem,
  generateItinerary,
  regenerateItinerary,
  reopenDestination,
  restoreItinerary,
  setTripDates,
  suggestAddition,
  withdrawFeedback,
} from "./itinerary";
export {
  addItineraryActivity,
  lockItineraryItem,
  moveItineraryItem,
  removeItineraryItem,
} from "./itinerary-edits";
export { savePreferences } from "./preferences";
export { chooseDestination, generateRecommendations, voteForDestination, withdrawVote } from "./recommendations";
export { createShareLink, finalizePlan, reopenPlan, revokeShareLink } from "./share";
export { createDemoTrip, createRecoveryLink, createTrip, joinTrip, removeMember, rotateInviteLink } from "./trips";
