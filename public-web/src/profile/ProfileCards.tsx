import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Camera, ChevronDown, KeyRound, RefreshCw, UserPlus, Users, UserCheck } from 'lucide-react';
import { useId, useRef, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { isApiError, messageOf } from '../auth/apiClient';
import { useAuth } from '../auth/AuthContext';
import type { User } from '../auth/types';
import { Avatar } from '../shell/Avatar';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { Card } from '../ui/Card';
import { PasswordField } from '../ui/PasswordField';
import { notify } from '../ui/toast';
import { checkImage, IMAGE_ACCEPT, IMAGE_HINT } from '../users/images';
import { userKeys } from '../users/keys';
import { capitalise, type Profile } from '../users/types';
import { usersApi } from '../users/usersApi';
import { ChangePasswordForm, type ChangePasswordValues } from './profileRules';
import { formatDate, formatDateTime } from '../hackathons/labels';

function CardTitle({ id, children, aside }: { id: string; children: ReactNode; aside?: ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-3">
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {children}
      </h2>
      {aside}
    </div>
  );
}

/** Profile Picture: a working upload (multipart `profilePicture`, PNG/JPG/GIF/WebP up to 5MB). */
export function ProfilePictureCard({ profile }: { profile: Profile }) {
  const queryClient = useQueryClient();
  const { user, updateUser } = useAuth();
  const fileRef = useRef<HTMLInputElement>(null);
  const id = useId();
  const [error, setError] = useState<string | null>(null);

  const upload = useMutation({
    mutationFn: (file: File) => usersApi.uploadPicture(file),
    onSuccess: (envelope) => {
      const data = envelope.data;
      const updated: Profile = data?.user ?? { ...profile, profilePicture: data?.profilePicture ?? profile.profilePicture };
      queryClient.setQueryData(userKeys.detail(profile.username), updated);
      if (user) {
        try {
          updateUser({ ...user, ...updated } as unknown as User);
        } catch {
          // A different user came back: the cache refetch below settles it.
        }
      }
      void queryClient.invalidateQueries({ queryKey: userKeys.all });
      notify.success('Profile picture updated successfully!');
    },
    onError: (err) => {
      const text = messageOf(err, 'Failed to upload image');
      setError(text);
      notify.error(text);
    },
  });

  const pick = (file: File | undefined) => {
    if (!file) return;
    const problem = checkImage(file);
    setError(problem ?? null);
    if (!problem) upload.mutate(file);
  };

  return (
    <Card className="p-5 sm:p-6">
      <section aria-labelledby={`${id}-title`}>
        <CardTitle id={`${id}-title`}>Profile Picture</CardTitle>
        <div className="mt-5 flex flex-col items-center text-center">
          <div className="relative">
            <Avatar user={profile} className="size-28 ring-4 ring-white shadow" textClassName="text-3xl" />
            {upload.isPending && (
              <span className="absolute inset-0 flex items-center justify-center rounded-full bg-white/70 text-sm font-semibold text-indigo-700">
                Uploading...
              </span>
            )}
          </div>
          <Button
            className="mt-4"
            variant="secondary"
            size="sm"
            loading={upload.isPending}
            onClick={() => fileRef.current?.click()}
            icon={<Camera className="size-4" aria-hidden="true" />}
            aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          >
            Upload Picture
          </Button>
          <p id={`${id}-hint`} className="mt-2 text-xs text-slate-500">
            {IMAGE_HINT}
          </p>
          {error && (
            <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-600">
              {error}
            </p>
          )}
          <input
            ref={fileRef}
            type="file"
            accept={IMAGE_ACCEPT}
            className="sr-only"
            tabIndex={-1}
            aria-label="Profile picture file"
            onChange={(e) => {
              pick(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
        </div>
      </section>
    </Card>
  );
}

/** Account Information: what is not edited here (username, email, role, verification, dates). */
export function AccountInfoCard({ profile }: { profile: Profile }) {
  const id = useId();
  const rows: [string, ReactNode][] = [
    ['Username', `@${profile.username}`],
    ['Email', profile.email ?? ''],
    ['Role', capitalise(profile.role)],
    [
      'Email status',
      profile.isEmailVerified ? (
        <span className="rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-700">Verified</span>
      ) : (
        <span className="rounded-full bg-amber-50 px-2 py-0.5 text-xs font-semibold text-amber-700">Not verified</span>
      ),
    ],
    ['Member since', formatDate(profile.createdAt ?? '')],
    ['Last login', formatDateTime(profile.lastLogin ?? '') || 'Never'],
  ];
  return (
    <Card className="p-5 sm:p-6">
      <section aria-labelledby={`${id}-title`}>
        <CardTitle id={`${id}-title`}>Account Information</CardTitle>
        <dl className="mt-4 divide-y divide-slate-100">
          {rows.map(([label, value]) => (
            <div key={label} className="flex items-center justify-between gap-4 py-2.5 text-sm">
              <dt className="text-slate-500">{label}</dt>
              <dd className="min-w-0 truncate text-right font-medium text-slate-900">{value}</dd>
            </div>
          ))}
        </dl>
      </section>
    </Card>
  );
}

const EMPTY_PASSWORDS: ChangePasswordValues = { currentPassword: '', newPassword: '', confirmPassword: '' };
const passwordRules = zodResolver(ChangePasswordForm);

/** Change Password: collapsed -> open; closes and clears on save or cancel. */
export function ChangePasswordCard() {
  const id = useId();
  const [open, setOpen] = useState(false);
  const { register, handleSubmit, reset, setError, formState } = useForm<ChangePasswordValues>({ resolver: passwordRules, defaultValues: EMPTY_PASSWORDS });
  const errors = formState.errors;
  const [serverError, setServerError] = useState<string | null>(null);

  const close = () => {
    setOpen(false);
    reset(EMPTY_PASSWORDS);
    setServerError(null);
  };

  const change = useMutation({
    mutationFn: ({ currentPassword, newPassword }: ChangePasswordValues) => usersApi.changePassword(currentPassword, newPassword),
    onSuccess: () => {
      notify.success('Password changed successfully!');
      close();
    },
    onError: (err) => {
      const text = messageOf(err, 'Failed to change password');
      if (isApiError(err)) {
        for (const { field, message } of err.fieldErrors) {
          if (field === 'currentPassword' || field === 'newPassword') setError(field, { type: 'server', message });
        }
      }
      setServerError(text);
      notify.error(text);
    },
  });

  const submit = handleSubmit(
    (values) => {
      if (change.isPending) return;
      setServerError(null);
      change.mutate(values);
    },
    () => setServerError(null),
  );

  return (
    <Card className="p-5 sm:p-6">
      <section aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
          <button
            type="button"
            aria-expanded={open}
            aria-controls={`${id}-panel`}
            onClick={() => (open ? close() : setOpen(true))}
            className="flex w-full items-center justify-between gap-3 rounded-lg text-left focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-indigo-500"
          >
            <span className="flex items-center gap-2">
              <KeyRound className="size-5 text-slate-400" aria-hidden="true" />
              Change Password
            </span>
            <ChevronDown className={`size-5 text-slate-400 transition-transform ${open ? 'rotate-180' : ''}`} aria-hidden="true" />
          </button>
        </h2>
        {open && (
          <form id={`${id}-panel`} noValidate onSubmit={submit} className="mt-5 space-y-5">
            {serverError && <Alert>{serverError}</Alert>}
            <PasswordField
              label="Current password"
              autoComplete="current-password"
              autoFocus
              {...register('currentPassword')}
              error={errors.currentPassword?.message}
            />
            <PasswordField
              label="New password"
              autoComplete="new-password"
              {...register('newPassword')}
              error={errors.newPassword?.message}
              hint="At least 6 characters."
            />
            <PasswordField
              label="Confirm new password"
              autoComplete="new-password"
              {...register('confirmPassword')}
              error={errors.confirmPassword?.message}
            />
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button variant="secondary" onClick={close} disabled={change.isPending}>
                Cancel
              </Button>
              <Button type="submit" loading={change.isPending}>
                Update Password
              </Button>
            </div>
          </form>
        )}
      </section>
    </Card>
  );
}

/** Social Stats: followers, following and connections, each linking to its list; Refresh re-reads the profile. */
export function SocialStatsCard({ profile, onRefresh, refreshing }: { profile: Profile; onRefresh(): void; refreshing: boolean }) {
  const id = useId();
  const base = `/user/${encodeURIComponent(profile.username)}`;
  const stats = [
    { label: 'Followers', count: profile.followersCount ?? 0, to: `${base}/followers`, icon: <Users className="size-4" aria-hidden="true" /> },
    { label: 'Following', count: profile.followingCount ?? 0, to: `${base}/following`, icon: <UserPlus className="size-4" aria-hidden="true" /> },
    { label: 'Connections', count: profile.connectionsCount ?? 0, to: `${base}/connections`, icon: <UserCheck className="size-4" aria-hidden="true" /> },
  ];
  return (
    <Card className="p-5 sm:p-6">
      <section aria-labelledby={`${id}-title`}>
        <CardTitle
          id={`${id}-title`}
          aside={
            <button
              type="button"
              onClick={onRefresh}
              disabled={refreshing}
              className="inline-flex items-center gap-1.5 rounded-md text-sm font-semibold text-indigo-600 hover:text-indigo-500 hover:underline disabled:opacity-60 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500"
            >
              <RefreshCw className={`size-4 ${refreshing ? 'animate-spin' : ''}`} aria-hidden="true" />
              Refresh
            </button>
          }
        >
          Social Stats
        </CardTitle>
        <ul className="mt-4 grid grid-cols-3 gap-2">
          {stats.map((stat) => (
            <li key={stat.label}>
              <Link
                to={stat.to}
                className="flex flex-col items-center rounded-xl bg-slate-50 px-2 py-3 text-center transition hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500"
              >
                <span className="text-2xl font-bold tabular-nums text-slate-900">{stat.count}</span>
                <span className="mt-0.5 flex items-center gap-1 text-xs font-medium text-slate-600">
                  {stat.icon}
                  {stat.label}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </Card>
  );
}
