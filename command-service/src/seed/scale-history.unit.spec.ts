import { describe, expect, it } from 'vitest';
import { isKnownEventType, parseEventData } from '@circuit/shared/events/catalogue';
import { scaleHistory, scaleShape } from './scale-history';

const EVENTS = 50_000;
const appends = [...scaleHistory({ events: EVENTS, seed: 7, now: new Date('2026-06-01T00:00:00Z') })];
const events = appends.flatMap((a) => a.events.map((e) => ({ ...e, streamId: a.streamId, people: a.people })));
const ofType = (type: string) => events.filter((e) => e.type === type).map((e) => e.data as Record<string, string>);

const safely = (parse: () => unknown) => {
  try {
    parse();
    return true;
  } catch {
    return false;
  }
};

describe('the scale history (bench:scale)', () => {
  it('is about the size asked for, in the proportions of the issue', () => {
    expect(events.length).toBeGreaterThan(EVENTS * 0.85);
    expect(events.length).toBeLessThan(EVENTS * 1.15);
    const shape = scaleShape(EVENTS);
    expect(ofType('UserRegistered')).toHaveLength(shape.user);
    expect(ofType('HackathonCreated')).toHaveLength(shape.hackathon);
    expect(ofType('EventCreated')).toHaveLength(shape.event);
    expect(ofType('QuizCreated')).toHaveLength(shape.quiz);
    const registrations = ofType('HackathonParticipantRegistered').length + ofType('EventAttendeeRegistered').length + ofType('QuizParticipantRegistered').length;
    expect(registrations).toBeGreaterThan(0.95 * (shape.hackathonRegistration + shape.eventRegistration + shape.quizRegistration));
    expect(ofType('MessageSent').length).toBeGreaterThan(0.95 * shape.message);
    for (const type of ['PaymentVerified', 'PaymentFailed', 'PaymentDuplicateRefunded', 'TeamRegistrationCompleted', 'UserFollowed', 'NotificationCreated', 'ProfileUpdated']) {
      expect(ofType(type).length, type).toBeGreaterThan(0);
    }
  });

  it('holds only events of the catalogue with valid data', () => {
    const invalid = events.filter((e) => !isKnownEventType(e.type) || !safely(() => parseEventData(e.type as never, e.data)));
    expect(invalid).toEqual([]);
  });

  it('is a history the commands could have written', () => {
    const users = new Set(ofType('UserRegistered').map((d) => d.userId));
    const approved = new Set([...ofType('HackathonApproved').map((d) => d.hackathonId), ...ofType('EventApproved').map((d) => d.eventId), ...ofType('QuizApproved').map((d) => d.quizId)]);
    const seen = new Set<string>();
    const wrong: string[] = [];
    const check = (ok: boolean, what: string) => void (ok || wrong.push(what));
    const connected = new Set<string>();
    const pair = (a: string, b: string) => [a, b].sort().join('|');
    for (const e of events) {
      const d = e.data as Record<string, string>;
      if (e.type === 'HackathonParticipantRegistered' || e.type === 'EventAttendeeRegistered' || e.type === 'QuizParticipantRegistered') {
        const listing = d.hackathonId ?? d.eventId ?? d.quizId!;
        // A registered person, an approved listing, once.
        check(users.has(d.userId!), `registration of an unknown person ${d.userId}`);
        check(approved.has(listing), `registration for a listing not approved ${listing}`);
        check(!seen.has(`${listing}|${d.userId}`), `second registration ${listing} ${d.userId}`);
        seen.add(`${listing}|${d.userId}`);
      }
      if (e.type === 'ConnectionAccepted') connected.add(pair(d.from!, d.to!));
      if (e.type === 'MessageSent') check(connected.has(pair(d.from!, d.to!)), `message between strangers ${d.from} ${d.to}`);
      // Personal data is named for its person, so crypto-shredding can seal it.
      if (e.type === 'MessageSent' || e.type === 'UserRegistered') check(e.people.includes(d.from ?? d.userId!), `${e.type} without its person`);
    }
    expect(wrong.slice(0, 5)).toEqual([]);
  });

  it('has a skewed follow graph: a few people have most of the followers', () => {
    const followers = new Map<string, number>();
    for (const d of ofType('UserFollowed')) followers.set(d.to!, (followers.get(d.to!) ?? 0) + 1);
    const counts = [...followers.values()].sort((a, b) => b - a);
    const top = counts.slice(0, Math.ceil(counts.length / 100)).reduce((a, b) => a + b, 0);
    expect(top / ofType('UserFollowed').length).toBeGreaterThan(0.1);
  });
});
