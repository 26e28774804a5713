import { useCallback, useEffect, useRef, useState } from 'react';
import type { AssignedProject } from '@circuit/shared/api/hackathon-judging';
import { isApiError, messageOf } from '../../auth/apiClient';
import { sendScore, useJudgeAssignments } from './judgingApi';
import { SaveQueue, type SaveState } from './saveQueue';

/** What the judge has entered for one project: scores by criterion id, and the private note. */
export interface SheetLine {
  scores: Record<string, number>;
  note: string;
}

const SAVE_DELAY_MS = 600;
const lineOf = (p: AssignedProject): SheetLine => ({ scores: Object.fromEntries(p.scores.map((s) => [s.criterionId, s.value])), note: p.note });

/**
 * The judge's screen's data: the assigned projects, what the judge has entered (kept here, so a
 * failed save loses nothing), and each project's save state. Every change is queued and sent after
 * a short pause (SaveQueue); leaving the page sends what waits, and the browser asks before
 * closing while something is not saved.
 */
export function useJudgeSheet(username: string, signedIn: boolean) {
  const assignments = useJudgeAssignments(username, signedIn);
  const data = assignments.data;
  const [lines, setLines] = useState<Record<string, SheetLine>>({});
  const [states, setStates] = useState<Record<string, SaveState>>({});
  const hackathonId = data?.hackathon._id;
  const idRef = useRef(hackathonId);
  idRef.current = hackathonId;

  const [queue] = useState(
    () =>
      new SaveQueue<number | string>({
        delayMs: SAVE_DELAY_MS,
        send: async (projectId, field, value) => {
          await sendScore(idRef.current ?? username, projectId, field === 'note' ? { note: String(value) } : { criterionId: field, value: Number(value) });
        },
        onState: (projectId, state) => setStates((s) => ({ ...s, [projectId]: state })),
        messageOf: (e) => (isApiError(e) && e.status === 0 ? 'Not saved: no connection' : messageOf(e, 'Not saved')),
      }),
  );

  // The server's lines start the sheet; what the judge has entered since is kept over a refetch.
  useEffect(() => {
    if (!data) return;
    setLines((current) => {
      const next = { ...current };
      for (const p of data.projects) next[p.projectId] ??= lineOf(p);
      return next;
    });
  }, [data]);

  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (!queue.hasUnsaved()) return;
      void queue.flushAll();
      event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => {
      window.removeEventListener('beforeunload', warn);
      queue.dispose();
      void queue.flushAll();
    };
  }, [queue]);

  const setScore = useCallback(
    (projectId: string, criterionId: string, value: number) => {
      setLines((l) => ({ ...l, [projectId]: { ...(l[projectId] ?? { scores: {}, note: '' }), scores: { ...l[projectId]?.scores, [criterionId]: value } } }));
      queue.set(projectId, criterionId, value);
    },
    [queue],
  );
  const setNote = useCallback(
    (projectId: string, note: string) => {
      setLines((l) => ({ ...l, [projectId]: { ...(l[projectId] ?? { scores: {}, note: '' }), note } }));
      queue.set(projectId, 'note', note);
    },
    [queue],
  );

  const criteria = data?.criteria ?? [];
  const projects = data?.projects ?? [];
  const scoredOf = (projectId: string) => criteria.filter((c) => lines[projectId]?.scores[c.id] !== undefined).length;
  const scored = projects.reduce((n, p) => n + scoredOf(p.projectId), 0);
  const error = assignments.error;
  return {
    data,
    lines,
    states,
    setScore,
    setNote,
    retry: (projectId: string) => void queue.flush(projectId),
    scoredOf,
    progress: { scored, of: projects.length * criteria.length, complete: projects.filter((p) => criteria.length > 0 && scoredOf(p.projectId) === criteria.length).length },
    loading: assignments.isPending,
    notFound: isApiError(error) && error.status === 404,
    loadError: error ? messageOf(error, 'Your assignments could not be loaded') : null,
    reload: () => assignments.refetch(),
  };
}

export type JudgeSheet = ReturnType<typeof useJudgeSheet>;
