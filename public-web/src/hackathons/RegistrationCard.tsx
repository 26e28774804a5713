import { CheckCircle2 } from 'lucide-react';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import type { Hackathon } from '@circuit/shared/api/hackathons';
import { messageOf } from '../auth/apiClient';
import { useAuth } from '../auth/AuthContext';
import { LoginButtonLink } from '../auth/LoginLinks';
import { Button, ButtonLink } from '../ui/Button';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { notify } from '../ui/toast';
import { missingProfileFields } from './missingProfileFields';
import { useMyTeam } from '../teams/teamsApi';
import { useRegister, useRegistrationStatus, useUnregister } from './hackathonsApi';
import { money } from './labels';
import { RegistrationPanel } from '../registration/RegistrationPanel';

// Opened only when a registration needs profile fields first: its form stays out of the page's first load.
const CompleteProfileDialog = lazy(async () => ({ default: (await import('./CompleteProfileDialog')).CompleteProfileDialog }));

/** Why registration is not possible now, or null when it is (spec 2 section 2: closed unless Upcoming, full at capacity). */
function closedReason(h: Hackathon): string | null {
  // Only its creator, admins and moderators see a listing in review, and nobody can register for it yet.
  if (h.status !== 'accepted') return 'Registration opens once the hackathon is approved.';
  if (h.takeRegistrations === 'false') return 'This hackathon does not take registrations on Circuit.';
  if (h.displayStatus !== 'Upcoming' || h.phase !== 'registration_open') return 'Registration closed';
  if (h.currentParticipants >= h.maxParticipants) return 'Registration full';
  return null;
}

/** The card's frame and facts (fee, participants, team size); the detail page and the preview fill in the action. */
export function RegistrationFrame({ hackathon, children }: { hackathon: Hackathon; children: ReactNode }) {
  const fee = hackathon.registrationFees > 0 ? `${money(hackathon.registrationFees, hackathon.pricing.currency)} per team` : 'Free';
  const { minMembers, maxMembers } = hackathon.teamSettings;
  const teamSize = minMembers === maxMembers ? minMembers : `${minMembers} to ${maxMembers}`;
  return (
    <RegistrationPanel
      facts={[
        { label: 'Fee', value: fee },
        { label: 'Participants', value: `${hackathon.currentParticipants} / ${hackathon.maxParticipants}` },
        { label: 'Team size', value: teamSize },
      ]}
    >
      {children}
    </RegistrationPanel>
  );
}

export function RegistrationCard({ hackathon }: { hackathon: Hackathon }) {
  const { user, state } = useAuth();
  const status = useRegistrationStatus(hackathon.id, Boolean(user));
  const register = useRegister(hackathon.id);
  const unregister = useUnregister(hackathon.id);
  const registered = Boolean(status.data?.registered);
  const team = useMyTeam(registered ? hackathon.id : undefined).data?.team ?? null;
  const [askProfile, setAskProfile] = useState(false);
  const [confirmLeave, setConfirmLeave] = useState(false);
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

  async function doUnregister() {
    try {
      await unregister.mutateAsync();
      setConfirmLeave(false);
      notify.success('Successfully unregistered from hackathon');
    } catch (error) {
      setConfirmLeave(false);
      notify.error(messageOf(error, 'Failed to unregister'));
    }
  }

  let body;
  if (registered) {
    // The server refuses to unregister a team creator or a completed team, so those get the reason instead of the button.
    const leaveBlocked = team?.status === 'complete' ? null : team && user && team.creator === user.id ? 'To unregister, delete your team on the team page first.' : undefined;
    body = (
      <>
        <p className="flex items-center gap-2 font-medium text-emerald-700">
          <CheckCircle2 className="h-5 w-5" aria-hidden="true" /> You are registered
        </p>
        <p className="text-sm text-slate-600">
          {team ? (team.status === 'complete' ? `${team.name}: registration complete.` : team.status === 'payment_required' ? `${team.name}: payment required.` : `${team.name}: ${team.members.length} of ${hackathon.teamSettings.maxMembers} members.`) : 'Next: create a team or join one by its code.'}
        </p>
        <ButtonLink to={`/hackathons/${hackathon.username}/team`} fullWidth>
          Manage team
        </ButtonLink>
        {leaveBlocked === undefined && (
          <Button variant="ghost" fullWidth onClick={() => setConfirmLeave(true)}>
            Unregister
          </Button>
        )}
        {leaveBlocked && <p className="text-xs text-slate-500">{leaveBlocked}</p>}
        <ConfirmDialog
          open={confirmLeave}
          title="Unregister from this hackathon?"
          message={team ? `You leave team ${team.name} and your place goes to someone else.` : 'Your place goes to someone else. You can register again while registration is open.'}
          confirmLabel="Unregister"
          tone="danger"
          loading={unregister.isPending}
          onCancel={() => setConfirmLeave(false)}
          onConfirm={() => void doUnregister()}
        />
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
    <RegistrationFrame hackathon={hackathon}>
      {body}
      {askProfile && user && (
        <Suspense fallback={null}>
          <CompleteProfileDialog user={user} busy={register.isPending} onCancel={() => setAskProfile(false)} onSubmit={(p) => void doRegister(p)} />
        </Suspense>
      )}
    </RegistrationFrame>
  );
}
