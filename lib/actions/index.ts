/**
 * Every write the product offers, in one place. `app/actions.ts` exposes each as a
 * server action; the authorization matrix test walks this list, so a new action can't
 * ship without its row in the matrix.
 */
export { savePreferences } from "./preferences";
export { chooseDestination, generateRecommendations, voteForDestination } from "./recommendations";
export { createDemoTrip, createRecoveryLink, createTrip, joinTrip, removeMember, rotateInviteLink } from "./trips";
