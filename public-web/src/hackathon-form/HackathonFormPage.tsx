import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import type { Hackathon, HackathonWritten } from '@circuit/shared/api/hackathons';
import { HackathonMessages } from '@circuit/shared/validation/hackathons';
import { api, messageOf, newRequestId } from '../auth/apiClient';
import { useAuth } from '../auth/AuthContext';
import { LoginButtonLink } from '../auth/LoginLinks';
import { useHackathon } from '../hackathons/hackathonsApi';
import { Button, ButtonLink } from '../ui/Button';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { StateScreen } from '../ui/EmptyState';
import { PageSpinner } from '../ui/Spinner';
import { notify } from '../ui/toast';
import { useDocumentTitle } from '../ui/useDocumentTitle';
import { BasicSection, CategoriesSection, DatesSection, LocationSection, OrganizationSection, PricingSection, RichSection, TechnologiesSection } from './BasicSections';
import { emptyForm, firstViolation, fromHackathon, toRequest, type FormState } from './formState';
import { HackathonPreview } from './HackathonPreview';
import { AgreementSection, FaqSection, MentorsSection, RequirementsSection, SocialSection, TeamSettingsSection, VolunteersSection } from './ListSections';
import { useUsernameCheck } from './useUsernameCheck';

/** /create-hackathon */
export function CreateHackathonPage() {
  useDocumentTitle('Host a hackathon');
  const { state } = useAuth();
  if (state.status === 'loading') return <PageSpinner />;
  if (state.status === 'unauthenticated') return <StateScreen title="Sign in to host a hackathon" actions={<LoginButtonLink>Sign in</LoginButtonLink>} />;
  return <HackathonForm mode="create" initial={emptyForm()} />;
}

/** /hackathons/{username}/edit: the creator or an admin; anyone else goes back to /hackathons. */
export function EditHackathonPage() {
  const { username = '' } = useParams();
  const { user, state } = useAuth();
  const navigate = useNavigate();
  const query = useHackathon(username);
  useDocumentTitle('Edit hackathon');
  const h = query.data;
  const allowed = Boolean(h && user && (user.id === h.createdBy._id || user.role === 'admin'));
  useEffect(() => {
    if (query.isError) {
      notify.error(messageOf(query.error, HackathonMessages.loadFailed));
      navigate('/hackathons', { replace: true });
    } else if (h && user && !allowed) {
      notify.error(HackathonMessages.notAuthorizedEdit);
      navigate('/hackathons', { replace: true });
    }
  }, [query.isError, query.error, h, user, allowed, navigate]);
  if (state.status === 'unauthenticated') return <StateScreen title="Sign in to edit this hackathon" actions={<LoginButtonLink>Sign in</LoginButtonLink>} />;
  if (!h || !allowed) return <PageSpinner label="Loading hackathon..." />;
  return <HackathonForm mode="edit" initial={fromHackathon(h)} hackathon={h} />;
}

function HackathonForm({ mode, initial, hackathon }: { mode: 'create' | 'edit'; initial: FormState; hackathon?: Hackathon }) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const [form, setForm] = useState(initial);
  const [preview, setPreview] = useState(false);
  const [busy, setBusy] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [key] = useState(newRequestId);
  const username = useUsernameCheck(form.username, mode === 'create');
  const sectionProps = { form, set: (change: (f: FormState) => FormState) => setForm(change), mode };

  async function submit(e?: FormEvent) {
    e?.preventDefault();
    if (mode === 'create' && username.status === 'checking') return notify.error(HackathonMessages.usernamePending);
    if (mode === 'create' && username.status === 'unavailable') return notify.error(username.message ?? HackathonMessages.usernameTaken);
    const violation = firstViolation(form, mode);
    if (violation) return notify.error(violation);
    setBusy(true);
    try {
      const body = toRequest(form);
      const res = mode === 'create' ? await api.post<HackathonWritten>('/api/hackathons', body, key) : await api.put<HackathonWritten>(`/api/hackathons/${hackathon!.id}`, body, key);
      await client.invalidateQueries({ queryKey: ['hackathons'] });
      notify.success(mode === 'create' ? HackathonMessages.created : HackathonMessages.updated);
      navigate(`/hackathons/${res.data?.username ?? form.username}`);
    } catch (error) {
      notify.error(messageOf(error, mode === 'create' ? HackathonMessages.createFailed : HackathonMessages.updateFailed));
    } finally {
      setBusy(false);
    }
  }

  async function remove() {
    setConfirmDelete(false);
    try {
      await api.delete(`/api/hackathons/${hackathon!.id}`);
      await client.invalidateQueries({ queryKey: ['hackathons'] });
      notify.success(HackathonMessages.deleted);
      navigate('/dashboard');
    } catch (error) {
      notify.error(messageOf(error, 'Failed to delete hackathon'));
    }
  }

  const actions = (
    <div className="flex flex-wrap justify-end gap-2">
      <ButtonLink variant="ghost" to={mode === 'create' ? '/hackathons' : `/hackathons/${form.username}`}>
        Cancel
      </ButtonLink>
      <Button variant="secondary" onClick={() => setPreview((p) => !p)}>
        {preview ? (mode === 'edit' ? 'Continue Editing' : 'Back to Edit') : 'Preview'}
      </Button>
      <Button type="submit" form="hackathon-form" disabled={busy}>
        {busy ? (mode === 'create' ? 'Creating...' : 'Updating...') : mode === 'create' ? 'Create Hackathon' : 'Update Hackathon'}
      </Button>
    </div>
  );

  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-8 sm:px-6">
      <header className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">{mode === 'create' ? 'Host a hackathon' : 'Edit hackathon'}</h1>
          <p className="mt-1 text-slate-600">{mode === 'create' ? 'We review new hackathons within 24 to 48 hours.' : form.title}</p>
        </div>
        {actions}
      </header>
      {preview ? (
        <HackathonPreview form={form} />
      ) : (
        <form id="hackathon-form" onSubmit={(e) => void submit(e)} className="space-y-6" noValidate>
          <BasicSection {...sectionProps} username={username} />
          <RichSection title="Description" label="Description" placeholder="What will participants build, learn and win?" html={initial.description} onChange={(html) => setForm((f) => ({ ...f, description: html }))} />
          <OrganizationSection {...sectionProps} />
          <CategoriesSection {...sectionProps} />
          <LocationSection {...sectionProps} />
          <DatesSection {...sectionProps} />
          <PricingSection {...sectionProps} />
          <SocialSection {...sectionProps} />
          <TechnologiesSection {...sectionProps} />
          <AgreementSection {...sectionProps} />
          <RichSection title="Eligibility Criteria" label="Eligibility criteria" placeholder="Who can take part?" html={initial.eligibilityCriteria} onChange={(html) => setForm((f) => ({ ...f, eligibilityCriteria: html }))} />
          <MentorsSection {...sectionProps} />
          <VolunteersSection {...sectionProps} />
          <TeamSettingsSection {...sectionProps} />
          {mode === 'edit' && <RequirementsSection {...sectionProps} />}
          <FaqSection {...sectionProps} />
        </form>
      )}
      <div className="mt-6 flex flex-wrap items-center justify-between gap-3">
        {mode === 'edit' ? (
          <Button variant="danger" onClick={() => setConfirmDelete(true)}>
            Delete hackathon
          </Button>
        ) : (
          <span />
        )}
        {actions}
      </div>
      <ConfirmDialog open={confirmDelete} title="Delete this hackathon?" message="Its page, registrations and teams disappear from Circuit. This cannot be undone." confirmLabel="Delete hackathon" tone="danger" onCancel={() => setConfirmDelete(false)} onConfirm={() => void remove()} />
    </div>
  );
}
