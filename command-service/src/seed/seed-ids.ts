import crypto from 'node:crypto';

/**
 * A fixed id for something the demo seed creates, from what it is (`seedId('quiz', 0)`): a seed
 * interrupted half-way finds on the streams what it made before instead of making it twice.
 * Shaped as a version-4 UUID, as the routes expect ids to be.
 */
export function seedId(...parts: (string | number)[]): string {
  const hex = crypto.createHash('sha256').update(['circuit-seed', ...parts].join('\n')).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
