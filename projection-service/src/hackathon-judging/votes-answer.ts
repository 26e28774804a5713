import type { JudgingVote, JudgingVotes, VoteFlag, VoteTotal } from '@circuit/shared/api/hackathon-judging';

/** How many votes from one client address within how long make a burst (docs/judging.md). */
export const BURST_VOTES = 5;
export const BURST_WINDOW_MS = 10 * 60 * 1000;

export interface VoteRow {
  user_id: string;
  track_key: string;
  project_id: string;
  client_address: string;
  at: Date | string;
  account_created_at: Date | string;
}

export interface VoteSend {
  client_address: string;
  at: Date | string;
}

/**
 * The sends that are part of a burst: more than BURST_VOTES from one address within BURST_WINDOW_MS.
 * A window slides over each address's sends in time order; every send inside a window holding too
 * many is marked. Answers address -> the marked instants (ms).
 */
export function burstSends(sends: readonly VoteSend[]): Map<string, Set<number>> {
  const byAddress = new Map<string, number[]>();
  for (const send of sends) byAddress.set(send.client_address, [...(byAddress.get(send.client_address) ?? []), new Date(send.at).getTime()]);
  const marked = new Map<string, Set<number>>();
  for (const [address, times] of byAddress) {
    times.sort((a, b) => a - b);
    const inBurst = new Set<number>();
    let start = 0;
    for (let end = 0; end < times.length; end++) {
      while (times[end]! - times[start]! >= BURST_WINDOW_MS) start++;
      if (end - start + 1 > BURST_VOTES) for (let i = start; i <= end; i++) inBurst.add(times[i]!);
    }
    if (inBurst.size > 0) marked.set(address, inBurst);
  }
  return marked;
}

export interface VotesContext {
  votingOpenedAt: string | null;
  excluded: Record<string, { reason: string; byUserId: string; at: string }>;
  usernames: ReadonlyMap<string, string>;
  titles: ReadonlyMap<string, string>;
}

/** The organiser's view of the votes: each current vote with its flags, and the totals per track and project. */
export function votesAnswer(rows: readonly VoteRow[], sends: readonly VoteSend[], context: VotesContext): JudgingVotes {
  const bursts = burstSends(sends);
  const perAddress = new Map<string, number>();
  for (const send of sends) perAddress.set(send.client_address, (perAddress.get(send.client_address) ?? 0) + 1);
  const openedAt = context.votingOpenedAt ? Date.parse(context.votingOpenedAt) : null;

  const votes: JudgingVote[] = rows.map((row) => {
    const at = new Date(row.at);
    const created = new Date(row.account_created_at);
    const flags: VoteFlag[] = [];
    if (openedAt !== null && created.getTime() > openedAt) flags.push('new-account');
    if (bursts.get(row.client_address)?.has(at.getTime())) flags.push('burst');
    const exclusion = context.excluded[row.user_id] ?? null;
    return {
      userId: row.user_id,
      username: context.usernames.get(row.user_id) ?? '',
      trackId: row.track_key || null,
      projectId: row.project_id,
      projectTitle: context.titles.get(row.project_id) ?? '',
      at: at.toISOString(),
      accountCreatedAt: created.toISOString(),
      flags,
      addressVotes: perAddress.get(row.client_address) ?? 1,
      excluded: exclusion !== null,
      exclusion: exclusion && { ...exclusion, at: new Date(exclusion.at).toISOString() },
    };
  });
  votes.sort((a, b) => b.at.localeCompare(a.at) || a.userId.localeCompare(b.userId));
  return { votingOpenedAt: openedAt === null ? null : new Date(openedAt).toISOString(), votes, totals: totalsOf(votes, context.titles) };
}

function totalsOf(votes: readonly JudgingVote[], titles: ReadonlyMap<string, string>): VoteTotal[] {
  const totals = new Map<string, VoteTotal>();
  for (const vote of votes) {
    const key = `${vote.trackId ?? ''}\u0000${vote.projectId}`;
    const total = totals.get(key) ?? { trackId: vote.trackId, projectId: vote.projectId, title: titles.get(vote.projectId) ?? '', counted: 0, flagged: 0, excluded: 0 };
    if (vote.excluded) total.excluded += 1;
    else {
      total.counted += 1;
      if (vote.flags.length > 0) total.flagged += 1;
    }
    totals.set(key, total);
  }
  return [...totals.values()].sort((a, b) => (a.trackId ?? '').localeCompare(b.trackId ?? '') || b.counted - a.counted || a.title.localeCompare(b.title));
}
