import { z } from "zod";

/**
 * The key a device gives a write it may send more than once (kept in its outbox while
 * offline, sent again after a lost answer): the server stores it with the row it creates, and
 * the same key again answers with that row instead of making a second one.
 */
export const ClientKey = z
  .uuid("Not a write key")
  .describe(
    "A key this device made for this one write (a UUID); sending it again returns the first outcome instead of adding it twice.",
  );
