import type { JudgingSetupAnswer } from '@circuit/shared/api/hackathon-projects';
import type { AssignmentMode } from '@circuit/shared/events/hackathon-judging';
import { JudgingSetupFormSchema, type JudgingSetupFormInput } from '@circuit/shared/validation/hackathon-judging';

/** The setup form's values: instants as the browser's date-time inputs hold them (local, to the minute). */
export interface SetupDraft {
  submissionDeadline: string;
  tracks: { id?: string; name: string; description: string }[];
  criteria: { id?: string; name: string; description: string; weight: number; scale: 5 | 10 }[];
  galleryOpen: boolean;
  voting: { enabled: boolean; opensAt: string; closesAt: string; perTrack: boolean };
  assignment: { mode: AssignmentMode; judgesPerProject: number; trackJudges: Record<string, string[]> };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO instant as a datetime-local value in the browser's zone; '' for none. */
export function localInputOf(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (!Number.isFinite(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A datetime-local value (the browser's zone) as an ISO instant; '' stays ''. */
export function isoOf(local: string): string {
  if (!local.trim()) return '';
  const d = new Date(local);
  return Number.isFinite(d.getTime()) ? d.toISOString() : local;
}

export function draftOf(setup: JudgingSetupAnswer): SetupDraft {
  return {
    submissionDeadline: setup.deadlineIsDefault ? '' : localInputOf(setup.submissionDeadline),
    tracks: setup.tracks.map((t) => ({ id: t.id, name: t.name, description: t.description })),
    criteria: setup.criteria.map((c) => ({ id: c.id, name: c.name, description: c.description, weight: c.weight, scale: c.scale })),
    galleryOpen: setup.galleryOpen,
    voting: { enabled: setup.voting.enabled, opensAt: localInputOf(setup.voting.opensAt), closesAt: localInputOf(setup.voting.closesAt), perTrack: setup.voting.perTrack },
    assignment: { mode: setup.assignment.mode, judgesPerProject: setup.assignment.judgesPerProject, trackJudges: setup.assignment.trackJudges },
  };
}

/** The body of PUT /judging: the whole setup, instants as ISO, an unset window as null. */
export function formOf(draft: SetupDraft): JudgingSetupFormInput {
  const known = new Set(draft.tracks.map((t) => t.id).filter(Boolean));
  return {
    submissionDeadline: isoOf(draft.submissionDeadline),
    tracks: draft.tracks.map((t) => ({ ...(t.id ? { id: t.id } : {}), name: t.name, description: t.description })),
    criteria: draft.criteria.map((c) => ({ ...(c.id ? { id: c.id } : {}), name: c.name, description: c.description, weight: Number(c.weight), scale: Number(c.scale) as 5 | 10 })),
    galleryOpen: draft.galleryOpen,
    voting: { enabled: draft.voting.enabled, opensAt: isoOf(draft.voting.opensAt) || null, closesAt: isoOf(draft.voting.closesAt) || null, perTrack: draft.voting.perTrack },
    assignment: {
      mode: draft.assignment.mode,
      judgesPerProject: Number(draft.assignment.judgesPerProject),
      // Only tracks that still exist; a removed track's judges are dropped.
      trackJudges: Object.fromEntries(Object.entries(draft.assignment.trackJudges).filter(([id]) => known.has(id))),
    },
  };
}

/** The shared rules' broken ones, each at its field's dotted path in the draft (the same shape). */
export function setupIssues(draft: SetupDraft): { path: string; message: string }[] {
  const parsed = JudgingSetupFormSchema.safeParse(formOf(draft));
  const issues = parsed.success ? [] : parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
  const { opensAt, closesAt, enabled } = draft.voting;
  if (enabled && opensAt && closesAt && new Date(closesAt) <= new Date(opensAt)) issues.push({ path: 'voting.closesAt', message: 'Voting must close after it opens' });
  return issues;
}

export const blankCriterion = (): SetupDraft['criteria'][number] => ({ name: '', description: '', weight: 1, scale: 10 });
export const blankTrack = (): SetupDraft['tracks'][number] => ({ name: '', description: '' });
