import { useEffect, useRef } from 'react';
import { CHECK_IN_COUNTS, CHECK_IN_WATCH, type CheckInCounts } from '@circuit/shared/api/check-in';
import type { CheckInKind } from '@circuit/shared/events/check-in';
import { useSocket, useSocketEvent, useSocketReconnected } from '../realtime/socketContext';

/** How long the attendee list may lag the live counts: a busy door changes them every few seconds. */
const BOARD_REFRESH_MS = 5_000;

/**
 * While the screen is open, the listing's counts as the server pushes them (every device at the door sees
 * the same number), and the board read again a little later, so search shows who others checked in.
 * After a reconnection the counts sent meanwhile were missed: the board is read again at once.
 */
export function useLiveCounts(kind: CheckInKind, listingId: string, enabled: boolean, onCounts: (counts: CheckInCounts) => void, reload: () => Promise<void>) {
  const { socket, status } = useSocket();
  const connected = status === 'connected';
  useEffect(() => {
    if (!socket || !connected || !enabled) return;
    socket.emit(CHECK_IN_WATCH, { kind, listingId }, () => undefined);
  }, [socket, connected, enabled, kind, listingId]);

  const refresh = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(refresh.current), []);
  useSocketEvent(CHECK_IN_COUNTS, (event) => {
    if (event.kind !== kind || event.listingId !== listingId) return;
    onCounts({ registered: event.registered, checkedIn: event.checkedIn });
    clearTimeout(refresh.current);
    refresh.current = setTimeout(() => void reload(), BOARD_REFRESH_MS);
  });
  useSocketReconnected(() => void reload());
}
