import type { Decider } from '@circuit/shared/commands/decider';
import { notFound, refused } from '@circuit/shared/commands/domain-errors';
import type { DomainEvent } from '@circuit/shared/events/catalogue';
import { ScoringMessages as M } from '@circuit/shared/hackathons/scoring-messages';
import { criteriaOf, isAssigned, type JudgingState } from './judging-fold';
import type { ProjectFacts } from './project-facts';

/**
 * One judge's scores of a hackathon (`hackathon-scores-<hackathonId>-<judgeUserId>`): every score
 * and every change of one, with the value before it, and private notes. What other streams say
 * comes inside the command: the judging state (criteria, assignment), whether the judge is a judge
 * now (invitations by e-mail resolved by the service), and the project's facts.
 */

export type ScoreEvent = DomainEvent<'HackathonScoreGiven' | 'HackathonScoreChanged' | 'HackathonJudgeNoteSaved'>;

export interface ScoreSheet {
  /** `${projectId}/${criterionId}` -> the current value. */
  scores: Readonly<Record<string, number>>;
  notes: Readonly<Record<string, string>>;
}

export const noScores = (): ScoreSheet => ({ scores: {}, notes: {} });
export const scoreKey = (projectId: string, criterionId: string) => `${projectId}/${criterionId}`;

interface On {
  hackathonId: string;
  judgeUserId: string;
  project: ProjectFacts;
  judging: JudgingState;
  /** Whether the user is a judge of the hackathon now (removed judges keep no access). */
  isJudge: boolean;
  now: Date;
}

export type ScoreCommand = ({ type: 'Score'; criterionId: string; value: number } & On) | ({ type: 'SaveNote'; note: string } & On);

export function evolveScores(state: ScoreSheet, event: ScoreEvent): ScoreSheet {
  switch (event.type) {
    case 'HackathonScoreGiven':
    case 'HackathonScoreChanged': {
      const { projectId, criterionId, newValue } = event.data;
      return { ...state, scores: { ...state.scores, [scoreKey(projectId, criterionId)]: newValue } };
    }
    case 'HackathonJudgeNoteSaved':
      return { ...state, notes: { ...state.notes, [event.data.projectId]: event.data.note } };
  }
}

/**
 * The conflict of interest comes first and is told as such: the judge knows their own team's
 * project exists, so the refusal reveals nothing, and it holds whatever the assignment says. Then
 * anything not assigned (or no longer judged) is "not found", so an unassigned project's existence is not told.
 */
function assertMayJudge(command: On): void {
  if (command.isJudge && command.project.memberIds.includes(command.judgeUserId)) throw refused(M.ownTeam, { code: 'own-team' });
  if (!command.isJudge || !isAssigned(command.judging, command.judgeUserId, command.project.projectId) || !command.project.judged) throw notFound(M.projectNotFound);
}

export const scoreDecider: Decider<ScoreSheet, ScoreCommand, ScoreEvent> = {
  initialState: noScores,
  evolve: evolveScores,
  decide(command, state) {
    assertMayJudge(command);
    const { hackathonId, judgeUserId } = command;
    const projectId = command.project.projectId;
    const at = command.now.toISOString();
    if (command.type === 'SaveNote') {
      if ((state.notes[projectId] ?? '') === command.note) return [];
      return [{ type: 'HackathonJudgeNoteSaved', data: { hackathonId, judgeUserId, projectId, note: command.note, at } }];
    }
    const criterion = criteriaOf(command.judging).find((c) => c.id === command.criterionId);
    if (!criterion) throw refused(M.criterionNotFound);
    if (!Number.isInteger(command.value) || command.value < 1 || command.value > criterion.scale) throw refused(M.outOfScale(criterion.name, criterion.scale));
    const oldValue = state.scores[scoreKey(projectId, criterion.id)] ?? null;
    // The same score again (a form saving as it is filled in) records nothing.
    if (oldValue === command.value) return [];
    const data = { hackathonId, judgeUserId, projectId, criterionId: criterion.id, oldValue, newValue: command.value, at };
    return [oldValue === null ? { type: 'HackathonScoreGiven', data } : { type: 'HackathonScoreChanged', data }];
  },
};
