import { Globe, MapPin } from 'lucide-react';
import { Link } from 'react-router-dom';
import { LoginButtonLink } from '../auth/LoginLinks';
import { isBlankHtml } from '../profile/sanitizePaste';
import { Avatar } from '../shell/Avatar';
import { Card } from '../ui/Card';
import { plural } from '../ui/plural';
import { Spinner } from '../ui/Spinner';
import { capitalise, fullName, type Profile, type Relationship } from '../users/types';
import { ProfileMenu } from './ProfileMenu';
import { RelationshipButtons } from './RelationshipButtons';

/** The signed-in viewer's relationship with the profile's user, as far as it has loaded (null for anyone else). */
export interface ViewerRelationship {
  relationship: Relationship | null;
  relationshipLoading?: boolean;
  relationshipError?: boolean;
}

interface ProfileHeaderProps extends ViewerRelationship {
  profile: Profile;
  /** Known to be signed out: while the session is still being checked neither sign-in nor the controls show. */
  signedOut: boolean;
  /** Signed in, someone else's profile: the relationship buttons and the actions on the user. */
  showControls: boolean;
  onReport(): void;
}

/** The card at the top: cover, avatar, the viewer's actions, name, handle, tagline, place, counts and bio. */
export function ProfileHeader({ profile, signedOut, showControls, relationship, relationshipLoading, relationshipError, onReport }: ProfileHeaderProps) {
  const location = [profile.state, profile.country].filter(Boolean).join(', ');
  const listPath = (list: string) => `/user/${encodeURIComponent(profile.username)}/${list}`;

  return (
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
            {signedOut && (
              <LoginButtonLink size="md">
                Sign in to connect
              </LoginButtonLink>
            )}
            <ProfileMenu profile={profile} relationship={showControls ? relationship : null} onReport={onReport} />
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
              <Link to={listPath('followers')} className="hover:text-indigo-600 hover:underline">
                <span className="font-semibold text-slate-900">{profile.followersCount ?? 0}</span> {plural(profile.followersCount ?? 0, 'follower', 'followers')}
              </Link>
              <Link to={listPath('following')} className="hover:text-indigo-600 hover:underline">
                <span className="font-semibold text-slate-900">{profile.followingCount ?? 0}</span> following
              </Link>
              <Link to={listPath('connections')} className="hover:text-indigo-600 hover:underline">
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
  );
}
