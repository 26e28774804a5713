import type { Knex } from 'knex';
import type { Participant, PaymentStatus, RegistrationStatus, Team, TeamStatus } from '../api/hackathons';

/**
 * The hackathon registrations read model (projection-service/src/hackathon-registrations writes
 * it): `hackathon_participants`, `hackathon_teams`, `hackathon_team_members`. Both services answer
 * with the `Team`, `TeamStatus` and `RegistrationStatus` shapes of the API contract, built here
 * from those rows and `users`.
 */
interface ParticipantRow {
  hackathon_id: string;
  user_id: string;
  team_id: string | null;
  payment_status: PaymentStatus;
  is_removed: boolean;
  registered_at: Date | string;
}

interface TeamRow {
  id: string;
  hackathon_id: string;
  name: string;
  code: string;
  creator_id: string;
  status: Team['status'];
  created_at: Date | string;
}

interface MemberRow {
  team_id: string;
  user_id: string;
  username: string | null;
  first_name: string | null;
  last_name: string | null;
  profile_picture: string | null;
}

const iso = (v: Date | string) => new Date(v).toISOString();

export async function findParticipant(knex: Knex, hackathonId: string, userId: string): Promise<Participant | null> {
  const row: ParticipantRow | undefined = await knex('hackathon_participants').where({ hackathon_id: hackathonId, user_id: userId }).first();
  if (!row) return null;
  return {
    userId: row.user_id,
    hackathonId: row.hackathon_id,
    teamId: row.team_id,
    paymentStatus: row.payment_status,
    isRemoved: row.is_removed,
    registeredAt: iso(row.registered_at),
  };
}

/** The teams with their members (oldest member first, the creator at the head), in the order of `teamIds`. */
export async function findTeams(knex: Knex, teamIds: string[]): Promise<Team[]> {
  if (teamIds.length === 0) return [];
  const rows: TeamRow[] = await knex('hackathon_teams').whereIn('id', teamIds);
  const members: MemberRow[] = await knex('hackathon_team_members as m')
    .leftJoin('users as u', 'u.id', 'm.user_id')
    .whereIn('m.team_id', teamIds)
    .orderBy([{ column: 'm.joined_at' }, { column: 'm.user_id' }])
    .select('m.team_id', 'm.user_id', 'u.username', 'u.first_name', 'u.last_name', 'u.profile_picture');
  const byId = new Map(rows.map((r) => [r.id, r]));
  return teamIds.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    return [
      {
        _id: row.id,
        id: row.id,
        hackathonId: row.hackathon_id,
        name: row.name,
        code: row.code,
        creator: row.creator_id,
        members: members
          .filter((m) => m.team_id === id)
          .map((m) => ({ _id: m.user_id, firstName: m.first_name ?? '', lastName: m.last_name ?? '', username: m.username ?? '', profilePicture: m.profile_picture })),
        status: row.status,
        registrationComplete: row.status === 'complete',
        createdAt: iso(row.created_at),
      },
    ];
  });
}

export async function findTeam(knex: Knex, teamId: string): Promise<Team | null> {
  return (await findTeams(knex, [teamId]))[0] ?? null;
}

/** GET .../teams/me: the signed-in user's registration and team in one hackathon. */
export async function findTeamStatus(knex: Knex, hackathonId: string, userId: string): Promise<TeamStatus> {
  const participant = await findParticipant(knex, hackathonId, userId);
  const team = participant?.teamId ? await findTeam(knex, participant.teamId) : null;
  return { registered: participant !== null && !participant.isRemoved, participant, team };
}

/** GET .../registration-status */
export async function findRegistrationStatus(knex: Knex, hackathonId: string, userId: string): Promise<RegistrationStatus> {
  const participant = await findParticipant(knex, hackathonId, userId);
  if (!participant || participant.isRemoved) return { registered: false, paymentStatus: null };
  return { registered: true, paymentStatus: participant.paymentStatus };
}
