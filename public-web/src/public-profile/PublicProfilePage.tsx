import { Pencil } from 'lucide-react';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { useAuth } from '../auth/AuthContext';
import { ProjectsSection } from '../projects/ProjectsSection';
import { ProfileHackathonProjects } from '../hackathons/projects/ProfileHackathonProjects';
import { ButtonLink } from '../ui/Button';
import { PageSpinner } from '../ui/Spinner';
import { fullName, idOf, type Profile } from '../users/types';
import { ProfileHeader, type ViewerRelationship } from './ProfileHeader';
import { ContactCard, EducationCard, SkillsCard, SocialLinksCard } from './ProfileSections';
import { BlockedView, ProfileLoadFailed, ProfileNotFound, ProfileUnavailable } from './ProfileStates';
import { ReportDialog } from './ReportDialog';
import { CertificateBadges } from '../certificates/CertificateBadges';
import { usePublicProfile, useRelationshipWith } from './usePublicProfile';

/** /in/:username and /user/:username: another user's public profile (or one's own, as others see it). */
export function PublicProfilePage() {
  const { username = '' } = useParams();
  const view = usePublicProfile(username);

  switch (view.kind) {
    case 'loading':
      return <PageSpinner label="Loading profile..." />;
    case 'not-found':
      return <ProfileNotFound username={username} />;
    case 'unavailable':
      return <ProfileUnavailable message={view.message} />;
    case 'failed':
      return <ProfileLoadFailed onRetry={view.retry} />;
    case 'profile':
      if (view.signedIn && !view.isOwn) return <OtherUsersProfile profile={view.profile} />;
      return <ProfileLayout profile={view.profile} isOwn={view.isOwn} relationship={null} />;
  }
}

/** Signed in, someone else: their relationship to us decides between the blocked view and the profile. */
function OtherUsersProfile({ profile }: { profile: Profile }) {
  const relationship = useRelationshipWith(profile);

  if (relationship.data?.hasBlockedTarget) return <BlockedView profile={profile} />;
  return (
    <ProfileLayout
      profile={profile}
      isOwn={false}
      relationship={relationship.data ?? null}
      relationshipLoading={relationship.isPending}
      relationshipError={relationship.isError}
    />
  );
}

function ProfileLayout({ profile, isOwn, ...viewer }: { profile: Profile; isOwn: boolean } & ViewerRelationship) {
  const { state } = useAuth();
  const signedIn = state.status === 'authenticated';
  const showControls = signedIn && !isOwn;
  const [reporting, setReporting] = useState(false);

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 lg:px-8">
      {isOwn && (
        <div className="mb-4 flex flex-col gap-3 rounded-xl bg-indigo-50 px-4 py-3 text-sm text-indigo-900 ring-1 ring-indigo-100 sm:flex-row sm:items-center sm:justify-between">
          <p>This is your public profile, as other people see it.</p>
          <ButtonLink to="/profile" size="sm" variant="secondary">
            <Pencil className="size-4" aria-hidden="true" />
            Edit Profile
          </ButtonLink>
        </div>
      )}

      <ProfileHeader profile={profile} signedOut={state.status === 'unauthenticated'} showControls={showControls} {...viewer} onReport={() => setReporting(true)} />

      <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_20rem]">
        <div className="min-w-0 space-y-6">
          <SkillsCard profile={profile} />
          <CertificateBadges userId={idOf(profile)} />
          <ProjectsSection username={profile.username} editable={false} />
          <ProfileHackathonProjects username={profile.username} />
        </div>
        <div className="space-y-6">
          <SocialLinksCard profile={profile} />
          <EducationCard profile={profile} />
          <ContactCard profile={profile} isOwn={isOwn} suggestConnecting={showControls && !viewer.relationship?.isConnected} />
        </div>
      </div>

      {showControls && <ReportDialog open={reporting} onClose={() => setReporting(false)} targetId={idOf(profile)} targetName={fullName(profile)} />}
    </div>
  );
}
