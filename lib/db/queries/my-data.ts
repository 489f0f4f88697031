import "server-only";
import { and, asc, eq } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { listAiConnections } from "@/lib/db/queries/ai-connections";
import {
  assistantThreads,
  contextEntries,
  destinationVotes,
  feedbackItems,
  memberDevices,
  notificationOutbox,
  notificationSettings,
  preferences,
  unmetRequests,
} from "@/lib/db/schema";

/**
 * The rows one member owns in a trip, for "Download my data": every query is keyed by
 * their own member id (and the trip), so nothing of another member can come along.
 * Devices come without their token hashes.
 */
export async function memberOwnRows({ tripId, memberId }: { tripId: string; memberId: string }) {
  const db = await getDb();
  const [answers, votes, feedback, devices, notifications, outbox, connections, threads, context, unmet] =
    await Promise.all([
      db
        .select({ data: preferences.data, updatedAt: preferences.updatedAt })
        .from(preferences)
        .where(and(eq(preferences.tripId, tripId), eq(preferences.memberId, memberId))),
      db
        .select({
          recommendationId: destinationVotes.recommendationId,
          slug: destinationVotes.slug,
          createdAt: destinationVotes.createdAt,
        })
        .from(destinationVotes)
        .where(eq(destinationVotes.memberId, memberId))
        .orderBy(asc(destinationVotes.createdAt)),
      db
        .select()
        .from(feedbackItems)
        .where(and(eq(feedbackItems.tripId, tripId), eq(feedbackItems.memberId, memberId)))
        .orderBy(asc(feedbackItems.createdAt)),
      db
        .select({
          label: memberDevices.label,
          createdAt: memberDevices.createdAt,
          lastSeenAt: memberDevices.lastSeenAt,
        })
        .from(memberDevices)
        .where(eq(memberDevices.memberId, memberId))
        .orderBy(asc(memberDevices.createdAt)),
      db
        .select({
          email: notificationSettings.email,
          topics: notificationSettings.topics,
          lastSentAt: notificationSettings.lastSentAt,
        })
        .from(notificationSettings)
        .where(eq(notificationSettings.memberId, memberId)),
      db
        .select({
          topic: notificationOutbox.topic,
          createdAt: notificationOutbox.createdAt,
          sentAt: notificationOutbox.sentAt,
        })
        .from(notificationOutbox)
        .where(eq(notificationOutbox.memberId, memberId))
        .orderBy(asc(notificationOutbox.createdAt)),
      listAiConnections({ memberId }),
      db
        .select({ messages: assistantThreads.messages })
        .from(assistantThreads)
        .where(and(eq(assistantThreads.tripId, tripId), eq(assistantThreads.memberId, memberId))),
      db
        .select()
        .from(contextEntries)
        .where(and(eq(contextEntries.tripId, tripId), eq(contextEntries.authorId, memberId)))
        .orderBy(asc(contextEntries.createdAt)),
      db
        .select()
        .from(unmetRequests)
        .where(and(eq(unmetRequests.tripId, tripId), eq(unmetRequests.memberId, memberId)))
        .orderBy(asc(unmetRequests.createdAt)),
    ]);
  return {
    answers: answers[0] ?? null,
    votes,
    feedback,
    devices,
    notifications: notifications[0] ?? null,
    outbox,
    connections,
    assistantMessages: threads[0]?.messages ?? [],
    contextEntries: context,
    unmetRequests: unmet,
  };
}
