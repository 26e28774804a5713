/** The messages of judges' scores and the community vote (docs/judging.md), in a module without zod so screens can use them. */
export const ScoringMessages = {
  /** Also the answer for a project that exists but is not assigned to the judge: its existence is not told. */
  projectNotFound: 'Project not found',
  ownTeam: 'You cannot judge a project of your own team.',
  criterionNotFound: 'The hackathon has no such criterion',
  outOfScale: (name: string, scale: number) => `A score for ${name} is a whole number from 1 to ${scale}`,
  scoreSaved: 'Score saved',
  noteSaved: 'Note saved',
  votingClosed: 'Voting is not open',
  unverified: 'Verify your e-mail address to vote',
  trackRequired: 'Choose the track you vote in',
  notInTrack: 'The project does not enter this track',
  voted: 'Vote recorded',
  voteWithdrawn: 'Vote withdrawn',
} as const;
