/**
 * Longest private message, in characters (shared by the server's rule and the composer). Every
 * character may take 4 bytes in UTF-8 and a send crosses the bus twice; Postgres NOTIFY (the
 * cluster bus) carries at most 8000 bytes.
 */
export const MESSAGE_MAX_LENGTH = 1000;
