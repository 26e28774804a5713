import clsx from 'clsx';
import { useEffect, useState } from 'react';
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
import { focusFirstInvalid } from '../ui/forms';
import { useSectionForm } from '../ui/useSectionForm';
import { notify } from '../ui/toast';
import { useDocumentTitle } from '../ui/useDocumentTitle';
import { BasicSection, CategoriesSection, DatesSection, LocationSection, OrganizationSection, PricingSection, RichSection, TechnologiesSection } from './BasicSections';
import { emptyForm, firstViolation, fromHackathon, rulesResolver, toRequest, type FormState } from './formState';
import { HackathonPreview } from './HackathonPreview';
import { RequiredMark } from './fields';
import { AgreementSection, FaqSection, MentorsSection, RequirementsSection, SocialSection, TeamSettingsSection, VolunteersSection } from './ListSections';
import { usernameProblem, useUsernameCheck } from './useUsernameCheck';
import { useMayManage } from '../check-in/useCoHosting';

/** /create-hackathon */
export function CreateHackathonPage() {
  useDocumentTitle('Host a hackathon');
  const { state } = useAuth();
  if (state.status === 'loading') return <PageSpinner />;
  if (state.status === 'unauthenticated') return <StateScreen title="Sign in to host a hackathon" actions={<LoginButtonLink>Sign in</LoginButtonLink>} />;
  return <HackathonForm mode="create" initial={emptyForm()} />;
}

/** /hackathons/{username}/edit: the creator, an admin or a manager co-host; anyone else goes back to /hackathons. */
export function EditHackathonPage() {
  const { username = '' } = useParams();
  const { user, state } = useAuth();
  const navigate = useNavigate();
  const query = useHackathon(username);
  useDocumentTitle('Edit hackathon');
  const h = query.data;
  const allowed = useMayManage('hackathon', h && { id: h._id, createdBy: h.createdBy._id }, user);
  useEffect(() => {
    if (query.isError) {
      notify.error(messageOf(query.error, HackathonMessages.loadFailed));
      navigate('/hackathons', { replace: true });
    } else if (h && user && allowed === false) {
      notify.error(HackathonMessages.notAuthorizedEdit);
      navigate('/hackathons', { replace: true });
    }
  }, [query.isError, query.error, h, user, allowed, navigate]);
  if (state.status === 'unauthenticated') return <StateScreen title="Sign in to edit this hackathon" actions={<LoginButtonLink>Sign in</LoginButtonLink>} />;
  if (!h || !allowed) return <PageSpinner label="Loading hackathon..." />;
  return <HackathonForm mode="edit" initial={fromHackathon(h)} hackathon={h} />;
}

/** Form problems share one toast, so a submit replaces the last one's rather than piling up. */
const FORM_TOAST = { id: 'hackathon-form' };

function HackathonForm({ mode, initial, hackathon }: { mode: 'create' | 'edit'; initial: FormState; hackathon?: Hackathon }) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const { form, set, error, formRef, getValues, handleSubmit, formState } = useSectionForm<FormState>(initial, rulesResolver(mode));
  const { isSubmitting } = formState;
  const [preview, setPreview] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [key] = useState(newRequestId);
  const username = useUsernameCheck(form.username, mode === 'create');
  const sectionProps = { form, set, mode, error };

  const blocked = () => usernameProblem(username, HackathonMessages);

  const submit = handleSubmit(
    async (values) => {
      const problem = blocked();
      if (problem) return notify.error(problem, FORM_TOAST);
      try {
        const body = toRequest(values);
        const res = mode === 'create' ? await api.post<HackathonWritten>('/api/hackathons', body, key) : await api.put<HackathonWritten>(`/api/hackathons/${hackathon!.id}`, body, key);
        await client.invalidateQueries({ queryKey: ['hackathons'] });
        notify.success(mode === 'create' ? HackathonMessages.created : HackathonMessages.updated);
        navigate(`/hackathons/${res.data?.username ?? values.username}`);
      } catch (error) {
        notify.error(messageOf(error, mode === 'create' ? HackathonMessages.createFailed : HackathonMessages.updateFailed), FORM_TOAST);
      }
    },
    // One toast with the first broken rule, as the server would answer; every field carries its own.
    () => {
      notify.error(blocked() ?? firstViolation(getValues(), mode) ?? HackathonMessages.createFailed, FORM_TOAST);
      setPreview(false);
      focusFirstInvalid(formRef.current);
    },
  );

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

  // The bar stays in view, so the switch may come from deep in the form: start the other view at its top.
  const togglePreview = () => {
    setPreview((p) => !p);
    window.scrollTo({ top: 0 });
  };

  // One bar of actions, kept in view at the bottom of the screen however long the form is.
  const actions = (
    <div className="sticky bottom-0 z-10 -mx-4 mt-6 border-t border-slate-200 bg-white/95 px-4 py-3 backdrop-blur sm:-mx-6 sm:px-6">
      <div className="flex items-center justify-end gap-1.5 whitespace-nowrap sm:gap-2">
        <ButtonLink variant="ghost" to={mode === 'create' ? '/hackathons' : `/hackathons/${form.username}`}>
          Cancel
        </ButtonLink>
        <Button variant="secondary" onClick={togglePreview}>
          {preview ? (mode === 'edit' ? 'Continue Editing' : 'Back to Edit') : 'Preview'}
        </Button>
        <Button type="submit" form="hackathon-form" disabled={isSubmitting} onClick={preview ? () => void submit() : undefined}>
          {isSubmitting ? (mode === 'create' ? 'Creating...' : 'Updating...') : mode === 'create' ? 'Create Hackathon' : 'Update Hackathon'}
        </Button>
      </div>
    </div>
  );

  return (
    <div className={clsx('mx-auto w-full px-4 pt-8 sm:px-6', preview ? 'max-w-7xl' : 'max-w-4xl')}>
      <header className="mb-6">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">{mode === 'create' ? 'Host a hackathon' : 'Edit hackathon'}</h1>
        <p className="mt-1 text-slate-600">{mode === 'create' ? 'We review new hackathons within 24 to 48 hours.' : form.title}</p>
        {!preview && (
          <p className="mt-2 text-sm text-slate-500">
            Fields marked <RequiredMark /> are required.
          </p>
        )}
      </header>
      {preview ? (
        <HackathonPreview form={form} />
      ) : (
        <form id="hackathon-form" ref={formRef} onSubmit={(e) => void submit(e)} className="space-y-6" noValidate>
          <BasicSection {...sectionProps} username={username} />
          <RichSection title="Description" label="Description" required error={error('description')} placeholder="What will participants build, learn and win?" html={form.description} onChange={(html) => set((f) => ({ ...f, description: html }))} />
          <OrganizationSection {...sectionProps} />
          <CategoriesSection {...sectionProps} />
          <LocationSection {...sectionProps} />
          <DatesSection {...sectionProps} />
          <PricingSection {...sectionProps} />
          <SocialSection {...sectionProps} />
          <TechnologiesSection {...sectionProps} />
          <AgreementSection {...sectionProps} />
          <RichSection title="Eligibility Criteria" label="Eligibility criteria" required={mode === 'create'} error={error('eligibilityCriteria')} placeholder="Who can take part?" html={form.eligibilityCriteria} onChange={(html) => set((f) => ({ ...f, eligibilityCriteria: html }))} />
          <MentorsSection {...sectionProps} />
          <VolunteersSection {...sectionProps} />
          <TeamSettingsSection {...sectionProps} />
          {mode === 'edit' && <RequirementsSection {...sectionProps} />}
          <FaqSection {...sectionProps} />
          {mode === 'edit' && (
            <section aria-labelledby="danger-title" className="rounded-2xl border border-red-200 bg-white p-6 shadow-sm">
              <h2 id="danger-title" className="text-lg font-semibold text-slate-900">
                Delete hackathon
              </h2>
              <p className="mt-1 text-sm text-slate-600">Its page, registrations and teams disappear from Circuit. This cannot be undone.</p>
              <Button variant="danger" className="mt-4" onClick={() => setConfirmDelete(true)}>
                Delete hackathon
              </Button>
            </section>
          )}
        </form>
      )}
      {actions}
      <ConfirmDialog open={confirmDelete} title="Delete this hackathon?" message="Its page, registrations and teams disappear from Circuit. This cannot be undone." confirmLabel="Delete hackathon" tone="danger" onCancel={() => setConfirmDelete(false)} onConfirm={() => void remove()} />
    </div>
  );
}
