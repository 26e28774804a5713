import { CheckCircle2 } from 'lucide-react';
import { useState } from 'react';
import type { Hackathon } from '@circuit/shared/api/hackathons';
import { messageOf } from '../auth/apiClient';
import { useAuth } from '../auth/AuthContext';
import { LoginButtonLink } from '../auth/LoginLinks';
import { Button, ButtonLink } from '../ui/Button';
import { notify } from '../ui/toast';
import { CompleteProfileDialog, missingProfileFields } from './CompleteProfileDialog';
import { useRegister, useRegistrationStatus, useUnregister } from './hackathonsApi';
import { money } from './labels';

/** Why registration is not possible now, or null when it is (spec 2 section 2: closed unless Upcoming, full at capacity). */
function closedReason(h: Hackathon): string | null {
  if (h.takeRegistrations === 'false') return 'This hackathon does not take registrations on Circuit.';
  if (h.displayStatus !== 'Upcoming' || h.phase !== 'registration_open') return 'Registration closed';
  if (h.currentParticipants >= h.maxParticipants) return 'Registration full';
  return null;
}

export function RegistrationCard({ hackathon }: { hackathon: Hackathon }) {
  const { user, state } = useAuth();
  const status = useRegistrationStatus(hackathon.id, Boolean(user));
  const register = useRegister(hackathon.id);
  const unregister = useUnregister(hackathon.id);
  const [askProfile, setAskProfile] = useState(false);
  const fee = hackathon.registrationFees > 0 ? `${money(hackathon.registrationFees, hackathon.pricing.currency)} per team` : 'Free';
  const closed = closedReason(hackathon);

  async function doRegister(profile = {}) {
    try {
      await register.mutateAsync(profile);
      setAskProfile(false);
      notify.success('Successfully registered for hackathon');
    } catch (error) {
      notify.error(messageOf(error, 'Failed to register'));
    }
  }

  let body;
  if (status.data?.registered) {
    body = (
      <>
        <p className="flex items-center gap-2 font-medium text-emerald-700">
          <CheckCircle2 className="h-5 w-5" aria-hidden="true" /> You are registered
        </p>
        <ButtonLink to={`/hackathons/${hackathon.username}/team`} fullWidth>
          Manage team
        </ButtonLink>
        <Button
          variant="ghost"
          fullWidth
          disabled={unregister.isPending}
          onClick={() => unregister.mutateAsync().then(() => notify.success('Successfully unregistered from hackathon'), (e: unknown) => notify.error(messageOf(e, 'Failed to unregister')))}
        >
          {unregister.isPending ? 'Unregistering...' : 'Unregister'}
        </Button>
      </>
    );
  } else if (closed) {
    body = <p className="rounded-lg bg-slate-100 px-3 py-2 text-center font-medium text-slate-700">{closed}</p>;
  } else if (state.status === 'unauthenticated') {
    body = <LoginButtonLink fullWidth>Sign in to register</LoginButtonLink>;
  } else {
    body = (
      <Button fullWidth disabled={!user || register.isPending || status.isPending} onClick={() => (user && missingProfileFields(user).length ? setAskProfile(true) : doRegister())}>
        {register.isPending ? 'Registering...' : 'Register Now'}
      </Button>
    );
  }

  return (
    <section aria-labelledby="registration-title" className="space-y-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="registration-title" className="text-lg font-semibold text-slate-900">
        Registration
      </h2>
      <dl className="space-y-1 text-sm text-slate-600">
        <div className="flex justify-between">
          <dt>Fee</dt>
          <dd className="font-medium text-slate-900">{fee}</dd>
        </div>
        <div className="flex justify-between">
          <dt>Participants</dt>
          <dd className="font-medium text-slate-900">
            {hackathon.currentParticipants} / {hackathon.maxParticipants}
          </dd>
        </div>
        <div className="flex justify-between">
          <dt>Team size</dt>
          <dd className="font-medium text-slate-900">
            {hackathon.teamSettings.minMembers} to {hackathon.teamSettings.maxMembers}
          </dd>
        </div>
      </dl>
      {body}
      {askProfile && user && <CompleteProfileDialog user={user} busy={register.isPending} onCancel={() => setAskProfile(false)} onSubmit={(p) => void doRegister(p)} />}
    </section>
  );
}
