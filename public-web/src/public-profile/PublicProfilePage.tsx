import { useQuery } from '@tanstack/react-query';
import {
  ArrowLeft,
  Ban,
  Flag,
  GraduationCap,
  GitBranch,
  Globe,
  House,
  Link2,
  BriefcaseBusiness,
  Lock,
  Mail,
  MapPin,
  MoreVertical,
  Pencil,
  ShieldOff,
  AtSign,
  UserMinus,
  UserX,
} from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { isApiError, messageOf } from '../auth/apiClient';
import { useAuth } from '../auth/AuthContext';
import { userId } from '../auth/types';
import { isBlankHtml } from '../profile/sanitizePaste';
import { ProjectsSection } from '../projects/ProjectsSection';
import { relationshipApi, relationshipKeys } from '../relationships/relationshipApi';
import { useRelationshipAction } from '../relationships/useRelationshipAction';
import { Avatar } from '../shell/Avatar';
import { Menu, type MenuEntry } from '../shell/Menu';
import { Button, ButtonLink } from '../ui/Button';
import { Card } from '../ui/Card';
import { StateScreen } from '../ui/EmptyState';
import { PageSpinner, Spinner } from '../ui/Spinner';
import { notify } from '../ui/toast';
import { useDocumentTitle } from '../ui/useDocumentTitle';
import { plural } from '../ui/plural';
import { userKeys } from '../users/keys';
import { copyProfileLink } from '../users/share';
import { capitalise, fullName, idOf, type Profile, type Relationship } from '../users/types';
import { usersApi } from '../users/usersApi';
import { RelationshipButtons } from './RelationshipButtons';
import { ReportDialog } from './ReportDialog';
import { PROFILE_FRESH_MS } from './prefetchProfile';
import { LoginButtonLink } from '../auth/LoginLinks';

export const PROFILE_NOT_FOUND_TOAST = 'User profile not found. Please check the username and try again.';
export const PROFILE_LOAD_FAILED = 'Failed to load user profile. Please try again later.';

/** Whether "back" leads anywhere in this tab (see NotFoundPage). */
function canGoBack(): boolean {
  const state = window.history.state as { idx?: number } | null;
  return (typeof state?.idx === 'number' && state.idx > 0) || window.history.length > 1;
}

function BackAndHome() {
  const navigate = useNavigate();
  return (
    <>
      <Button variant="secondary" icon={<ArrowLeft className="size-4" aria-hidden="true" />} onClick={() => (canGoBack() ? navigate(-1) : navigate('/'))}>
        Go Back
      </Button>
      <ButtonLink to="/">
        <House className="size-4" aria-hidden="true" />
        Go Home
      </ButtonLink>
    </>
  );
}

/** /in/:username and /user/:username: another user's public profile (or one's own, as others see it). */
export function PublicProfilePage() {
  const { username = '' } = useParams();
  const { state } = useAuth();
  const query = useQuery({
    queryKey: userKeys.detail(username),
    queryFn: ({ signal }) => usersApi.byUsername(username, signal),
    enabled: Boolean(username),
    staleTime: PROFILE_FRESH_MS,
  });
  useDocumentTitle(query.data ? `${fullName(query.data)} (@${query.data.username})` : 'Profile');

  // One toast per failed load: 404 and other failures (a 403 shows the blocked state without a toast).
  const toasted = useRef<unknown>(null);
  useEffect(() => {
    if (!query.isError || toasted.current === query.error) return;
    toasted.current = query.error;
    const status = isApiError(query.error) ? query.error.status : 0;
    if (status === 404) notify.error(PROFILE_NOT_FOUND_TOAST);
    else if (status !== 403) notify.error(PROFILE_LOAD_FAILED);
  }, [query.isError, query.error]);

  if (query.isPending || state.status === 'loading') return <PageSpinner label="Loading profile..." />;

  if (query.isError) {
    const status = isApiError(query.error) ? query.error.status : 0;
    if (status === 404) {
      return (
        <StateScreen icon={<UserX className="size-7" aria-hidden="true" />} title="User Not Found" actions={<BackAndHome />}>
          <p className="text-sm font-semibold uppercase tracking-wide text-slate-500">Profile Not Found</p>
          <p className="mt-2">
            No one here goes by <span className="font-semibold text-slate-900">@{username}</span>. Please check the username and try again.
          </p>
        </StateScreen>
      );
    }
    if (status === 403) {
      return (
        <StateScreen icon={<Lock className="size-7" aria-hidden="true" />} title="Profile Unavailable" actions={<BackAndHome />}>
          {messageOf(query.error, 'This profile is not available')}
        </StateScreen>
      );
    }
    return (
      <StateScreen
        icon={<UserX className="size-7" aria-hidden="true" />}
        title="Something went wrong"
        actions={
          <>
            <Button onClick={() => void query.refetch()}>Try again</Button>
            <ButtonLink to="/" variant="secondary">
              Go Home
            </ButtonLink>
          </>
        }
      >
        {PROFILE_LOAD_FAILED}
      </StateScreen>
    );
  }

  const profile = query.data;
  const me = state.user;
  const isOwn = Boolean(me && (userId(me) === idOf(profile) || me.username.toLowerCase() === profile.username.toLowerCase()));
  if (me && !isOwn) return <OtherUsersProfile profile={profile} />;
  return <ProfileLayout profile={profile} isOwn={isOwn} relationship={null} />;
}

/** Signed in, someone else: their relationship to us decides between the blocked view and the profile. */
function OtherUsersProfile({ profile }: { profile: Profile }) {
  const id = idOf(profile);
  const relationship = useQuery({
    queryKey: relationshipKeys.status(id),
    queryFn: ({ signal }) => relationshipApi.status(id, signal),
  });

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

/** The viewer has blocked this user: nothing of theirs is shown, only the way back. */
function BlockedView({ profile }: { profile: Profile }) {
  const action = useRelationshipAction();
  return (
    <StateScreen title={fullName(profile)} actions={
      <Button
        variant="secondary"
        loading={action.isPending}
        onClick={() => action.mutate({ action: 'unblock', targetId: idOf(profile) })}
        icon={<ShieldOff className="size-4" aria-hidden="true" />}
      >
        Unblock
      </Button>
    } icon={<Ban className="size-7" aria-hidden="true" />}>
      <p className="text-sm text-slate-600 wrap-anywhere">@{profile.username}</p>
      <p className="mt-4 font-semibold text-slate-900">You have blocked this user</p>
      <p className="mt-1 text-sm">They cannot follow you, connect with you or message you. Unblock them to see their profile again.</p>
    </StateScreen>
  );
}

function ProfileLayout({
  profile,
  isOwn,
  relationship,
  relationshipLoading,
  relationshipError,
}: {
  profile: Profile;
  isOwn: boolean;
  relationship: Relationship | null;
  relationshipLoading?: boolean;
  relationshipError?: boolean;
}) {
  const { state } = useAuth();
  const signedIn = state.status === 'authenticated';
  const showControls = signedIn && !isOwn;
  const [reporting, setReporting] = useState(false);
  const action = useRelationshipAction();
  const id = idOf(profile);
  const location = [profile.state, profile.country].filter(Boolean).join(', ');

  const entries: MenuEntry[] = [];
  if (showControls && relationship) {
    entries.push(
      relationship.hasBlockedTarget
        ? { kind: 'action', label: 'Unblock User', icon: <ShieldOff className="size-4" aria-hidden="true" />, onSelect: () => action.mutate({ action: 'unblock', targetId: id }) }
        : { kind: 'action', label: 'Block User', tone: 'danger', icon: <Ban className="size-4" aria-hidden="true" />, onSelect: () => action.mutate({ action: 'block', targetId: id }) },
    );
    entries.push({ kind: 'action', label: 'Report User', icon: <Flag className="size-4" aria-hidden="true" />, onSelect: () => setReporting(true) });
    if (relationship.isConnected) {
      entries.push({
        kind: 'action',
        label: 'Remove Connection',
        icon: <UserMinus className="size-4" aria-hidden="true" />,
        onSelect: () => action.mutate({ action: 'remove-connection', targetId: id }),
      });
    }
    entries.push({ kind: 'separator' });
  }
  entries.push({ kind: 'action', label: 'Copy Profile Link', icon: <Link2 className="size-4" aria-hidden="true" />, onSelect: () => void copyProfileLink(profile.username) });

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

      <Card className="overflow-hidden">
        <div aria-hidden="true" className="h-28 bg-linear-to-r from-indigo-600 via-indigo-500 to-violet-500 sm:h-36" />
        <div className="px-5 pb-6 sm:px-8">
          <div className="-mt-14 flex flex-col gap-4 sm:-mt-16 sm:flex-row sm:items-end sm:justify-between">
            <Avatar user={profile} className="size-28 ring-4 ring-white shadow-md sm:size-32" textClassName="text-3xl" />
            <div className="flex flex-wrap items-center gap-2 sm:pb-1">
              {showControls &&
                (relationship ? (
                  <RelationshipButtons target={profile} relationship={relationship} />
                ) : relationshipLoading ? (
                  <Spinner className="size-5 text-indigo-600" label="Loading relationship..." />
                ) : relationshipError ? (
                  <p className="text-sm text-slate-500">Could not load your relationship with this user.</p>
                ) : null)}
              {!signedIn && (
                <LoginButtonLink size="md">
                  Sign in to connect
                </LoginButtonLink>
              )}
              <Menu
                buttonLabel="More actions"
                buttonClassName="inline-flex size-10 items-center justify-center rounded-lg bg-white text-slate-600 shadow-sm ring-1 ring-inset ring-slate-300 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500"
                button={<MoreVertical className="size-5" aria-hidden="true" />}
                entries={entries}
                widthClassName="w-56"
              />
            </div>
          </div>

          <div className="mt-4">
            <div className="flex flex-wrap items-center gap-2">
              <h1 className="min-w-0 text-2xl font-bold tracking-tight text-slate-900 wrap-anywhere sm:text-3xl">{fullName(profile)}</h1>
              {profile.role && (
                <span className="rounded-full bg-indigo-50 px-2.5 py-0.5 text-xs font-semibold text-indigo-700 ring-1 ring-inset ring-indigo-200">
                  {capitalise(profile.role)}
                </span>
              )}
            </div>
            <p className="text-sm text-slate-600 wrap-anywhere">@{profile.username}</p>
            {profile.tagline && <p className="mt-2 text-base text-slate-700 wrap-anywhere">{profile.tagline}</p>}
            <div className="mt-3 flex flex-wrap gap-x-5 gap-y-2 text-sm text-slate-600">
              {location && (
                <span className="inline-flex items-center gap-1.5">
                  <MapPin className="size-4 text-slate-400" aria-hidden="true" />
                  {location}
                </span>
              )}
              {profile.website && (
                <a href={profile.website} target="_blank" rel="noopener noreferrer nofollow" className="inline-flex items-center gap-1.5 font-medium text-indigo-600 hover:underline">
                  <Globe className="size-4" aria-hidden="true" />
                  {profile.website.replace(/^https?:\/\//, '').replace(/\/$/, '')}
                </a>
              )}
              <span className="inline-flex gap-4">
                <Link to={`/user/${encodeURIComponent(profile.username)}/followers`} className="hover:text-indigo-600 hover:underline">
                  <span className="font-semibold text-slate-900">{profile.followersCount ?? 0}</span> {plural(profile.followersCount ?? 0, 'follower', 'followers')}
                </Link>
                <Link to={`/user/${encodeURIComponent(profile.username)}/following`} className="hover:text-indigo-600 hover:underline">
                  <span className="font-semibold text-slate-900">{profile.followingCount ?? 0}</span> following
                </Link>
                <Link to={`/user/${encodeURIComponent(profile.username)}/connections`} className="hover:text-indigo-600 hover:underline">
                  <span className="font-semibold text-slate-900">{profile.connectionsCount ?? 0}</span> {plural(profile.connectionsCount ?? 0, 'connection', 'connections')}
                </Link>
              </span>
            </div>
            {profile.bio && !isBlankHtml(profile.bio) && (
              // The bio is sanitised HTML from the server (allow-list of spec section 5): the one field rendered as HTML.
              <div className="rich-text mt-5 max-w-3xl text-sm wrap-anywhere leading-relaxed text-slate-700" dangerouslySetInnerHTML={{ __html: profile.bio }} />
            )}
          </div>
        </div>
      </Card>

      <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_20rem]">
        <div className="min-w-0 space-y-6">
          <SideCard title="Skills & Expertise">
            {profile.skills?.length ? (
              <ul className="flex flex-wrap gap-2">
                {profile.skills.map((skill) => (
                  <li key={skill} className="rounded-full bg-indigo-50 px-3 py-1 text-sm font-medium text-indigo-700">
                    {skill}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-slate-500">No skills listed yet.</p>
            )}
          </SideCard>
          <ProjectsSection username={profile.username} editable={false} />
        </div>
        <div className="space-y-6">
          <SocialLinksCard profile={profile} />
          {(profile.college || profile.course || profile.branch || profile.collegeYear) && (
            <SideCard title="Education">
              <div className="flex gap-3 text-sm">
                <GraduationCap className="mt-0.5 size-5 shrink-0 text-slate-400" aria-hidden="true" />
                <div>
                  {profile.college && <p className="font-medium text-slate-900">{profile.college}</p>}
                  <p className="text-slate-600">{[profile.course, profile.branch].filter(Boolean).join(', ')}</p>
                  {profile.collegeYear && <p className="text-slate-500">{profile.collegeYear}</p>}
                </div>
              </div>
            </SideCard>
          )}
          <SideCard title="Contact">
            <p className="flex items-start gap-2 text-sm text-slate-600">
              <Mail className="mt-0.5 size-4 shrink-0 text-slate-400" aria-hidden="true" />
              <span>
                {isOwn ? 'Your email is private: other people cannot see it.' : `${profile.firstName || profile.username}'s email is private.`}
                {showControls && !relationship?.isConnected && ' Connect to send a message.'}
              </span>
            </p>
          </SideCard>
        </div>
      </div>

      {showControls && <ReportDialog open={reporting} onClose={() => setReporting(false)} targetId={id} targetName={fullName(profile)} />}
    </div>
  );
}

function SideCard({ title, children }: { title: string; children: ReactNode }) {
  const id = `card-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <Card className="p-5 sm:p-6">
      <section aria-labelledby={id}>
        <h2 id={id} className="mb-3 text-lg font-semibold text-slate-900">
          {title}
        </h2>
        {children}
      </section>
    </Card>
  );
}

function SocialLinksCard({ profile }: { profile: Profile }) {
  const links = [
    { label: 'GitHub', href: profile.socialLinks?.github, icon: <GitBranch className="size-4" aria-hidden="true" /> },
    { label: 'LinkedIn', href: profile.socialLinks?.linkedin, icon: <BriefcaseBusiness className="size-4" aria-hidden="true" /> },
    { label: 'Twitter', href: profile.socialLinks?.twitter, icon: <AtSign className="size-4" aria-hidden="true" /> },
    { label: 'Website', href: profile.website, icon: <Globe className="size-4" aria-hidden="true" /> },
  ].filter((link): link is typeof link & { href: string } => Boolean(link.href));
  const safe = (href: string) => (/^https?:\/\//i.test(href) ? href : `https://${href}`);
  return (
    <SideCard title="Social Links">
      {links.length ? (
        <ul className="space-y-2">
          {links.map((link) => (
            <li key={link.label}>
              <a
                href={safe(link.href)}
                target="_blank"
                rel="noopener noreferrer nofollow"
                className="flex items-center gap-2.5 rounded-lg px-2 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50 hover:text-indigo-600"
              >
                <span className="text-slate-400">{link.icon}</span>
                {link.label}
              </a>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-500">No social links yet.</p>
      )}
    </SideCard>
  );
}
