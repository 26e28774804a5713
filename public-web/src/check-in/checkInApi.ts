import { CheckInBoardSchema, CheckInUndoneSchema, CoHostViewSchema, ScanAnswerSchema, type CheckInBoard, type CheckInUndone, type CoHostView, type ScanAnswer, type ScanBatch } from '@circuit/shared/api/check-in';
import { CHECK_IN_KINDS, type CheckInKind, type CoHostRole } from '@circuit/shared/events/check-in';
import { z } from 'zod';
import { api } from '../auth/apiClient';

/** The check-in and co-host requests (docs/day-of.md). Answers are parsed with the contract: the door trusts only what it checked. */

export const isCheckInKind = (kind: string | undefined): kind is CheckInKind => (CHECK_IN_KINDS as readonly string[]).includes(kind ?? '');

const checkIn = (kind: CheckInKind, id: string) => `/api/check-in/${kind}/${encodeURIComponent(id)}`;
const coHosts = (kind: CheckInKind, id: string) => `/api/listings/${kind}/${encodeURIComponent(id)}/co-hosts`;

export async function fetchBoard(kind: CheckInKind, id: string, signal?: AbortSignal): Promise<CheckInBoard> {
  return CheckInBoardSchema.parse((await api.get<unknown>(checkIn(kind, id), signal)).data);
}

/** One batch. Its scan ids, not the request's key, make a resend safe: a later batch may hold the same scans and more. */
export async function sendScans(kind: CheckInKind, id: string, batch: ScanBatch): Promise<ScanAnswer> {
  return ScanAnswerSchema.parse((await api.post<unknown>(`${checkIn(kind, id)}/scans`, batch)).data);
}

/** The counts after the undo come with the answer: the socket's may arrive before or after it. */
export async function undoCheckIn(kind: CheckInKind, id: string, userId: string): Promise<CheckInUndone> {
  return CheckInUndoneSchema.parse((await api.delete<unknown>(`${checkIn(kind, id)}/attendees/${encodeURIComponent(userId)}`)).data);
}

export const coHostKeys = { of: (kind: CheckInKind, id: string) => ['co-hosts', kind, id] as const };

export async function fetchCoHosts(kind: CheckInKind, id: string, signal?: AbortSignal): Promise<CoHostView[]> {
  return z.array(CoHostViewSchema).parse((await api.get<unknown>(coHosts(kind, id), signal)).data);
}

export async function putCoHost(kind: CheckInKind, id: string, username: string, role: CoHostRole): Promise<void> {
  await api.put(`${coHosts(kind, id)}/${encodeURIComponent(username)}`, { role });
}

export async function removeCoHost(kind: CheckInKind, id: string, username: string): Promise<void> {
  await api.delete(`${coHosts(kind, id)}/${encodeURIComponent(username)}`);
}
