/** Realtime constants of spec section 9. */
export const SOCKET_PATH = '/socket.io/';
/** The client pings the server every 30 s. */
export const SOCKET_PING_INTERVAL_MS = 30_000;
/** Reconnection: up to 5 attempts, 1 s apart, each attempt timing out after 20 s. */
export const SOCKET_RECONNECT_ATTEMPTS = 5;
export const SOCKET_RECONNECT_DELAY_MS = 1000;
export const SOCKET_TIMEOUT_MS = 20_000;
/** Online status and unread counts are refreshed every 60 s on top of the live events. */
export const PRESENCE_REFRESH_MS = 60_000;
export const UNREAD_REFRESH_MS = 60_000;
/** A new notification is toasted for 4 s. */
export const NOTIFICATION_TOAST_MS = 4000;
/** How long a check_online acknowledgement may take before the REST call answers instead. */
export const CHECK_ONLINE_ACK_TIMEOUT_MS = 5000;
