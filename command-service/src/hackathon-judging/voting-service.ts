import { handleCommand, loadState, type CommandContext } from '@circuit/shared/commands/decider';
import { hackathonJudgingStream } from '@circuit/shared/events/hackathon-judging';
import { hackathonVoteStream } from '@circuit/shared/events/hackathon-scoring';
import type { CommandServiceDeps } from '../context';
import { caughtUp } from '../http/read-your-writes';
import { clientAddressKey } from './client-address';
import { judgingContextOf } from './judging-context';
import { judgingFold } from './judging-fold';
import { assertExists, findJudgingListing } from './judging-listing';
import { voteDecider, type VoteCommand } from './vote-decider';
import { voterOf } from './voter-facts';

type Omitted<C> = C extends unknown ? Omit<C, 'hackathonId' | 'voter' | 'judging' | 'clientAddress' | 'now'> : never;

/** The community vote; each answers after the read models include what it appended. */
export function createVotingService(deps: CommandServiceDeps) {
  const now = deps.now ?? (() => new Date());

  async function decide(userId: string, hackathonId: string, judging: VoteCommand['judging'], command: Omitted<VoteCommand>, address: string, ctx: CommandContext) {
    const full = { ...command, hackathonId, judging, voter: await voterOf(deps.store, userId), clientAddress: clientAddressKey(deps.config.sessionSecret, hackathonId, address), now: now() } as VoteCommand;
    const result = await handleCommand(deps.store, hackathonVoteStream(hackathonId, userId), voteDecider, full, ctx, now);
    await caughtUp(deps.progress, result.position, result.events);
    return { hackathonId, changed: result.events.length > 0 };
  }

  return {
    async vote(userId: string, idOrUsername: string, projectId: string, trackId: string | null, address: string, ctx: CommandContext) {
      const { listing, judging, project } = await judgingContextOf(deps.store, idOrUsername, projectId);
      const { changed } = await decide(userId, listing.hackathonId, judging, { type: 'Vote', project, trackId }, address, ctx);
      return { hackathonId: listing.hackathonId, trackId: judging.setup?.voting.perTrack ? trackId : null, projectId, changed };
    },
    async withdraw(userId: string, idOrUsername: string, trackId: string | null, address: string, ctx: CommandContext) {
      const listing = await findJudgingListing(deps.store, idOrUsername);
      assertExists(listing);
      const judging = (await loadState(deps.store, hackathonJudgingStream(listing.hackathonId), judgingFold)).state;
      const { changed } = await decide(userId, listing.hackathonId, judging, { type: 'Withdraw', trackId }, address, ctx);
      return { hackathonId: listing.hackathonId, trackId: judging.setup?.voting.perTrack ? trackId : null, projectId: null, changed };
    },
  };
}

export type VotingService = ReturnType<typeof createVotingService>;
