import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { CheckInBoard, CheckInUndone, ScanAnswer } from '@circuit/shared/api/check-in';
import type { CheckInKind } from '@circuit/shared/events/check-in';
import { isApiError, newRequestId } from '../auth/apiClient';
import { useAuth } from '../auth/AuthContext';
import { fetchBoard, sendScans, undoCheckIn } from './checkInApi';
import { alreadyHere, asking, checkedInHere, fromServer, refusedHere, type DoorResult } from './doorResults';
import { boardKeyOf, dropQueued, forgetBoard, loadBoard, loadQueue, putQueued, saveBoard } from './doorStore';
import { doorAttendees, doorCounts, enqueue, mergeAnswer, nextBatch, retryDelayMs, withUndo, type QueuedScan } from './scanQueue';
import { REFUSAL_TEXT, verifyTicket } from './verifyTicket';
import { useLiveCounts } from './useLiveCounts';

export type DoorPhase = 'loading' | 'ready' | 'forbidden' | 'not-found' | 'error';
export type Connection = 'online' | 'offline' | 'syncing';

const online = () => typeof navigator === 'undefined' || navigator.onLine;

/**
 * The check-in screen's data (docs/day-of.md): the board, loaded from the server and kept on the device;
 * each scan checked on the device first, queued with its own id, and sent at once or when the network is
 * back; the server's answers folded in. `board` is always the server's state as last known (saved to the
 * device after each answer); the queue is laid over it for the screen.
 */
export function useDoor(kind: CheckInKind, listingId: string) {
  const me = useAuth().user?.username ?? 'you';
  const boardKey = boardKeyOf(me, kind, listingId);
  const [phase, setPhase] = useState<DoorPhase>('loading');
  const [board, setBoardState] = useState<CheckInBoard | null>(null);
  const [savedAt, setSavedAt] = useState<string | null>(null);
  const [queue, setQueueState] = useState<QueuedScan[]>([]);
  const [connection, setConnection] = useState<Connection>(online() ? 'online' : 'offline');
  const [result, setResult] = useState<DoorResult | null>(null);
  const [syncNote, setSyncNote] = useState<string | null>(null);
  const [notFoundText, setNotFoundText] = useState<string | null>(null);
  // The flush reads the latest board and queue without waiting for a render.
  const boardRef = useRef<CheckInBoard | null>(null);
  const queueRef = useRef<QueuedScan[]>([]);
  const setBoard = (next: CheckInBoard) => {
    boardRef.current = next;
    setBoardState(next);
  };
  const setQueue = (next: QueuedScan[]) => {
    queueRef.current = next;
    setQueueState(next);
  };

  const reload = useCallback(async () => {
    try {
      const fresh = await fetchBoard(kind, listingId);
      setBoard(fresh);
      setSavedAt(null);
      setPhase('ready');
      // An answer that left before the browser went offline says nothing of now.
      setConnection((c) => (c === 'syncing' ? c : online() ? 'online' : 'offline'));
      await saveBoard(boardKey, fresh);
    } catch (error) {
      const status = isApiError(error) ? error.status : -1;
      if (status === 403) {
        setPhase('forbidden');
        await forgetBoard(boardKey);
      } else if (status === 404) {
        setPhase('not-found');
        setNotFoundText(isApiError(error) ? (error.serverMessage ?? null) : null);
      } else if (status === 0) setConnection('offline');
      // Without the network the device's copy is the board; without one, the screen says it needs the network once.
      if (status !== 403 && status !== 404 && !boardRef.current) setPhase('error');
    }
  }, [kind, listingId, boardKey]);

  const flushing = useRef(false);
  const attempt = useRef(0);
  const retryTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const applyAnswer = useCallback(
    async (answer: ScanAnswer, liveScanId: string | null) => {
      const current = boardRef.current;
      if (!current) return;
      const merged = mergeAnswer(current.attendees, queueRef.current, answer);
      setBoard({ ...current, attendees: merged.attendees, counts: merged.counts });
      setQueue(merged.queue);
      const live = answer.results.find((r) => r.scanId === liveScanId);
      if (live) setResult(fromServer(live, merged.attendees));
      // Scans queued offline whose answer differs from what the device showed are reported once.
      const surprises = answer.results.filter((r) => r.scanId !== liveScanId && r.outcome !== 'checked_in');
      const synced = answer.results.filter((r) => r.scanId !== liveScanId).length;
      if (synced > 0) setSyncNote(`Synced ${synced} ${synced === 1 ? 'scan' : 'scans'}${surprises.length ? `: ${surprises.map((r) => `${r.attendee?.name ?? 'a ticket'}: ${r.message}`).join('; ')}` : ''}`);
      await Promise.all([dropQueued(answer.results.map((r) => r.scanId)), saveBoard(boardKey, { ...current, attendees: merged.attendees, counts: merged.counts })]);
    },
    [boardKey],
  );

  const flush = useCallback(
    async (liveScanId: string | null = null): Promise<void> => {
      const batch = nextBatch(queueRef.current);
      if (!batch || flushing.current || !boardRef.current) return;
      flushing.current = true;
      clearTimeout(retryTimer.current);
      setConnection('syncing');
      try {
        await applyAnswer(await sendScans(kind, listingId, batch), liveScanId);
        attempt.current = 0;
        setConnection(online() ? 'online' : 'offline');
      } catch (error) {
        setConnection(isApiError(error) && error.status === 0 ? 'offline' : online() ? 'online' : 'offline');
        if (isApiError(error) && error.status === 403) return setPhase('forbidden');
        const waiting = queueRef.current.find((q) => q.scan.scanId === liveScanId);
        const attendee = boardRef.current?.attendees.find((a) => a.userId === waiting?.userId);
        if (waiting) setResult(checkedInHere(attendee ?? { name: waiting.name, teamName: null }, waiting.scan.scanId, true));
        retryTimer.current = setTimeout(() => void flush(), retryDelayMs(attempt.current++));
        return;
      } finally {
        flushing.current = false;
      }
      if (queueRef.current.length > 0) await flush();
    },
    [kind, listingId, applyAnswer],
  );

  // The device's copy first (the door opens at once, and offline), then the server's.
  useEffect(() => {
    let live = true;
    void (async () => {
      const [stored, queued] = await Promise.all([loadBoard(boardKey).catch(() => null), loadQueue(boardKey).catch(() => [])]);
      if (!live) return;
      setQueue(queued);
      if (stored && !boardRef.current) {
        setBoard(stored.board);
        setSavedAt(stored.savedAt);
        setPhase('ready');
      }
      await reload();
      if (live && queueRef.current.length > 0 && online()) await flush();
    })();
    return () => {
      live = false;
    };
  }, [boardKey, reload, flush]);

  // Back online: send what waits at once, then read the board again (others may have checked people in).
  useEffect(() => {
    const up = () => {
      setConnection('online');
      attempt.current = 0;
      void flush().then(reload);
    };
    const down = () => setConnection('offline');
    window.addEventListener('online', up);
    window.addEventListener('offline', down);
    return () => {
      window.removeEventListener('online', up);
      window.removeEventListener('offline', down);
      clearTimeout(retryTimer.current);
    };
  }, [flush, reload]);

  const queueScan = useCallback(
    async (item: QueuedScan) => {
      setQueue(enqueue(queueRef.current, item));
      await putQueued(boardKey, item);
      const attendee = boardRef.current?.attendees.find((a) => a.userId === item.userId);
      if (!online()) {
        setResult(checkedInHere(attendee ?? { name: item.name, teamName: null }, item.scan.scanId, true));
        return;
      }
      setResult(asking(item.name, item.scan.scanId));
      await flush(item.scan.scanId);
    },
    [boardKey, flush],
  );

  const known = useCallback((userId: string) => doorAttendees(boardRef.current?.attendees ?? [], queueRef.current, me).find((a) => a.userId === userId), [me]);

  /** A scanned or typed ticket. */
  const scanToken = useCallback(
    async (token: string) => {
      const current = boardRef.current;
      if (!current) return;
      const scanId = newRequestId();
      const check = await verifyTicket(token, current);
      const offlineRefusal = !check.ok && (check.reason !== 'not-on-list' || !online());
      if (offlineRefusal) return setResult(refusedHere(REFUSAL_TEXT[check.reason], scanId, check.payload?.n ?? null));
      const userId = check.ok ? check.attendee.userId : check.payload!.u;
      const attendee = known(userId);
      if (attendee?.checkedInAt && !online()) return setResult(alreadyHere(attendee, scanId));
      await queueScan({ scan: { scanId, token: token.trim(), scannedAt: new Date().toISOString() }, userId, name: attendee?.name ?? check.payload?.n ?? '' });
    },
    [known, queueScan],
  );

  /** Someone found by search, checked in without a ticket. */
  const checkInPerson = useCallback(
    async (userId: string) => {
      const attendee = known(userId);
      if (!attendee) return;
      const scanId = newRequestId();
      if (attendee.checkedInAt && !online()) return setResult(alreadyHere(attendee, scanId));
      await queueScan({ scan: { scanId, attendeeId: userId, scannedAt: new Date().toISOString() }, userId, name: attendee.name });
    },
    [known, queueScan],
  );

  /** Undoes a check-in: a scan still waiting leaves the queue; a synced one needs the server. */
  const undo = useCallback(
    async (userId: string): Promise<string | null> => {
      const waiting = queueRef.current.filter((q) => q.userId === userId);
      if (waiting.length > 0 && boardRef.current?.attendees.find((a) => a.userId === userId)?.checkedInAt == null) {
        setQueue(queueRef.current.filter((q) => q.userId !== userId));
        await dropQueued(waiting.map((q) => q.scan.scanId));
        return null;
      }
      if (!online()) return 'Undo needs a connection: try again when you are back online.';
      let answer: CheckInUndone;
      try {
        answer = await undoCheckIn(kind, listingId, userId);
      } catch (error) {
        return isApiError(error) && error.serverMessage ? error.serverMessage : 'The check-in could not be undone. Try again.';
      }
      const current = boardRef.current;
      if (current) {
        const next = { ...current, attendees: withUndo(current.attendees, userId), counts: answer.counts };
        setBoard(next);
        await saveBoard(boardKey, next);
      }
      return null;
    },
    [kind, listingId, boardKey],
  );

  // While a batch is out its answer brings the counts: a pushed count then would add to scans still shown as queued.
  useLiveCounts(kind, listingId, phase === 'ready', (counts) => {
    const current = boardRef.current;
    if (current && !flushing.current) setBoard({ ...current, counts });
  }, reload);

  const attendees = useMemo(() => doorAttendees(board?.attendees ?? [], queue, me), [board, queue, me]);
  const counts = board ? doorCounts(board.counts, board.attendees, queue) : null;
  return { phase, notFoundText, board, savedAt, attendees, counts, queued: queue.length, connection, result, syncNote, scanToken, checkInPerson, undo, retrySync: () => void flush(), reload };
}
