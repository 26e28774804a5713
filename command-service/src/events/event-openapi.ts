import { z } from 'zod';
import type { ApiRegistration } from '@circuit/shared/http/openapi/contract';
import { CalendarFeedSchema, EventRegistrationStatusSchema, EventWrittenSchema } from '@circuit/shared/api/events';
import { PaymentOrderSchema, VerifyPaymentBodySchema } from '@circuit/shared/api/payments';
import { EventMessages as M, EventRegisterBodySchema, EventRegistrationMessages as R } from '@circuit/shared/validation/events';
import { describeListingRoutes } from '../listings/listing-openapi';
import { eventListingApi } from './event-routes';

const tag = 'Events';
const EventRef = z.object({ id: z.string().meta({ description: 'The event id (or its username)' }) });
const RULES = 'The first broken rule of spec 2 section 5, in the spec’s order (e.g. ‘Title is required’, ‘Country is required for offline/hybrid events’)';
const NOT_OPEN = `'${R.notOpen}', '${R.deadlinePassed}' (by the server's clock)`;

/** event-routes.ts and event-registration-routes.ts */
export const eventOpenApi: ApiRegistration = (api) => {
  describeListingRoutes(api, {
    tag,
    api: eventListingApi,
    written: EventWrittenSchema,
    rules: RULES,
    refusals: M,
    summaries: {
      create: 'Host an event (pending until reviewed, within 24 to 48 hours)',
      update: 'Edit an event (its creator or an admin)',
      remove: 'Delete an event (its creator or an admin); its username becomes free',
      approve: 'Approve an event: it becomes public and its organiser is told (moderators and admins)',
      reject: 'Reject an event with a reason its organiser is told (moderators and admins)',
      save: 'Save an event (accepted ones only); saving twice records nothing',
      unsave: 'Remove an event from your saved items',
    },
    about: [
      'A new event is `pending` until a moderator or admin approves it; only accepted events are listed and public. The username is locked after creation; `maxAttendees` 0 means unlimited.',
      'Registrations, the waitlist and offers of one event are decided on one stream per event: `maxAttendees` is never exceeded and the line has no gaps, however many requests arrive at once. When the event is full, `joinWaitlist: true` puts you in line. A place freed by an unregistration, a failed payment or a payment not made in time is offered to the first in line at once (a notification and an e-mail); they have 24 hours to accept (and pay, for a paid event) before it passes to the next.',
    ],
  });
  api.route({ method: 'post', path: '/api/users/calendar-feed', tag, summary: 'Create your calendar feed’s secret URL, or replace it (the old URL stops working)', auth: 'session', ok: { data: CalendarFeedSchema, message: 'Your calendar link is ready. Any earlier link no longer works.' } });

  const status = { data: EventRegistrationStatusSchema };
  api.route({
    method: 'post',
    path: '/api/events/{id}/register',
    tag,
    summary: 'Register, or join the waitlist when full and `joinWaitlist` is true (then `waitlist.position`); a paid event answers `requiresPayment`',
    auth: 'session',
    params: EventRef,
    body: EventRegisterBodySchema,
    ok: { status: 201, ...status, message: R.registered },
    errors: { 400: `'Please fill in all required fields: …', '${R.mobile}', '${R.terms}'`, 404: M.notFound, 409: `${NOT_OPEN}, '${R.full}', '${R.alreadyRegistered}', '${R.alreadyWaitlisted}'` },
  });
  api.route({ method: 'delete', path: '/api/events/{id}/register', tag, summary: 'Unregister (or give up your offer or your place in line); a freed place goes to the next in line', auth: 'session', params: EventRef, ok: { ...status, message: R.unregistered }, errors: { 404: M.notFound, 409: R.notRegistered } });
  api.route({ method: 'delete', path: '/api/events/{id}/waitlist', tag, summary: 'Leave the waitlist (the people behind you move up)', auth: 'session', params: EventRef, ok: { ...status, message: R.leftWaitlist }, errors: { 404: M.notFound, 409: R.notWaitlisted } });
  api.route({ method: 'post', path: '/api/events/{id}/waitlist/accept', tag, summary: 'Accept the place offered to you (a paid event then answers requiresPayment, to pay before the offer runs out)', auth: 'session', params: EventRef, ok: { ...status, message: R.offerAccepted }, errors: { 404: M.notFound, 409: `'${R.noOffer}', '${R.alreadyRegistered}'` } });
  api.route({ method: 'post', path: '/api/events/{id}/waitlist/decline', tag, summary: 'Pass on the place offered to you: it goes to the next in line', auth: 'session', params: EventRef, ok: { ...status, message: R.offerDeclined }, errors: { 404: M.notFound, 409: R.noOffer } });
  api.route({ method: 'post', path: '/api/events/{id}/create-payment-order', tag, summary: 'An order for your registration fee while it is due', auth: 'session', params: EventRef, ok: { data: PaymentOrderSchema, message: R.orderCreated }, errors: { 403: R.notRegistered, 404: M.notFound, 409: `'${R.noPaymentDue}', '${R.noOffer}'`, 503: 'Payments are not available right now' } });
  api.route({ method: 'post', path: '/api/events/{id}/verify-payment', tag, summary: 'Verify the checkout’s answer: your registration is paid (idempotent)', auth: 'session', params: EventRef, body: VerifyPaymentBodySchema, ok: { ...status, message: R.paymentComplete }, errors: { 400: R.paymentFailed, 403: 'Not your order', 404: M.notFound, 409: R.noOffer } });
};
