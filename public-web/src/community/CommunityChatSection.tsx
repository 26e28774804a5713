import { lazy, Suspense, useState } from 'react';
import { MessagesSquare } from 'lucide-react';
import type { Hackathon } from '@circuit/shared/api/hackathons';
import { useAuth } from '../auth/AuthContext';
import { LoginButtonLink } from '../auth/LoginLinks';
import { userId } from '../auth/types';
import { useRegistrationStatus } from '../hackathons/hackathonsApi';
import { Button } from '../ui/Button';

const CommunityChatDialog = lazy(async () => ({ default: (await import('./CommunityChatDialog')).CommunityChatDialog }));

const quiet = 'text-sm text-slate-600';

/**
 * The Community Chat section of a hackathon's page: who may join sees a button that opens the chat;
 * a guest is asked to sign in; a signed-in user who is not registered reads why they cannot join.
 * The organiser and platform admins or moderators may always open it.
 */
export function CommunityChatSection({ hackathon, preview = false }: { hackathon: Hackathon; preview?: boolean }) {
  const { user } = useAuth();
  const [open, setOpen] = useState(false);
  const me = user ? userId(user) : null;
  const staff = user?.role === 'admin' || user?.role === 'moderator';
  const organiser = me !== null && me === hackathon.createdBy._id;
  const status = useRegistrationStatus(hackathon.id, Boolean(user) && !preview && !organiser && !staff);

  let body;
  if (preview) {
    body = <p className={quiet}>Registered participants chat with each other and the organisers here.</p>;
  } else if (!user || !me) {
    body = (
      <div className="flex flex-wrap items-center gap-3">
        <p className={quiet}>Sign in to join the community chat of this hackathon.</p>
        <LoginButtonLink variant="secondary" size="sm">
          Sign in to chat
        </LoginButtonLink>
      </div>
    );
  } else if (!organiser && !staff && status.isPending) {
    body = <p className={quiet}>Checking your registration...</p>;
  } else if (!organiser && !staff && !status.data?.registered) {
    body = <p className={quiet}>The community chat is open to registered participants only. Register for this hackathon to chat with the other participants and the organisers.</p>;
  } else {
    body = (
      <div className="flex flex-wrap items-center gap-3">
        <p className={quiet}>Chat with the other participants and the organisers.</p>
        <Button variant="secondary" size="sm" onClick={() => setOpen(true)} aria-haspopup="dialog">
          Open Community Chat
        </Button>
      </div>
    );
  }

  return (
    <div className="flex items-start gap-3">
      <MessagesSquare className="mt-0.5 h-5 w-5 shrink-0 text-slate-400" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        {body}
        {open && me && (
          <Suspense fallback={null}>
            <CommunityChatDialog hackathonId={hackathon.id} title={hackathon.title} me={me} onClose={() => setOpen(false)} />
          </Suspense>
        )}
      </div>
    </div>
  );
}
