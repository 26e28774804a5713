import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Pencil } from 'lucide-react';
import { useCallback, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { isApiError, messageOf } from '../auth/apiClient';
import { useAuth } from '../auth/AuthContext';
import type { User } from '../auth/types';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { Card } from '../ui/Card';
import { focusFirstInvalid } from '../ui/forms';
import { SelectField } from '../ui/SelectField';
import { TextField, type TextFieldProps } from '../ui/TextField';
import { notify } from '../ui/toast';
import { userKeys } from '../users/keys';
import type { Profile } from '../users/types';
import { usersApi } from '../users/usersApi';
import { BRANCHES, COLLEGE_YEARS, COUNTRIES, COURSES, INDIA_STATES } from './options';
import { RichTextEditor } from './RichTextEditor';
import { htmlTextLength, isBlankHtml } from './sanitizePaste';
import { SkillsEditor } from './SkillsEditor';
import { profileResolver } from './profileRules';
import { BIO_MAX, formFieldOf, profileFormValues, profileUpdateBody, TAGLINE_MAX, type ProfileFormValues } from './validation';

/** Profile Information: view, then Edit -> Save (back to view) or Cancel (values and errors restored). */
export function ProfileInfoCard({ profile }: { profile: Profile }) {
  const [editing, setEditing] = useState(false);
  const headingId = useId();
  return (
    <Card className="p-5 sm:p-6">
      <section aria-labelledby={headingId}>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id={headingId} className="text-lg font-semibold text-slate-900">
            Profile Information
          </h2>
          {!editing && (
            <Button variant="secondary" size="sm" onClick={() => setEditing(true)} icon={<Pencil className="size-4" aria-hidden="true" />}>
              Edit
            </Button>
          )}
        </div>
        {editing ? <ProfileForm profile={profile} onDone={() => setEditing(false)} /> : <ProfileView profile={profile} />}
      </section>
    </Card>
  );
}

function Detail({ label, children, wide }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? 'sm:col-span-2' : undefined}>
      <dt className="text-xs font-semibold uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="mt-1 text-sm text-slate-900 wrap-anywhere">{children || <span className="text-slate-500">Not set</span>}</dd>
    </div>
  );
}

function ExternalLink({ href }: { href: string }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className="font-medium text-indigo-600 hover:underline">
      {href.replace(/^https?:\/\//, '')}
    </a>
  );
}

function ProfileView({ profile }: { profile: Profile }) {
  const location = [profile.address, profile.state, profile.country].filter(Boolean).join(', ');
  const links = profile.socialLinks ?? {};
  return (
    <dl className="mt-5 grid gap-x-6 gap-y-5 sm:grid-cols-2">
      <Detail label="First name">{profile.firstName}</Detail>
      <Detail label="Last name">{profile.lastName}</Detail>
      <Detail label="Tagline" wide>
        {profile.tagline}
      </Detail>
      <Detail label="Bio" wide>
        {profile.bio && !isBlankHtml(profile.bio) ? (
          // The bio is sanitised HTML from the server (allow-list of spec section 5).
          <div className="rich-text" dangerouslySetInnerHTML={{ __html: profile.bio }} />
        ) : null}
      </Detail>
      <Detail label="Location" wide>
        {location}
      </Detail>
      <Detail label="College">{profile.college}</Detail>
      <Detail label="Course">{profile.course}</Detail>
      <Detail label="Branch">{profile.branch}</Detail>
      <Detail label="Year">{profile.collegeYear}</Detail>
      <Detail label="Skills" wide>
        {profile.skills?.length ? (
          <ul className="flex flex-wrap gap-2">
            {profile.skills.map((s) => (
              <li key={s} className="rounded-full bg-indigo-50 px-3 py-1 text-xs font-medium text-indigo-700">
                {s}
              </li>
            ))}
          </ul>
        ) : null}
      </Detail>
      <Detail label="Website">{profile.website ? <ExternalLink href={profile.website} /> : null}</Detail>
      <Detail label="Mobile">{profile.mobile}</Detail>
      <Detail label="GitHub">{links.github ? <ExternalLink href={links.github} /> : null}</Detail>
      <Detail label="LinkedIn">{links.linkedin ? <ExternalLink href={links.linkedin} /> : null}</Detail>
      <Detail label="Twitter">{links.twitter ? <ExternalLink href={links.twitter} /> : null}</Detail>
    </dl>
  );
}

function FieldGroup({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="space-y-5 border-t border-slate-100 pt-5 first:border-t-0 first:pt-0">
      <legend className="float-left mb-4 w-full text-sm font-semibold text-slate-900">{title}</legend>
      <div className="clear-left grid gap-5 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}

function ProfileForm({ profile, onDone }: { profile: Profile; onDone(): void }) {
  const queryClient = useQueryClient();
  const { user, updateUser } = useAuth();
  const formRef = useRef<HTMLFormElement>(null);
  const bioId = useId();
  const initial = useMemo(() => profileFormValues(profile), [profile]);
  const { register, handleSubmit, watch, getValues, setValue, setError, trigger, formState } = useForm<ProfileFormValues>({
    defaultValues: initial,
    resolver: profileResolver(initial),
    shouldFocusError: false,
  });
  const { errors, isSubmitted } = formState;
  const [serverError, setServerError] = useState<string | null>(null);
  const values = watch();
  const bioLength = useMemo(() => htmlTextLength(values.bio), [values.bio]);
  /** For the controls that are not inputs (bio, skills): once a submit has shown the messages, they follow. */
  const set = <K extends 'bio' | 'skills' | 'state'>(key: K, value: ProfileFormValues[K]) => setValue(key, value as never, { shouldValidate: isSubmitted });
  // The editor may keep the first callback it was given, so this one reads the form at call time.
  const submitted = useRef(false);
  submitted.current = isSubmitted;
  const onBioChange = useCallback(
    (html: string) => {
      if (getValues('bio') === html) return;
      setValue('bio', html);
      if (submitted.current) void trigger('bio');
    },
    [getValues, setValue, trigger],
  );

  const save = useMutation({
    mutationFn: (body: Record<string, unknown>) => usersApi.updateProfile(body),
    onSuccess: (envelope) => {
      const updated = envelope.data;
      if (updated) {
        queryClient.setQueryData(userKeys.detail(updated.username ?? profile.username), updated);
        if (user) {
          try {
            updateUser({ ...user, ...updated } as unknown as User);
          } catch (error) {
            notify.error(error instanceof Error ? error.message : 'Profile update failed');
            return;
          }
        }
      }
      void queryClient.invalidateQueries({ queryKey: userKeys.all });
      notify.success('Profile updated successfully!');
      onDone();
    },
    onError: (error) => {
      const text = messageOf(error, 'Failed to update profile');
      const fields = isApiError(error) ? error.fieldErrors.map(({ field, message }) => [formFieldOf(field), message] as const) : [];
      for (const [name, message] of fields) if (name) setError(name, { type: 'server', message });
      if (fields.some(([name]) => name)) focusFirstInvalid(formRef.current);
      setServerError(text);
      notify.error(text);
    },
  });

  const submit = handleSubmit(
    (valid) => {
      if (save.isPending) return;
      setServerError(null);
      save.mutate(profileUpdateBody(valid, isBlankHtml(valid.bio), initial));
    },
    () => {
      setServerError(null);
      focusFirstInvalid(formRef.current);
    },
  );

  const text = (key: Exclude<keyof ProfileFormValues, 'skills'>, label: string, extra: Partial<TextFieldProps> = {}) => (
    <TextField label={label} {...register(key)} error={errors[key]?.message} {...extra} />
  );
  const select = (key: 'course' | 'branch' | 'collegeYear', label: string, options: readonly string[], placeholder: string) => (
    <SelectField label={label} options={options} placeholder={placeholder} {...register(key)} value={values[key]} error={errors[key]?.message} />
  );

  return (
    <form ref={formRef} noValidate onSubmit={submit} className="mt-5 space-y-6" aria-label="Edit profile">
      {serverError && <Alert>{serverError}</Alert>}

      <FieldGroup title="Basic information">
        {text('firstName', 'First name', { autoComplete: 'given-name', maxLength: 50 })}
        {text('lastName', 'Last name', { autoComplete: 'family-name', maxLength: 50 })}
        <TextField label="Username" value={profile.username} disabled hint="Your username cannot be changed." />
        <TextField label="Email" value={profile.email ?? ''} disabled hint="Your email cannot be changed." />
        <div className="sm:col-span-2">
          {text('tagline', 'Tagline', {
            placeholder: 'Full-stack developer, hackathon enthusiast',
            hint: `${values.tagline.trim().length}/${TAGLINE_MAX}`,
          })}
        </div>
        <div className="sm:col-span-2">
          <p id={`${bioId}-label`} className="mb-1.5 block text-sm font-medium text-slate-700">
            Bio
          </p>
          <RichTextEditor
            id={bioId}
            labelledBy={`${bioId}-label`}
            initialHtml={initial.bio}
            resetKey={0}
            onChange={onBioChange}
            invalid={Boolean(errors.bio)}
            describedBy={errors.bio ? `${bioId}-error ${bioId}-count` : `${bioId}-count`}
          />
          <div className="mt-1.5 flex items-start justify-between gap-3">
            <div>
              {errors.bio && (
                <p id={`${bioId}-error`} role="alert" className="text-sm text-red-600">
                  {errors.bio.message}
                </p>
              )}
            </div>
            <p id={`${bioId}-count`} className={bioLength > BIO_MAX ? 'text-xs font-semibold text-red-600' : 'text-xs text-slate-500'}>
              {bioLength}/{BIO_MAX}
            </p>
          </div>
        </div>
      </FieldGroup>

      <FieldGroup title="Location">
        <SelectField
          label="Country"
          options={COUNTRIES}
          placeholder="Select country"
          {...register('country', { onChange: () => set('state', '') })}
          value={values.country}
          error={errors.country?.message}
        />
        {values.country === 'India' ? (
          <SelectField label="State" options={INDIA_STATES} placeholder="Select state" {...register('state')} value={values.state} error={errors.state?.message} />
        ) : (
          text('state', 'State / Region', { disabled: !values.country, maxLength: 100 })
        )}
        <div className="sm:col-span-2">{text('address', 'Address', { autoComplete: 'street-address', maxLength: 300 })}</div>
      </FieldGroup>

      <FieldGroup title="Education">
        <div className="sm:col-span-2">{text('college', 'College', { maxLength: 150 })}</div>
        {select('course', 'Course', COURSES, 'Select course')}
        {select('branch', 'Branch', BRANCHES, 'Select branch')}
        {select('collegeYear', 'Year', COLLEGE_YEARS, 'Select year')}
      </FieldGroup>

      <FieldGroup title="Skills">
        <div className="sm:col-span-2">
          <SkillsEditor skills={values.skills} onChange={(skills) => set('skills', skills)} error={errors.skills?.message} />
        </div>
      </FieldGroup>

      <FieldGroup title="Links and contact">
        {text('website', 'Website', { type: 'url', inputMode: 'url', placeholder: 'yourname.dev' })}
        {text('mobile', 'Mobile', { type: 'tel', autoComplete: 'tel', placeholder: '+91 98765 43210' })}
        {text('github', 'GitHub', { type: 'url', inputMode: 'url', placeholder: 'https://github.com/yourname' })}
        {text('linkedin', 'LinkedIn', { type: 'url', inputMode: 'url', placeholder: 'https://linkedin.com/in/yourname' })}
        {text('twitter', 'Twitter', { type: 'url', inputMode: 'url', placeholder: 'https://x.com/yourname' })}
      </FieldGroup>

      <div className="flex flex-col-reverse gap-2 border-t border-slate-100 pt-5 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onDone} disabled={save.isPending}>
          Cancel
        </Button>
        <Button type="submit" loading={save.isPending}>
          Save
        </Button>
      </div>
    </form>
  );
}
