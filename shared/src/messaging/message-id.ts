import crypto from 'node:crypto';

/**
 * The message id of a client's message: the same for every retry of it (so the append stores it
 * once), and nobody else's (the sender is part of it, so one user cannot hit another's message).
 * Shaped as an RFC 9562 version-8 UUID, so it passes wherever a message id is checked.
 */
export function chatMessageId(from: string, clientMessageId: string): string {
  const hash = crypto.createHash('sha256').update(`chat-message\n${from}\n${clientMessageId}`).digest();
  hash[6] = (hash[6]! & 0x0f) | 0x80;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}
