import { ArrowLeft, PartyPopper, Users } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router-dom';
import { messageOf } from '../auth/apiClient';
import { useAuth } from '../auth/AuthContext';
import { LoginButtonLink } from '../auth/LoginLinks';
import { useHackathon } from '../hackathons/hackathonsApi';
import { CheckoutError, payWithCheckout } from '../payments/checkout';
import { Button, ButtonLink } from '../ui/Button';
import { Card } from '../ui/Card';
import { EmptyState, StateScreen } from '../ui/EmptyState';
import { PageSpinner } from '../ui/Spinner';
import { TextField } from '../ui/TextField';
import { notify } from '../ui/toast';
import { useDocumentTitle } from '../ui/useDocumentTitle';
import { TeamPanel } from './TeamPanel';
import { useMyTeam, useTeamActions } from './teamsApi';

const ALREADY_IN_TEAM = 'You are already in a team.';

/** /hackathons/{username}/team: every state of spec 2 section 2, "Team management". */
export function TeamPage() {
  const { username = '' } = useParams();
  const { user, state } = useAuth();
  const hackathon = useHackathon(username);
  const h = hackathon.data;
  const team = useMyTeam(user ? h?.id : undefined);
  const actions = useTeamActions(h?.id ?? '');
  const [name, setName] = useState('');
  const [code, setCode] = useState('');
  const [paying, setPaying] = useState(false);
  useDocumentTitle(h ? `Team · ${h.title}` : 'Team');

  if (state.status === 'unauthenticated') {
    return (
      <StateScreen title="Sign in to manage your team" actions={<LoginButtonLink>Sign in</LoginButtonLink>}>
        Teams are for registered participants.
      </StateScreen>
    );
  }
  if (hackathon.isError) return <StateScreen title="Failed to fetch team info" actions={<ButtonLink to="/hackathons">Browse Hackathons</ButtonLink>} />;
  if (!h || !user || team.isPending) return <PageSpinner label="Loading your team..." />;
  if (team.isError) return <StateScreen title="Failed to fetch team info" actions={<Button onClick={() => team.refetch()}>Try again</Button>} />;

  const status = team.data;
  const running = h.displayStatus === 'In Progress';
  const open = h.phase === 'registration_open';

  async function run(work: () => Promise<unknown>, success: string, failure: string) {
    try {
      await work();
      notify.success(success);
    } catch (error) {
      const message = messageOf(error, failure);
      notify.error(message);
      if (message === ALREADY_IN_TEAM) void team.refetch();
    }
  }

  async function pay() {
    if (!h || !user) return;
    setPaying(true);
    let failure = 'Failed to create payment order';
    try {
      const order = (await actions.order.mutateAsync()).data!;
      failure = 'Failed to initiate payment';
      const result = await payWithCheckout({
        order,
        prefill: { name: `${user.firstName} ${user.lastName}`.trim(), email: user.email, contact: user.mobile ?? '' },
        description: `${h.title}: team registration`,
      });
      failure = 'Payment verification failed';
      await actions.verify.mutateAsync({ orderId: result.razorpay_order_id, paymentId: result.razorpay_payment_id, signature: result.razorpay_signature });
      notify.success('Payment successful! Your team registration is complete.');
    } catch (error) {
      if (error instanceof CheckoutError) notify.error(error.reason === 'dismissed' ? 'Payment cancelled' : error.message);
      else notify.error(messageOf(error, failure));
    } finally {
      setPaying(false);
    }
  }

  const createTeam = (e: FormEvent) => {
    e.preventDefault();
    void run(() => actions.create.mutateAsync(name.trim()), 'Team created!', 'Failed to create team');
  };
  const joinTeam = (e: FormEvent) => {
    e.preventDefault();
    void run(() => actions.join.mutateAsync(code.trim()), 'Joined team!', 'Failed to join team');
  };

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6">
      <Link to={`/hackathons/${h.username}`} className="mb-4 inline-flex items-center gap-1 text-sm text-indigo-600 hover:underline">
        <ArrowLeft className="h-4 w-4" aria-hidden="true" /> Back to {h.title}
      </Link>
      <h1 className="mb-6 text-3xl font-bold tracking-tight text-slate-900">Your team</h1>

      {status.team?.status === 'complete' && (
        <div role="status" className="mb-6 flex items-center gap-3 rounded-2xl border border-emerald-200 bg-emerald-50 p-4 text-emerald-900">
          <PartyPopper className="h-6 w-6 shrink-0" aria-hidden="true" />
          <p>
            <span className="font-semibold">Registration complete.</span> Your team is in. See you at {h.title}!
          </p>
        </div>
      )}

      {!status.registered ? (
        <Card>
          <EmptyState
            icon={<Users className="size-6" aria-hidden="true" />}
            title="You are not registered"
            actions={<ButtonLink to={`/hackathons/${h.username}`}>{open ? 'Register on the hackathon page' : 'Back to the hackathon'}</ButtonLink>}
          >
            {open ? `Register for ${h.title} first; then create a team or join one by its code.` : `Registration for ${h.title} is closed, so there is no team to join.`}
          </EmptyState>
        </Card>
      ) : status.team ? (
        <TeamPanel hackathon={h} team={status.team} userId={user.id} actions={actions} onPay={() => void pay()} paying={paying} />
      ) : (
        <>
          <p className="mb-4 text-slate-600">
            You are registered. Teams have {h.teamSettings.minMembers === h.teamSettings.maxMembers ? h.teamSettings.minMembers : `${h.teamSettings.minMembers} to ${h.teamSettings.maxMembers}`} members: create one and share its code, or join a friend’s team with theirs.
          </p>
          <div className="grid gap-6 sm:grid-cols-2">
            <form onSubmit={createTeam} aria-labelledby="create-team-title" className="space-y-3 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
              <h2 id="create-team-title" className="text-lg font-semibold text-slate-900">
                Create a team
              </h2>
              <TextField label="Team name" value={name} onChange={(e) => setName(e.target.value)} maxLength={50} autoComplete="off" />
              <Button type="submit" disabled={!name.trim() || actions.create.isPending}>
                {actions.create.isPending ? 'Creating...' : 'Create team'}
              </Button>
            </form>
            <form onSubmit={joinTeam} aria-labelledby="join-team-title" className="space-y-3 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
              <h2 id="join-team-title" className="text-lg font-semibold text-slate-900">
                Join a team
              </h2>
              <TextField label="Team code" value={code} onChange={(e) => setCode(e.target.value.toUpperCase())} maxLength={20} autoCapitalize="characters" autoComplete="off" spellCheck={false} hint="Six letters and digits, from the team’s creator." />
              <Button type="submit" variant="secondary" disabled={!code.trim() || actions.join.isPending}>
                {actions.join.isPending ? 'Joining...' : 'Join team'}
              </Button>
            </form>
          </div>
        </>
      )}

      {status.registered && running && h.volunteers.length > 0 && (
        <section aria-labelledby="volunteers-title" className="mt-6 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
          <h2 id="volunteers-title" className="mb-3 text-lg font-semibold text-slate-900">
            Volunteers
          </h2>
          <ul className="space-y-2 text-sm">
            {h.volunteers.map((v, i) => (
              <li key={i}>
                <span className="font-medium text-slate-900">{v.name}</span> {v.role && <span className="text-slate-600">({v.role})</span>} {v.phone && <a href={`tel:${v.phone}`} className="text-indigo-600">{v.phone}</a>}
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
