/** The spec's response envelope: { success, message, data }. */
export interface Envelope<T> {
  success: boolean;
  message?: string;
  data?: T;
}

export function ok<T>(data: T, message?: string): Envelope<T> {
  return message === undefined ? { success: true, data } : { success: true, message, data };
}
