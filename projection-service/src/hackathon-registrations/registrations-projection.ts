import type { Knex } from 'knex';
import type { RecordedEvent } from '@circuit/shared/ports/event-store';
import { HackathonRegistrationEventSchemas as S, HACKATHON_ROSTER_EVENT_TYPES } from '@circuit/shared/events/hackathon-registrations';
import { HackathonEventSchemas } from '@circuit/shared/events/hackathons';
import type { Projection } from '../runner/projection';
import { TableChanges } from '../runner/table-changes';

/** A change that concerns every member of a team, applied after the batch's rows in feed order. */
type TeamWide = { kind: 'deleted'; teamId: string } | { kind: 'payment'; teamId: string; status: 'completed' | 'failed' };

/**
 * Participants, teams and members of hackathons, from the roster streams
 * (`hackathon-roster-<id>`). The roster decider has already refused anything inconsistent, so
 * each event maps to a row change; team-wide changes (a deleted team, a completed or failed
 * payment) run as set-based statements after the rows of the batch, in feed order.
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
    const participants = new TableChanges('hackathon_participants', ['hackathon_id', 'user_id']);
    const teams = new TableChanges('hackathon_teams', ['id']);
    const members = new TableChanges('hackathon_team_members', ['team_id', 'user_id']);
    const teamWide: TeamWide[] = [];

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
          participants.patch({ hackathon_id: d.hackathonId, user_id: d.creatorId }, { team_id: d.teamId });
          break;
        }
        case 'TeamMemberJoined': {
          const d = S.TeamMemberJoined.parse(event.data);
          members.insert({ team_id: d.teamId, user_id: d.userId, hackathon_id: d.hackathonId, joined_at: d.at });
          participants.patch({ hackathon_id: d.hackathonId, user_id: d.userId }, { team_id: d.teamId });
          break;
        }
        case 'TeamMemberRemoved': {
          const d = S.TeamMemberRemoved.parse(event.data);
          members.delete({ team_id: d.teamId, user_id: d.userId });
          participants.patch({ hackathon_id: d.hackathonId, user_id: d.userId }, { team_id: null });
          // A submitted team that loses a member forms again (see the roster decider).
          teams.patch({ id: d.teamId }, { status: 'forming', submitted_at: null });
          break;
        }
        case 'TeamDeleted': {
          const d = S.TeamDeleted.parse(event.data);
          teams.delete({ id: d.teamId });
          for (const row of members.pendingInserts()) if (row.team_id === d.teamId) members.delete(row);
          teamWide.push({ kind: 'deleted', teamId: d.teamId });
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
          teamWide.push({ kind: 'payment', teamId: d.teamId, status: 'completed' });
          break;
        }
        case 'TeamPaymentFailed': {
          const d = S.TeamPaymentFailed.parse(event.data);
          teamWide.push({ kind: 'payment', teamId: d.teamId, status: 'failed' });
          break;
        }
        default:
          break;
      }
    }

    await teams.flush(trx);
    await participants.flush(trx);
    await members.flush(trx);
    // Team ids are never reused, so a team-wide change touches only rows of that team.
    for (const change of teamWide) {
      if (change.kind === 'deleted') {
        await trx('hackathon_team_members').where({ team_id: change.teamId }).del();
        await trx('hackathon_participants').where({ team_id: change.teamId }).update({ team_id: null });
      } else {
        await trx('hackathon_participants').where({ team_id: change.teamId }).update({ payment_status: change.status });
      }
    }
  },
};
