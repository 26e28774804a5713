import { handleCommand, loadState, type CommandContext, type Decider } from '@circuit/shared/commands/decider';
import { unlessNotFound } from '@circuit/shared/commands/domain-errors';
import { hackathonJudgingStream, type JudgingSetup, type Winner } from '@circuit/shared/events/hackathon-judging';
import { hackathonProjectStream } from '@circuit/shared/events/hackathon-projects';
import { hackathonRosterStream } from '@circuit/shared/events/hackathon-registrations';
import { hackathonScoresStream } from '@circuit/shared/events/hackathon-scoring';
import { hackathonStream } from '@circuit/shared/events/hackathons';
import { rankProjects, type JudgeScore } from '@circuit/shared/judging/ranking';
import type { Logger } from '@circuit/shared/logger';
import type { EventStore } from '@circuit/shared/ports/event-store';
import { ProjectFormSchema } from '@circuit/shared/validation/hackathon-judging';
import { actorOf } from '../accounts/actors';
import { judgingContextOf } from '../hackathon-judging/judging-context';
import { deadlineOf, isAssigned, judgingDecider, judgingFold, tracksOf, type JudgingCommand, type JudgingState } from '../hackathon-judging/judging-decider';
import { findJudgingListing, type JudgingListing } from '../hackathon-judging/judging-listing';
import { scoreDecider, scoreKey } from '../hackathon-judging/score-decider';
import { entrantOf, loadRoster, submittedProjects } from '../hackathon-projects/entrants';
import { projectFold, projectSubmissionDecider } from '../hackathon-projects/project-submission-decider';
import { versionOf } from '../hackathon-projects/project-submission-service';
import { hackathonInfoFold, type HackathonInfo } from '../hackathon-registrations/hackathon-info';
import { newTeamCode } from '../hackathon-registrations/registration-service';
import { rosterDecider } from '../hackathon-registrations/roster-decider';
import { CRITERIA, JUDGING_PARTICIPANTS, JUDGING_PLANS, TRACKS, type JudgingPlan } from './seed-judging-data';
import { seedId } from './seed-ids';

/** A judging command as the organiser gives it; the rest is filled in. */
type Omitted<C> = C extends unknown ? Omit<C, 'listing' | 'actor' | 'now' | 'resolved'> : never;
type OrganiserCommand = Omitted<JudgingCommand>;

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

export interface SeedJudgingDeps {
  store: EventStore;
  ensureUser(input: { username: string; email: string; password: string; firstName: string; lastName: string; emailVerified: boolean }): Promise<string>;
  log?: Logger;
  now?: () => Date;
}

export interface SeedJudgingPeople {
  /** The demo users (seed.ts DEMO_USERS) by username. */
  users: { userId: string; username: string }[];
  moderatorId: string;
  adminId: string;
  /** The demo users' password, for the extra participants. */
  password: string;
}

/** What a run appended: a second run on a seeded store answers zeros. */
export interface SeedJudgingResult {
  judgings: number;
  teams: number;
  projects: number;
  scores: number;
  published: number;
}

/**
 * The demo's judging (seed-judging-data.ts): teams registered and projects submitted before the
 * deadline, judges invited, the assignment, scores, and for the finished hackathon the gallery
 * opened and winners published (the results notifier then posts the results announcement and
 * participants are notified). The hackathons ended weeks before the first start, so every command
 * is decided by its decider with a `now` of its own on the hackathon's timeline (registration
 * before the registration deadline, submission before the submission deadline, scores after it),
 * never later than the seed's clock. Each step looks at its stream first and skips what exists,
 * so an interrupted seed finishes at the next start and a second run adds nothing.
 */
export async function seedJudging(deps: SeedJudgingDeps, people: SeedJudgingPeople, ctx: CommandContext = { correlationId: 'seed' }): Promise<SeedJudgingResult> {
  const now = deps.now ?? (() => new Date());
  const ids = new Map(people.users.map((u) => [u.username, u.userId]));
  ids.set('moderator', people.moderatorId);
  ids.set('admin', people.adminId);
  for (const p of JUDGING_PARTICIPANTS) ids.set(p.username, await deps.ensureUser({ ...p, password: people.password, emailVerified: true }));
  const idOf = (username: string) => {
    const id = ids.get(username);
    if (!id) throw new Error(`seed judging: no user ${username}`);
    return id;
  };
  const result: SeedJudgingResult = { judgings: 0, teams: 0, projects: 0, scores: 0, published: 0 };
  for (const plan of JUDGING_PLANS) {
    const listing = await unlessNotFound(findJudgingListing(deps.store, plan.hackathon));
    const info = listing && (await loadState(deps.store, hackathonStream(listing.hackathonId), hackathonInfoFold)).state;
    // Every time below lies at most four days after the end: the hackathon must have ended before that.
    if (!listing || !info || listing.status !== 'accepted' || info.pricing.type !== 'free' || Date.parse(listing.endDate) + 4 * DAY > now().getTime()) {
      deps.log?.warn({ hackathon: plan.hackathon }, 'seed: no free, accepted, ended hackathon of that username; its judging is not seeded');
      continue;
    }
    await seedPlan(deps.store, plan, listing, info, idOf, ctx, result);
  }
  deps.log?.info(result, 'seeded hackathon judging');
  return result;
}

async function seedPlan(store: EventStore, plan: JudgingPlan, listing: JudgingListing, info: HackathonInfo, idOf: (username: string) => string, ctx: CommandContext, result: SeedJudgingResult) {
  const hackathonId = listing.hackathonId;
  const end = Date.parse(listing.endDate);
  const opens = Date.parse(info.registrationDeadline) - 6 * DAY;
  const t = {
    setup: opens,
    register: (n: number, k: number) => opens + DAY + n * HOUR + k * 5 * MIN,
    draft: (n: number) => end - 30 * HOUR + n * 30 * MIN,
    submit: (n: number) => end - 5 * HOUR + n * 20 * MIN,
    assign: end + 2 * HOUR,
    score: (j: number, k: number) => end + DAY + j * 3 * HOUR + k * 2 * MIN,
    correction: end + 2 * DAY,
    gallery: end + 3 * DAY,
    publish: end + 3 * DAY + HOUR,
  };
  const run = async <S, C, E extends { type: string; data: unknown }>(stream: string, decider: Decider<S, C, E>, command: C, userId: string) =>
    (await handleCommand(store, stream, decider, command, { ...ctx, userId }, () => (command as { now: Date }).now)).events.length;
  const judging = async (): Promise<JudgingState> => (await loadState(store, hackathonJudgingStream(hackathonId), judgingFold)).state;
  const organiser = await actorOf(store, listing.createdBy);
  const organise = (command: OrganiserCommand, at: number) =>
    run(hackathonJudgingStream(hackathonId), judgingDecider, { ...command, listing, actor: organiser, now: new Date(at), resolved: {} } as JudgingCommand, organiser.userId);

  const trackId = (key: string) => seedId('judging-track', hackathonId, key);
  const criterionId = (c: number) => seedId('judging-criterion', hackathonId, CRITERIA[c]!.key);
  const teamId = (n: number) => seedId('judging-team', hackathonId, n);

  // The judges, then the setup (a track's judges must be judges already).
  for (const judge of plan.judges) {
    if (!(await judging()).judgeUserIds.includes(idOf(judge))) await organise({ type: 'InviteJudge', judgeUserId: idOf(judge) }, t.setup);
  }
  const setup: JudgingSetup = {
    submissionDeadline: '',
    tracks: TRACKS.map(({ key, name, description }) => ({ id: trackId(key), name, description })),
    criteria: CRITERIA.map(({ name, description, weight, scale }, c) => ({ id: criterionId(c), name, description, weight, scale })),
    galleryOpen: false,
    voting: { enabled: false, opensAt: null, closesAt: null, perTrack: false },
    assignment: { mode: plan.mode, judgesPerProject: 2, trackJudges: Object.fromEntries(Object.entries(plan.trackJudges ?? {}).map(([key, judges]) => [trackId(key), judges.map(idOf)])) },
  };
  if (!(await judging()).setup) result.judgings += await organise({ type: 'SaveSetup', setup }, t.setup + 10 * MIN);

  // Each team registers, forms and is submitted (free: complete at once), then submits its project before the deadline.
  const roster = () => loadRoster(store, hackathonId);
  const rosterStream = hackathonRosterStream(hackathonId);
  for (const [n, entrant] of plan.entrants.entries()) {
    const members = entrant.members.map(idOf);
    const creator = members[0]!;
    for (const [k, userId] of members.entries()) {
      if (!(await roster()).entrants[userId]) await run(rosterStream, rosterDecider, { type: 'Register', userId, profile: {}, hackathon: info, now: new Date(t.register(n, k)) }, userId);
    }
    if (!(await roster()).own.teams[teamId(n)]) {
      result.teams += await run(rosterStream, rosterDecider, { type: 'CreateTeam', userId: creator, teamId: teamId(n), name: entrant.team, code: newTeamCode(), hackathon: info, now: new Date(t.register(n, 4)) }, creator);
    }
    for (const [k, userId] of members.slice(1).entries()) {
      const team = (await roster()).own.teams[teamId(n)]!;
      if (!team.members.includes(userId)) await run(rosterStream, rosterDecider, { type: 'JoinTeam', userId, code: team.code, hackathon: info, now: new Date(t.register(n, 5 + k)) }, userId);
    }
    if ((await roster()).own.teams[teamId(n)]!.status === 'forming') {
      await run(rosterStream, rosterDecider, { type: 'SubmitTeam', userId: creator, teamId: teamId(n), hackathon: info, now: new Date(t.register(n, 10)) }, creator);
    }

    const stream = hackathonProjectStream(hackathonId, teamId(n));
    const project = (await loadState(store, stream, projectFold)).state;
    if (project.submissions.length > 0) continue;
    const state = await judging();
    const on = { listing, userId: creator, entrant: entrantOf(await roster(), listing, creator), deadline: deadlineOf(state, listing.endDate), trackIds: tracksOf(state).map((track) => track.id) };
    const form = ProjectFormSchema.parse({ ...entrant.project, trackIds: entrant.project.tracks.map(trackId) });
    if (!project.draft) await run(stream, projectSubmissionDecider, { type: 'SaveDraft', version: versionOf(form), ...on, now: new Date(t.draft(n)) }, creator);
    result.projects += await run(stream, projectSubmissionDecider, { type: 'Submit', ...on, now: new Date(t.submit(n)) }, creator);
  }

  const deadline = deadlineOf(await judging(), listing.endDate);
  if (!(await judging()).assignments) await organise({ type: 'Assign', projects: await submittedProjects(store, listing, deadline) }, t.assign);

  // Each judge scores what the plan gives them, where assigned; then notes and late corrections.
  const state = await judging();
  const sheetOf = async (judgeUserId: string) => (await loadState(store, hackathonScoresStream(hackathonId, judgeUserId), scoreDecider)).state;
  const score = async (judgeUserId: string, n: number, body: { criterionId: string; value: number } | { note: string }, at: number) => {
    const { project } = await judgingContextOf(store, hackathonId, teamId(n));
    const on = { hackathonId, judgeUserId, project, judging: state, isJudge: true, now: new Date(at) };
    const command = 'note' in body ? { type: 'SaveNote' as const, ...body, ...on } : { type: 'Score' as const, ...body, ...on };
    return run(hackathonScoresStream(hackathonId, judgeUserId), scoreDecider, command, judgeUserId);
  };
  for (const [j, [judge, rows]] of Object.entries(plan.scores).entries()) {
    const judgeUserId = idOf(judge);
    let k = 0;
    for (const [n, values] of rows.entries()) {
      if (!values || !isAssigned(state, judgeUserId, teamId(n))) continue;
      for (const [c, value] of values.entries()) {
        const at = t.score(j, k++);
        if ((await sheetOf(judgeUserId)).scores[scoreKey(teamId(n), criterionId(c))] === undefined) result.scores += await score(judgeUserId, n, { criterionId: criterionId(c), value }, at);
      }
    }
  }
  for (const [i, { judge, entrant, note }] of (plan.notes ?? []).entries()) await score(idOf(judge), entrant, { note }, t.correction - HOUR + i * MIN);
  for (const [i, fix] of (plan.corrections ?? []).entries()) {
    const judgeUserId = idOf(fix.judge);
    const current = (await sheetOf(judgeUserId)).scores[scoreKey(teamId(fix.entrant), criterionId(fix.criterion))];
    if (current !== undefined && current !== fix.value) result.scores += await score(judgeUserId, fix.entrant, { criterionId: criterionId(fix.criterion), value: fix.value }, t.correction + i * MIN);
  }

  if (!plan.publish) return;
  const current = await judging();
  if (current.setup && !current.setup.galleryOpen) await organise({ type: 'SaveSetup', setup: { ...current.setup, galleryOpen: true } }, t.gallery);
  if (current.winners) return;
  const judged = await submittedProjects(store, listing, deadline);
  const scores: JudgeScore[] = [];
  for (const judgeUserId of plan.judges.map(idOf)) {
    for (const [key, value] of Object.entries((await sheetOf(judgeUserId)).scores)) {
      const [projectId, criterion] = key.split('/') as [string, string];
      scores.push({ judgeUserId, projectId, criterionId: criterion, value });
    }
  }
  const titles = new Map(plan.entrants.map((e, n) => [teamId(n), e.project.title]));
  const input = {
    criteria: setup.criteria.map(({ id, weight, scale }) => ({ id, weight, scale })),
    trackIds: setup.tracks.map((track) => track.id),
    projects: judged.map((p) => ({ projectId: p.projectId, title: titles.get(p.projectId) ?? p.projectId, trackIds: p.trackIds })),
    scores,
  };
  const winners = winnersOf(rankProjects(input, 'zscore'), new Map(setup.tracks.map((track) => [track.id, track.name])));
  result.published += await organise({ type: 'PublishWinners', winners, submittedProjectIds: judged.map((p) => p.projectId) }, t.publish);
}

/** As an organiser would choose with the z-score ranking: the first overall wins, each track's prize goes to its best project not awarded yet. */
function winnersOf(ranking: ReturnType<typeof rankProjects>, trackNames: ReadonlyMap<string, string>): Winner[] {
  const [overall, ...tracks] = ranking;
  const winners: Winner[] = [];
  const first = overall?.rows.find((row) => row.place !== null);
  if (first) winners.push({ prize: 'Winner', trackId: null, place: 1, projectId: first.projectId });
  for (const track of tracks) {
    const best = track.rows.find((row) => row.place !== null && !winners.some((w) => w.projectId === row.projectId));
    if (best && track.trackId) winners.push({ prize: trackNames.get(track.trackId) ?? track.trackId, trackId: track.trackId, place: 1, projectId: best.projectId });
  }
  return winners;
}
