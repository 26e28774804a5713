import { describe, it } from 'vitest';
import { given } from '@circuit/shared/testkit/given-when-then';
import { EventContentSchema } from '@circuit/shared/events/event-listings';
import { EventMessages as M } from '@circuit/shared/validation/events';
import { eventDecider, eventSaveDecider, eventSlugDecider, type EventListingEvent } from './event-decider';

const now = new Date('2030-01-10T10:00:00.000Z');
const at = now.toISOString();
const content = EventContentSchema.parse({
  username: 'meetup',
  title: 'Meetup',
  shortDescription: 'Short',
  description: '<p>x</p>',
  organization: { name: 'Club' },
  dates: { registrationDeadline: '2030-02-01T00:00:00.000Z', startDate: '2030-02-02T00:00:00.000Z', endDate: '2030-02-03T00:00:00.000Z' },
  takeRegistrations: 'pending',
});
const created: EventListingEvent = { type: 'EventCreated', data: { eventId: 'e1', createdBy: 'org', content, at } };
const user = (userId: string, role: 'user' | 'moderator' | 'admin' = 'user') => ({ userId, role });

describe('event listing decider', () => {
  it('edits by the creator or an admin only, with the username locked', () => {
    given(eventDecider, [created])
      .when({ type: 'UpdateEvent', eventId: 'e1', actor: user('admin', 'admin'), content: { ...content, username: 'other', title: 'New' }, now })
      .then([{ type: 'EventUpdated', data: { eventId: 'e1', content: { ...content, title: 'New' }, at, byUserId: 'admin' } }]);
    given(eventDecider, [created]).when({ type: 'UpdateEvent', eventId: 'e1', actor: user('x'), content, now }).thenThrows('forbidden', M.notAuthorizedEdit);
    given(eventDecider, [created]).when({ type: 'UpdateEvent', eventId: 'e1', actor: user('mod', 'moderator'), content, now }).thenThrows('forbidden', M.notAuthorizedEdit);
    given(eventDecider, []).when({ type: 'UpdateEvent', eventId: 'e1', actor: user('org'), content, now }).thenThrows('not_found', M.notFound);
  });

  it('moderators and admins approve or reject with a reason; approving twice records nothing', () => {
    given(eventDecider, [created]).when({ type: 'ApproveEvent', eventId: 'e1', actor: user('org'), now }).thenThrows('forbidden', M.notStaff);
    const approved: EventListingEvent = { type: 'EventApproved', data: { eventId: 'e1', at, byUserId: 'mod' } };
    given(eventDecider, [created]).when({ type: 'ApproveEvent', eventId: 'e1', actor: user('mod', 'moderator'), now }).then([approved]);
    given(eventDecider, [created, approved]).when({ type: 'ApproveEvent', eventId: 'e1', actor: user('mod', 'moderator'), now }).then([]);
    given(eventDecider, [created])
      .when({ type: 'RejectEvent', eventId: 'e1', actor: user('adm', 'admin'), reason: 'No venue', now })
      .then([{ type: 'EventRejected', data: { eventId: 'e1', reason: 'No venue', at, byUserId: 'adm' } }]);
  });

  it('a deleted event can be neither edited nor deleted again', () => {
    const deleted: EventListingEvent = { type: 'EventDeleted', data: { eventId: 'e1', at, byUserId: 'org' } };
    given(eventDecider, [created]).when({ type: 'DeleteEvent', eventId: 'e1', actor: user('x'), now }).thenThrows('forbidden', M.notAuthorizedDelete);
    given(eventDecider, [created, deleted]).when({ type: 'DeleteEvent', eventId: 'e1', actor: user('org'), now }).thenThrows('not_found', M.notFound);
  });

  it('a slug is held by one event at a time; saves record once and only for available events', () => {
    const reserved = { type: 'EventSlugReserved' as const, data: { slug: 'meetup', eventId: 'e1', at } };
    given(eventSlugDecider, [reserved]).when({ type: 'ReserveSlug', slug: 'Meetup', eventId: 'e2', now }).thenThrows('conflict', M.usernameTaken);
    given(eventSlugDecider, [reserved]).when({ type: 'ReleaseSlug', slug: 'meetup', eventId: 'e2', now }).then([]);
    given(eventSaveDecider, []).when({ type: 'Save', eventId: 'e1', userId: 'u', available: false, now }).thenThrows('not_found', M.notFound);
    given(eventSaveDecider, [{ type: 'EventSaved', data: { eventId: 'e1', userId: 'u', at } }]).when({ type: 'Save', eventId: 'e1', userId: 'u', available: true, now }).then([]);
  });
});
