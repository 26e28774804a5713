import type { Knex } from 'knex';
import type { RecordedEvent } from '@circuit/shared/ports/event-store';
import { HackathonRegistrationEventSchemas as S, HACKATHON_ROSTER_EVENT_TYPES } from '@circuit/shared/events/hackathon-registrations';
import { HackathonEventSchemas } from '@circuit/shared/events/hackathons';
import type { Projection } from '../runner/projection';
import { BatchRows, keysInEvents } from '../runner/batch-rows';
import { keyOf, TableChanges } from '../runner/table-changes';

/** The events that name one participant by `userId`, read up front with TeamCreated's creator. */
const BY_USER: ReadonlySet<string> = new Set(['HackathonParticipantRegistered', 'HackathonParticipantUnregistered', 'TeamMemberJoined', 'TeamMemberRemoved']);
const CREATED: ReadonlySet<string> = new Set(['TeamCreated']);
/** The events that change every member of a team: the team's participants are read up front, all of them. */
const TEAM_WIDE: ReadonlySet<string> = new Set(['TeamDeleted', 'TeamRegistrationCompleted', 'TeamPaymentFailed']);

const KEY = ['hackathon_id', 'user_id'];

/**
 * The participants of a batch, and which of them are in each team at this point of it: a
 * team-wide change (a deleted team, a completed or failed payment) reaches exactly the rows one
 * event at a time would, those whose team_id is the team's then.
 */
class Participants {
  readonly rows = new BatchRows('hackathon_participants', KEY);
  private readonly byTeam = new Map<string, Map<string, { hackathon_id: string; user_id: string }>>();

  async load(trx: Knex.Transaction, events: RecordedEvent[]): Promise<void> {
    const teams = keysInEvents(events, TEAM_WIDE, { team_id: 'teamId' }).map((k) => String(k.team_id));
    for (const row of await this.rows.loadAll(trx, 'team_id', teams, ['team_id'])) {
      const key = { hackathon_id: String(row.hackathon_id), user_id: String(row.user_id) };
      this.member(String(row.team_id)).set(keyOf(KEY, key), key);
    }
    const named = [...keysInEvents(events, BY_USER, { hackathon_id: 'hackathonId', user_id: 'userId' }), ...keysInEvents(events, CREATED, { hackathon_id: 'hackathonId', user_id: 'creatorId' })];
    await this.rows.load(trx, named, ['team_id']);
  }

  private member(teamId: string): Map<string, { hackathon_id: string; user_id: string }> {
    let members = this.byTeam.get(teamId);
    if (!members) this.byTeam.set(teamId, (members = new Map()));
    return members;
  }

  insert(row: Record<string, unknown> & { hackathon_id: string; user_id: string; team_id: null }): void {
    this.rows.insert(row);
  }

  delete(key: { hackathon_id: string; user_id: string }): void {
    this.leave(key);
    this.rows.delete(key);
  }

  /** Puts the participant (if registered) in `teamId`, or in none. */
  setTeam(key: { hackathon_id: string; user_id: string }, teamId: string | null): void {
    if (!this.rows.get(key)) return;
    this.leave(key);
    this.rows.update(key, { team_id: teamId });
    if (teamId !== null) this.member(teamId).set(keyOf(KEY, key), key);
  }

  private leave(key: { hackathon_id: string; user_id: string }): void {
    const teamId = this.rows.get(key)?.team_id;
    if (typeof teamId === 'string') this.byTeam.get(teamId)?.delete(keyOf(KEY, key));
  }

  setPaymentStatus(teamId: string, status: 'completed' | 'failed'): void {
    for (const key of this.inTeam(teamId)) this.rows.update(key, { payment_status: status });
  }

  /** The participants in `teamId` now. */
  inTeam(teamId: string): { hackathon_id: string; user_id: string }[] {
    return [...(this.byTeam.get(teamId)?.values() ?? [])];
  }
}

/**
 * Participants, teams and members of hackathons, from the roster streams
 * (`hackathon-roster-<id>`). The roster decider has already refused anything inconsistent, so
 * each event maps to a row change. A batch reads the participants its events name, and all
 * those of the teams it deletes or settles the payment of, in one statement each, then folds
 * every event in memory in feed order and writes each table back with a few set-based statements.
 */
export const registrationsProjection: Projection = {
  name: 'hackathon-registrations',
  tables: ['hackathon_participants', 'hackathon_teams', 'hackathon_team_members', 'hackathon_roster_slugs'],
  eventTypes: [...HACKATHON_ROSTER_EVENT_TYPES, 'HackathonSlugReserved', 'HackathonSlugReleased'],
  async applyBatch(trx: Knex.Transaction, all: RecordedEvent[]) {
    const slugs = new TableChanges('hackathon_roster_slugs', ['slug']);
    for (const event of all) {
      if (event.type === 'HackathonSlugReserved') {
        const d = HackathonEventSchemas.HackathonSlugReserved.parse(event.data);
        slugs.delete({ slug: d.slug.toLowerCase() });
        slugs.insert({ slug: d.slug.toLowerCase(), hackathon_id: d.hackathonId });
      } else if (event.type === 'HackathonSlugReleased') {
        slugs.delete({ slug: HackathonEventSchemas.HackathonSlugReleased.parse(event.data).slug.toLowerCase() });
      }
    }
    await slugs.flush(trx);
    const events = all.filter((e) => e.streamId.startsWith('hackathon-roster-'));
    if (events.length === 0) return;
    const participants = new Participants();
    await participants.load(trx, events);
    const teams = new TableChanges('hackathon_teams', ['id']);
    const members = new TableChanges('hackathon_team_members', ['team_id', 'user_id']);

    for (const event of events) {
      switch (event.type) {
        case 'HackathonParticipantRegistered': {
          const d = S.HackathonParticipantRegistered.parse(event.data);
          participants.insert({
            hackathon_id: d.hackathonId,
            user_id: d.userId,
            team_id: null,
            payment_status: d.fee === 'paid' ? 'pending' : 'completed',
            is_removed: false,
            profile: d.profile,
            registered_at: d.at,
          });
          break;
        }
        case 'HackathonParticipantUnregistered': {
          const d = S.HackathonParticipantUnregistered.parse(event.data);
          participants.delete({ hackathon_id: d.hackathonId, user_id: d.userId });
          break;
        }
        case 'TeamCreated': {
          const d = S.TeamCreated.parse(event.data);
          teams.insert({ id: d.teamId, hackathon_id: d.hackathonId, name: d.name, code: d.code, creator_id: d.creatorId, status: 'forming', created_at: d.at });
          members.insert({ team_id: d.teamId, user_id: d.creatorId, hackathon_id: d.hackathonId, joined_at: d.at });
          participants.setTeam({ hackathon_id: d.hackathonId, user_id: d.creatorId }, d.teamId);
          break;
        }
        case 'TeamMemberJoined': {
          const d = S.TeamMemberJoined.parse(event.data);
          members.insert({ team_id: d.teamId, user_id: d.userId, hackathon_id: d.hackathonId, joined_at: d.at });
          participants.setTeam({ hackathon_id: d.hackathonId, user_id: d.userId }, d.teamId);
          break;
        }
        case 'TeamMemberRemoved': {
          const d = S.TeamMemberRemoved.parse(event.data);
          members.delete({ team_id: d.teamId, user_id: d.userId });
          participants.setTeam({ hackathon_id: d.hackathonId, user_id: d.userId }, null);
          // A submitted team that loses a member forms again (see the roster decider).
          teams.patch({ id: d.teamId }, { status: 'forming', submitted_at: null });
          break;
        }
        case 'TeamDeleted': {
          const d = S.TeamDeleted.parse(event.data);
          teams.delete({ id: d.teamId });
          members.deleteAll({ team_id: d.teamId });
          for (const key of participants.inTeam(d.teamId)) participants.setTeam(key, null);
          break;
        }
        case 'TeamSubmitted': {
          const d = S.TeamSubmitted.parse(event.data);
          teams.patch({ id: d.teamId }, { status: d.requiresPayment ? 'payment_required' : 'forming', submitted_at: d.at });
          break;
        }
        case 'TeamRegistrationCompleted': {
          const d = S.TeamRegistrationCompleted.parse(event.data);
          teams.patch({ id: d.teamId }, { status: 'complete', completed_at: d.at, order_id: d.orderId });
          participants.setPaymentStatus(d.teamId, 'completed');
          break;
        }
        case 'TeamPaymentFailed': {
          const d = S.TeamPaymentFailed.parse(event.data);
          participants.setPaymentStatus(d.teamId, 'failed');
          break;
        }
        default:
          break;
      }
    }

    await teams.flush(trx);
    await participants.rows.flush(trx);
    await members.flush(trx);
  },
};
