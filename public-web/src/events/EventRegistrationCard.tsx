import { CalendarPlus, CheckCircle2, Clock, Hourglass } from 'lucide-react';
import { useRef, useState } from 'react';
import type { Event } from '@circuit/shared/api/events';
import { EventRegistrationMessages as M } from '@circuit/shared/validation/events';
import { isApiError, messageOf } from '../auth/apiClient';
import { useAuth } from '../auth/AuthContext';
import { LoginButtonLink } from '../auth/LoginLinks';
import { useDateLabels } from '../ui/useDateLabels';
import { CheckoutError, payWithCheckout } from '../payments/checkout';
import { Button } from '../ui/Button';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { notify } from '../ui/toast';
import { useEventRegistrationStatus, useRegistrationActions } from './eventsApi';
import { eventPrice, isFull, seatsText } from './labels';
import { RegistrationModal } from './RegistrationModal';
import { RegistrationPanel } from '../registration/RegistrationPanel';

function closedReason(e: Event): string | null {
  if (e.status !== 'accepted') return 'Registration opens once the event is approved.';
  if (e.takeRegistrations === 'false') return 'This event does not take registrations on Circuit.';
  if (e.phase !== 'registration_open') return 'Registration closed';
  return null;
}

/** The registration card (spec 2 section 4) with the waitlist's states: in line, offered a place, paying. */
export function EventRegistrationCard({ event }: { event: Event }) {
  const { user } = useAuth();
  const dates = useDateLabels();
  const status = useEventRegistrationStatus(event.id, Boolean(user));
  const actions = useRegistrationActions(event.id);
  const [modal, setModal] = useState(false);
  const [confirmLeave, setConfirmLeave] = useState(false);
  const [paying, setPaying] = useState(false);
  // The mobile typed in the modal, for the checkout's prefill: the profile may have none or another.
  const typedMobile = useRef<string | null>(null);
  const s = status.data;
  const full = isFull(event);

  async function pay() {
    if (!user) return;
    setPaying(true);
    let failure = 'Failed to create payment order';
    try {
      const order = (await actions.order.mutateAsync()).data!;
      failure = 'Failed to initiate payment';
      const result = await payWithCheckout({ order, prefill: { name: `${user.firstName} ${user.lastName}`.trim(), email: user.email, contact: typedMobile.current ?? user.mobile ?? '' }, description: `${event.title}: registration` });
      failure = M.paymentFailed;
      await actions.verify.mutateAsync({ orderId: result.razorpay_order_id, paymentId: result.razorpay_payment_id, signature: result.razorpay_signature });
      notify.success(M.paymentComplete);
    } catch (error) {
      if (error instanceof CheckoutError) notify.error(error.reason === 'dismissed' ? 'Payment cancelled' : error.message);
      else notify.error(messageOf(error, failure));
    } finally {
      setPaying(false);
      void status.refetch();
    }
  }

  async function run(call: () => Promise<{ data?: { requiresPayment?: boolean } | null; message?: string }>, fallback: string) {
    try {
      const res = await call();
      notify.success(res.message ?? 'Done');
      // "If the response has requiresPayment, payment starts at once" (spec 2 section 4).
      if (res.data?.requiresPayment) await pay();
    } catch (error) {
      // A 409 means the last place went (or was offered to the line) while the form was open: the
      // modal closes and the refreshed card offers the waitlist instead of a form that cannot succeed.
      if (isApiError(error) && error.status === 409) setModal(false);
      notify.error(messageOf(error, fallback));
    }
  }

  let body;
  if (!user) body = <LoginButtonLink fullWidth>Log in to register</LoginButtonLink>;
  else if (!s) body = <p className="text-sm text-slate-500">Checking your registration...</p>;
  else if (s.registered && s.paymentStatus === 'completed') {
    body = (
      <div className="space-y-3">
        <p className="flex items-center gap-2 rounded-lg bg-emerald-50 px-3 py-2 text-sm font-medium text-emerald-800">
          <CheckCircle2 className="size-4" aria-hidden="true" /> Your registration is successful!
        </p>
        <Button variant="ghost" fullWidth onClick={() => setConfirmLeave(true)}>
          Cancel registration
        </Button>
      </div>
    );
  } else if (s.registered) {
    body = (
      <div className="space-y-3">
        <p className="text-sm text-slate-700">Your place is held{s.holdUntil ? ` until ${dates.dateTime(s.holdUntil)}` : ''}. Pay to confirm it.</p>
        <Button fullWidth onClick={() => void pay()} disabled={paying}>
          {paying ? 'Processing...' : 'Complete Payment'}
        </Button>
        <Button variant="ghost" fullWidth onClick={() => setConfirmLeave(true)}>
          Give up my place
        </Button>
      </div>
    );
  } else if (s.offer) {
    body = (
      <div className="space-y-3">
        <p className="flex items-start gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
          <Hourglass className="mt-0.5 size-4 shrink-0" aria-hidden="true" /> A place freed up for you. Confirm it before {dates.dateTime(s.offer.expiresAt)}.
        </p>
        <Button fullWidth onClick={() => void run(() => actions.accept.mutateAsync(), 'Failed to register')} disabled={actions.accept.isPending || paying}>
          {event.pricing.type === 'paid' ? 'Confirm and pay' : 'Confirm my place'}
        </Button>
        <Button variant="ghost" fullWidth onClick={() => void run(() => actions.decline.mutateAsync(), 'Failed to decline')}>
          Pass it on
        </Button>
      </div>
    );
  } else if (s.waitlist) {
    body = (
      <div className="space-y-3">
        <p className="flex items-center gap-2 rounded-lg bg-slate-100 px-3 py-2 text-sm text-slate-800">
          <Clock className="size-4" aria-hidden="true" /> You are number {s.waitlist.position} of {s.waitlist.total} on the waitlist.
        </p>
        <Button variant="ghost" fullWidth onClick={() => void run(() => actions.leaveWaitlist.mutateAsync(), 'Failed to leave the waitlist')}>
          Leave waitlist
        </Button>
      </div>
    );
  } else if (closedReason(event)) body = <p className="text-sm font-medium text-slate-600">{closedReason(event)}</p>;
  else body = <Button fullWidth onClick={() => setModal(true)}>{full ? 'Join Waitlist' : 'Register Now'}</Button>;

  return (
    <RegistrationPanel
      facts={[
        { label: 'Price', value: eventPrice(event) },
        { label: 'Attendees', value: seatsText(event) },
        event.placesOnOffer > 0 && { label: 'Offered to the waitlist', value: event.placesOnOffer },
        event.waitlistCount > 0 && { label: 'Waitlist', value: event.waitlistCount },
        { label: 'Registration closes', value: dates.dateTime(event.dates.registrationDeadline) },
      ]}
    >
      {body}
      <a href={`/api/events/${event.id}/calendar.ics`} className="flex items-center justify-center gap-2 rounded-lg border border-slate-300 px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50" download>
        <CalendarPlus className="size-4" aria-hidden="true" /> Add to calendar
      </a>
      {modal && user && (
        <RegistrationModal
          user={user}
          title={event.title}
          waitlist={full}
          busy={actions.register.isPending}
          onCancel={() => setModal(false)}
          onSubmit={(values) =>
            void run(async () => {
              typedMobile.current = values.mobile;
              const res = await actions.register.mutateAsync({ ...values, joinWaitlist: full || undefined });
              setModal(false);
              return res;
            }, 'Failed to register')
          }
        />
      )}
      <ConfirmDialog
        open={confirmLeave}
        title="Cancel your registration?"
        message="Your place goes to the next person on the waitlist."
        confirmLabel="Cancel registration"
        cancelLabel="Keep my place"
        tone="danger"
        onCancel={() => setConfirmLeave(false)}
        onConfirm={() => {
          setConfirmLeave(false);
          void run(() => actions.unregister.mutateAsync(), 'Failed to unregister');
        }}
      />
    </RegistrationPanel>
  );
}
