import crypto from 'node:crypto';

/**
 * The id of a community message a client names (`clientMessageId`, kept across its retries): the
 * same for every retry, and nobody else's (author and hackathon are part of it). A version-8 UUID.
 */
export function communityMessageId(userId: string, hackathonId: string, clientMessageId: string): string {
  const hash = crypto.createHash('sha256').update(`community-message\n${userId}\n${hackathonId}\n${clientMessageId}`).digest();
  hash[6] = (hash[6]! & 0x0f) | 0x80;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}
