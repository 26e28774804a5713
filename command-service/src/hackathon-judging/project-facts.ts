/**
 * What the score and vote deciders need of one project, read from its own stream and the roster
 * stream (never a read model, docs/judging.md): whether a version is judged, the tracks it enters,
 * and everyone who is or was of its team, for conflicts of interest.
 */
export interface ProjectFacts {
  projectId: string;
  /** A version submitted by the deadline, not withdrawn. */
  judged: boolean;
  trackIds: readonly string[];
  /**
   * The members recorded at every submission, the team's members on the roster now, and the
   * entrant id itself (a solo participant's project id is their user id): a judge among them is
   * refused, whichever way they came to be on the team.
   */
  memberIds: readonly string[];
}
