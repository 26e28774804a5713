/** Messaging constants of spec section 9. */
/** History page size on the messages page. */
export const MESSAGES_PAGE_SIZE = 20;
/** History page size in the profile's chat dialog. */
export const CHAT_DIALOG_PAGE_SIZE = 50;
/** The Messages search starts at 2 characters. */
export const SEARCH_MIN_LENGTH = 2;
/** A jumped-to replied message stays highlighted for 2 s. */
export const HIGHLIGHT_MS = 2000;
/** A message's action bar stays for 3 s after a hover or click. */
export const ACTION_BAR_MS = 3000;
/** The server's limit on a message's length. */
export { MESSAGE_MAX_LENGTH } from '@circuit/shared/messaging/limits';
/** A sent message the server has not confirmed within this time is shown as not sent (it can be retried). */
export const SEND_CONFIRM_TIMEOUT_MS = 15_000;
/** Pages read back at most when jumping to a replied message that is not loaded yet. */
export const JUMP_MAX_PAGES = 10;
