import { useQuery } from '@tanstack/react-query';
import { ExternalLink, LockKeyhole, Share2, UserX } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { isApiError, messageOf } from '../auth/apiClient';
import { useAuth } from '../auth/AuthContext';
import { ProjectsSection } from '../projects/ProjectsSection';
import { ProfileHackathonProjects } from '../hackathons/projects/ProfileHackathonProjects';
import { Button, ButtonLink } from '../ui/Button';
import { StateScreen } from '../ui/EmptyState';
import { PageSpinner } from '../ui/Spinner';
import { notify } from '../ui/toast';
import { useDocumentTitle } from '../ui/useDocumentTitle';
import { userKeys } from '../users/keys';
import { copyProfileLink } from '../users/share';
import { fullName } from '../users/types';
import { usersApi } from '../users/usersApi';
import { ProfileInfoCard } from './ProfileInfoCard';
import { AccountInfoCard, ChangePasswordCard, ProfilePictureCard, SocialStatsCard } from './ProfileCards';
import { LoginButtonLink } from '../auth/LoginLinks';
import { BadgeVisibilityCard } from '../certificates/BadgeVisibilityCard';

/** /profile: the signed-in user's own profile and settings (spec section 2, "Own profile"). */
export function ProfilePage() {
  useDocumentTitle('My Profile');
  const { state } = useAuth();

  if (state.status === 'loading') return <PageSpinner label="Loading profile..." />;
  if (state.status === 'unauthenticated') {
    return (
      <StateScreen
        icon={<LockKeyhole className="size-7" aria-hidden="true" />}
        title="Authentication Required"
        actions={<LoginButtonLink>Go to Login</LoginButtonLink>}
      >
        Please sign in to view and edit your profile.
      </StateScreen>
    );
  }
  return <OwnProfile username={state.user.username} />;
}

function OwnProfile({ username }: { username: string }) {
  const navigate = useNavigate();
  const [refreshing, setRefreshing] = useState(false);
  const query = useQuery({
    queryKey: userKeys.detail(username),
    queryFn: ({ signal }) => usersApi.byUsername(username, signal),
  });

  if (query.isPending) return <PageSpinner label="Loading profile..." />;

  if (query.isError) {
    const notFound = isApiError(query.error) && query.error.status === 404;
    return (
      <StateScreen
        icon={<UserX className="size-7" aria-hidden="true" />}
        title={notFound ? 'User Not Found' : 'Failed to load user profile'}
        actions={
          <Button
            onClick={() => {
              navigate('/profile', { replace: true });
              void query.refetch();
            }}
          >
            {notFound ? 'Back to My Profile' : 'Try again'}
          </Button>
        }
      >
        {notFound ? 'We could not find this profile.' : messageOf(query.error, 'Failed to load user profile')}
      </StateScreen>
    );
  }

  const profile = query.data;

  const refresh = async () => {
    setRefreshing(true);
    const result = await query.refetch();
    setRefreshing(false);
    if (result.isError) notify.error('Failed to refresh profile');
    else notify.success('Profile refreshed.');
  };

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      <div className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">My Profile</h1>
          <p className="mt-1 text-sm text-slate-600">
            {fullName(profile)} · @{profile.username}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <ButtonLink to={`/in/${encodeURIComponent(profile.username)}`} variant="secondary" size="sm">
            <ExternalLink className="size-4" aria-hidden="true" />
            View Public Profile
          </ButtonLink>
          <Button variant="secondary" size="sm" onClick={() => void copyProfileLink(profile.username)} icon={<Share2 className="size-4" aria-hidden="true" />}>
            Share Profile
          </Button>
        </div>
      </div>

      <div className="grid gap-6 lg:grid-cols-[20rem_1fr]">
        <div className="space-y-6">
          <ProfilePictureCard profile={profile} />
          <SocialStatsCard profile={profile} onRefresh={() => void refresh()} refreshing={refreshing} />
          <AccountInfoCard profile={profile} />
        </div>
        <div className="min-w-0 space-y-6">
          <ProfileInfoCard profile={profile} />
          <ChangePasswordCard />
          <BadgeVisibilityCard />
        </div>
      </div>

      <div className="mt-6 space-y-6">
        <ProjectsSection username={profile.username} editable />
        <ProfileHackathonProjects username={profile.username} />
      </div>
    </div>
  );
}
