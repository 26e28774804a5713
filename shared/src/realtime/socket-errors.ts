/**
 * What the realtime service tells a socket it refused or ended (the web app imports these types).
 * - rate_limited: an event over the user's allowance was dropped; `message` is shown as is.
 * - session_ended: the session behind the socket ended (sign-out, password change or reset);
 *   the server disconnects the socket right after.
 */
export interface RateLimitedEvent {
  /** The refused event's name, e.g. "private_message". */
  event: string;
  message: string;
  /** How long until the allowance renews. */
  retryAfterMs: number;
}

/**
 * payload_refused: an event whose payload the server cannot take, by the rule and with the text an
 * HTTP body gets its 400 for (a NUL character, broken Unicode); nothing was done with it.
 */
export interface PayloadRefusedEvent {
  /** The refused event's name, e.g. "private_message". */
  event: string;
  message: string;
}
