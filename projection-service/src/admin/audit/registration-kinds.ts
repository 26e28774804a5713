import type { Knex } from 'knex';
import type { RegistrationState } from '@circuit/shared/api/admin-audit';
import { hackathonRosterStream, HackathonRegistrationEventSchemas as S } from '@circuit/shared/events/hackathon-registrations';
import { PaymentEventSchemas } from '@circuit/shared/events/payments';
import type { EventStore, RecordedEvent } from '@circuit/shared/ports/event-store';
import { PAYMENT_EVENT_TYPES, scanFeed } from './feed-scan';
import { eventRegistrationKind, quizRegistrationKind } from './listing-registration-kinds';
import { labelOf, NOT_REGISTERED, registrationsList } from './registration-state';

/**
 * The kinds of registration the audit replays. A kind knows where its events are, how to fold them
 * into one registration's state (mirroring its projection), and how to read today's read-model
 * row. Events and quizzes add one entry each to REGISTRATION_KINDS.
 */
export interface RegistrationKind {
  type: string;
  /** Today's registrations, for the list: listing id, title, user, when, payment status. */
  list(knex: Knex): Knex.QueryBuilder;
  /** The registration's events (registration and payment), in feed order. */
  history(store: EventStore, listingId: string, userId: string): Promise<RecordedEvent[]>;
  /** The state after `events` (already cut at the chosen moment). */
  replay(events: RecordedEvent[], userId: string): RegistrationState;
  readModel(knex: Knex, listingId: string, userId: string): Promise<RegistrationState>;
}


export const hackathonRegistrationKind: RegistrationKind = {
  type: 'hackathon',
  list: (knex) => registrationsList(knex, 'hackathon_participants', 'hackathons', 'hackathon_id'),

  async history(store, listingId, userId) {
    const roster = await store.readStream(hackathonRosterStream(listingId));
    // The teams this user was ever in: their team-wide events and their orders belong to this registration.
    const teams = new Set<string>();
    for (const e of roster) {
      const d = e.data as { userId?: string; creatorId?: string; teamId?: string };
      if (d.teamId && (d.userId === userId || d.creatorId === userId)) teams.add(d.teamId);
    }
    const mine = roster.filter((e) => {
      const d = e.data as { userId?: string; creatorId?: string; teamId?: string };
      return d.userId === userId || d.creatorId === userId || (d.teamId !== undefined && teams.has(d.teamId));
    });
    if (teams.size === 0) return mine; // no team, no order: the feed scan is skipped
    const payments = (await scanFeed(store, PAYMENT_EVENT_TYPES)).filter((e) => {
      const purpose = PaymentEventSchemas.PaymentFailed.shape.purpose.safeParse((e.data as { purpose?: unknown }).purpose);
      return purpose.success && purpose.data.kind === 'hackathon-team' && purpose.data.listingId === listingId && teams.has(purpose.data.subjectId);
    });
    return [...mine, ...payments].sort((a, b) => (a.position < b.position ? -1 : a.position > b.position ? 1 : 0));
  },

  replay(events, userId) {
    let state: Omit<RegistrationState, 'label'> = { ...NOT_REGISTERED };
    const teamStatus = new Map<string, string>();
    for (const event of events) {
      switch (event.type) {
        case 'HackathonParticipantRegistered': {
          const d = S.HackathonParticipantRegistered.parse(event.data);
          if (d.userId === userId) state = { ...NOT_REGISTERED, registered: true, paymentStatus: d.fee === 'paid' ? 'pending' : 'completed' };
          break;
        }
        case 'HackathonParticipantUnregistered':
          if (S.HackathonParticipantUnregistered.parse(event.data).userId === userId) state = { ...NOT_REGISTERED };
          break;
        case 'TeamCreated': {
          const d = S.TeamCreated.parse(event.data);
          teamStatus.set(d.teamId, 'forming');
          if (d.creatorId === userId && state.registered) state = { ...state, teamId: d.teamId };
          break;
        }
        case 'TeamMemberJoined': {
          const d = S.TeamMemberJoined.parse(event.data);
          if (d.userId === userId && state.registered) state = { ...state, teamId: d.teamId };
          break;
        }
        case 'TeamMemberRemoved': {
          const d = S.TeamMemberRemoved.parse(event.data);
          teamStatus.set(d.teamId, 'forming');
          if (d.userId === userId) state = { ...state, teamId: null };
          break;
        }
        case 'TeamDeleted': {
          const d = S.TeamDeleted.parse(event.data);
          teamStatus.delete(d.teamId);
          if (state.teamId === d.teamId) state = { ...state, teamId: null };
          break;
        }
        case 'TeamSubmitted': {
          const d = S.TeamSubmitted.parse(event.data);
          teamStatus.set(d.teamId, d.requiresPayment ? 'payment_required' : 'forming');
          break;
        }
        case 'TeamRegistrationCompleted': {
          const d = S.TeamRegistrationCompleted.parse(event.data);
          teamStatus.set(d.teamId, 'complete');
          if (state.teamId === d.teamId) state = { ...state, paymentStatus: 'completed' };
          break;
        }
        case 'TeamPaymentFailed': {
          const d = S.TeamPaymentFailed.parse(event.data);
          if (state.teamId === d.teamId) state = { ...state, paymentStatus: 'failed' };
          break;
        }
        default:
          break;
      }
    }
    const full = { ...state, teamStatus: state.teamId ? (teamStatus.get(state.teamId) ?? null) : null };
    return { ...full, label: labelOf(full) };
  },

  async readModel(knex, listingId, userId) {
    const row = await knex('hackathon_participants as p')
      .leftJoin('hackathon_teams as t', 't.id', 'p.team_id')
      .where({ 'p.hackathon_id': listingId, 'p.user_id': userId })
      .first<{ team_id: string | null; payment_status: RegistrationState['paymentStatus']; team_status: string | null } | undefined>('p.team_id', 'p.payment_status', 't.status as team_status');
    const state = row ? { ...NOT_REGISTERED, registered: true, teamId: row.team_id, teamStatus: row.team_status, paymentStatus: row.payment_status } : { ...NOT_REGISTERED };
    return { ...state, label: labelOf(state) };
  },
};

export const REGISTRATION_KINDS: readonly RegistrationKind[] = [hackathonRegistrationKind, eventRegistrationKind, quizRegistrationKind];

/** Fields whose values differ between two states (the label follows from the others). */
export function differencesOf(a: RegistrationState, b: RegistrationState): string[] {
  return (['registered', 'teamId', 'teamStatus', 'paymentStatus', 'attempt'] as const).filter((k) => a[k] !== b[k]);
}
