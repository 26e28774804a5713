import { Eye, Pencil } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import type { Event } from '@circuit/shared/api/events';
import { EventMessages, eventRuleIssues, eventRuleViolations, EventFormSchema } from '@circuit/shared/validation/events';
import { messageOf } from '../auth/apiClient';
import { useAuth } from '../auth/AuthContext';
import { LoginButtonLink } from '../auth/LoginLinks';
import { usernameProblem, useUsernameCheck } from '../hackathon-form/useUsernameCheck';
import { EventView } from '../events/EventView';
import { useEvent, useSaveEventForm } from '../events/eventsApi';
import { Button } from '../ui/Button';
import { StateScreen } from '../ui/EmptyState';
import { PageSpinner } from '../ui/Spinner';
import { focusFirstInvalid, issuesResolver } from '../ui/forms';
import { useSectionForm } from '../ui/useSectionForm';
import { notify } from '../ui/toast';
import { useDocumentTitle } from '../ui/useDocumentTitle';
import { BasicSection, FaqAndTagsSection, OrganisationAndPricingSection, PlaceAndTimeSection } from './EventFormSections';
import { emptyEventForm, fromEvent, toEventForm, type EventFormState } from './formState';
import { useMayManage } from '../check-in/useCoHosting';

export function CreateEventPage() {
  const { state } = useAuth();
  useDocumentTitle('Create event');
  if (state.status === 'unauthenticated') return <StateScreen title="Sign in to host an event" actions={<LoginButtonLink>Sign in</LoginButtonLink>} />;
  return <EventFormScreen mode="create" initial={emptyEventForm()} />;
}

/** /events/{username}/edit: the creator, an admin or a manager co-host; anyone else is sent to /events with the spec's message. */
export function EditEventPage() {
  const { username = '' } = useParams();
  const { user, state } = useAuth();
  const navigate = useNavigate();
  const query = useEvent(username);
  useDocumentTitle('Edit event');
  const e = query.data;
  const allowed = useMayManage('event', e && { id: e._id, createdBy: e.createdBy._id }, user);
  useEffect(() => {
    if (query.isError) {
      notify.error(messageOf(query.error, EventMessages.loadFailed));
      navigate('/events', { replace: true });
    } else if (e && user && allowed === false) {
      notify.error(EventMessages.notAuthorizedEdit);
      navigate('/events', { replace: true });
    }
  }, [query.isError, query.error, e, user, allowed, navigate]);
  if (state.status === 'unauthenticated') return <StateScreen title="Sign in to edit this event" actions={<LoginButtonLink>Sign in</LoginButtonLink>} />;
  if (!e || !allowed) return <PageSpinner label="Loading event..." />;
  return <EventFormScreen mode="edit" initial={fromEvent(e)} event={e} />;
}

/** What the preview shows: the form as the event page would show it. */
function previewOf(s: EventFormState, user: { id: string; username: string; firstName: string; lastName: string }, event?: Event): Event {
  const form = toEventForm(s);
  const now = new Date().toISOString();
  const dates = { startDate: form.dates.startDate || now, endDate: form.dates.endDate || now, registrationDeadline: form.dates.registrationDeadline || now };
  return {
    _id: event?.id ?? 'preview',
    id: event?.id ?? 'preview',
    username: form.username,
    title: form.title || 'Untitled event',
    shortDescription: form.shortDescription,
    status: event?.status ?? 'pending',
    phase: 'registration_open',
    displayStatus: 'Upcoming',
    eventType: form.eventType,
    category: form.category,
    location: form.location,
    dates,
    pricing: form.pricing,
    maxAttendees: form.maxAttendees,
    currentAttendees: event?.currentAttendees ?? 0,
    waitlistCount: event?.waitlistCount ?? 0,
    placesOnOffer: event?.placesOnOffer ?? 0,
    images: form.images,
    organization: form.organization,
    tags: form.tags,
    isFeatured: false,
    rejectionReason: null,
    createdAt: now,
    description: form.description,
    requirements: form.requirements,
    socialMediaLinks: form.socialMediaLinks,
    faqs: form.faqs.map((f, i) => ({ id: f.id ?? `faq-${i}`, question: f.question, answer: f.answer })),
    takeRegistrations: form.takeRegistrations ? 'pending' : 'false',
    createdBy: event?.createdBy ?? { _id: user.id, username: user.username, firstName: user.firstName, lastName: user.lastName },
    updatedAt: now,
  };
}

/** Form problems share one toast, so a submit replaces the last one's rather than piling up. */
const FORM_TOAST = { id: 'event-form' };
const eventRules = issuesResolver<EventFormState>((values) => eventRuleIssues(EventFormSchema.parse(toEventForm(values))));

function EventFormScreen({ mode, initial, event }: { mode: 'create' | 'edit'; initial: EventFormState; event?: Event }) {
  const navigate = useNavigate();
  const { user } = useAuth();
  const { form, set, error, formRef, getValues, handleSubmit } = useSectionForm<EventFormState>(initial, eventRules);
  const [preview, setPreview] = useState(false);
  const save = useSaveEventForm(event?.id ?? null);
  const username = useUsernameCheck(form.username, mode === 'create', '/api/events');
  const blocked = () => usernameProblem(username, EventMessages);

  const submit = handleSubmit(
    async (values) => {
      const problem = blocked();
      if (problem) return notify.error(problem, FORM_TOAST);
      try {
        const res = await save.mutateAsync(toEventForm(values));
        notify.success(res.message ?? (mode === 'create' ? EventMessages.created : EventMessages.updated));
        navigate(`/events/${res.data?.username ?? toEventForm(values).username}`);
      } catch (err) {
        notify.error(messageOf(err, mode === 'create' ? EventMessages.createFailed : EventMessages.updateFailed), FORM_TOAST);
      }
    },
    // One toast with the first broken rule, as the server would answer; every field carries its own.
    () => {
      notify.error(blocked() ?? eventRuleViolations(EventFormSchema.parse(toEventForm(getValues())))[0] ?? EventMessages.createFailed, FORM_TOAST);
      focusFirstInvalid(formRef.current);
    },
  );

  const cancelTo = mode === 'edit' && event ? `/events/${event.username}` : '/events';
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 lg:px-8">
      <header className="mb-6 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{mode === 'create' ? 'Create Event' : 'Edit Event'}</h1>
          <p className="text-slate-600">{mode === 'create' ? 'New events are reviewed within 24 to 48 hours.' : 'Changes show as soon as you save.'}</p>
        </div>
        <Button variant="secondary" aria-pressed={preview} onClick={() => setPreview((p) => !p)}>
          {preview ? <Pencil className="size-4" aria-hidden="true" /> : <Eye className="size-4" aria-hidden="true" />}
          {preview ? 'Edit' : 'Preview'}
        </Button>
      </header>
      {preview && user ? (
        <EventView event={previewOf(form, user, event)} registration={<p className="rounded-2xl border border-dashed border-slate-300 p-5 text-sm text-slate-500">The registration card appears here.</p>} />
      ) : (
        <form ref={formRef} onSubmit={(e) => void submit(e)} className="space-y-6" noValidate>
          <BasicSection form={form} set={set} error={error} mode={mode} username={username} />
          <PlaceAndTimeSection form={form} set={set} error={error} />
          <OrganisationAndPricingSection form={form} set={set} error={error} />
          <FaqAndTagsSection form={form} set={set} />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Link to={cancelTo} className="rounded-lg px-4 py-2 text-center text-sm font-medium text-slate-700 hover:bg-slate-100">
              Cancel
            </Link>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? 'Saving...' : mode === 'create' ? 'Create Event' : 'Save Changes'}
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}
