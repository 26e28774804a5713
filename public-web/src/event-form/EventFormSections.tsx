import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { CURRENCIES, FORM_COUNTRIES, LOCATION_TYPES } from '@circuit/shared/hackathons/options';
import { EVENT_CATEGORIES, EVENT_PRICING_TYPES, EVENT_TYPES } from '@circuit/shared/event-listings/options';
import { INDIA_STATES } from '@circuit/shared/profiles/options';
import { Choice, describedBy, FieldNotes, FormSection, ImageField, Input, num, RequiredMark } from '../hackathon-form/fields';
import { RichTextEditor } from '../profile/RichTextEditor';
import type { UsernameState } from '../hackathon-form/useUsernameCheck';
import { LOCATION_LABELS } from '../hackathons/labels';
import { EVENT_CATEGORY_LABELS, EVENT_TYPE_LABELS } from '../events/labels';
import { Button } from '../ui/Button';
import { notify } from '../ui/toast';
import type { EventFormState } from './formState';

type Set = (change: (f: EventFormState) => EventFormState) => void;
/** The message of the rule broken at a field (a dotted path), once the form was submitted. */
type ErrorOf = (path: string) => string | undefined;
const pairs = (labels: Record<string, string>, values: readonly string[]) => values.map((v) => [v, labels[v] ?? v] as const);
const same = (values: readonly string[]) => values.map((v) => [v, v] as const);

export function BasicSection({ form, set, error, mode, username }: { form: EventFormState; set: Set; error: ErrorOf; mode: 'create' | 'edit'; username: UsernameState }) {
  const usernameHint = mode === 'edit' ? 'The username cannot change.' : username.status === 'checking' ? 'Checking...' : username.message ?? '3-30 letters, numbers, underscores or hyphens';
  return (
    <FormSection title="Basic Information" required>
      <Input label="Username" required value={form.username} disabled={mode === 'edit'} hint={username.status === 'unavailable' ? undefined : usernameHint} error={username.status === 'unavailable' ? usernameHint : error('username')} onChange={(v) => set((f) => ({ ...f, username: v.toLowerCase() }))} />
      <Input label="Title" required value={form.title} error={error('title')} onChange={(v) => set((f) => ({ ...f, title: v }))} />
      <Input label="Short description" required wide maxLength={200} showCount value={form.shortDescription} error={error('shortDescription')} onChange={(v) => set((f) => ({ ...f, shortDescription: v }))} />
      <div className="sm:col-span-2">
        <p id="event-description-label" className="mb-1.5 text-sm font-medium text-slate-700">
          Description
          <RequiredMark />
        </p>
        <RichTextEditor
          id="event-description"
          labelledBy="event-description-label"
          initialHtml={form.description}
          resetKey={0}
          onChange={(html) => set((f) => ({ ...f, description: html }))}
          invalid={Boolean(error('description'))}
          describedBy={describedBy('event-description', { error: error('description') })}
          placeholder="What happens, who it is for, what to bring"
          toolbarLabel="Description formatting"
        />
        <FieldNotes id="event-description" error={error('description')} />
      </div>
      <Choice label="Event type" value={form.eventType} options={pairs(EVENT_TYPE_LABELS, EVENT_TYPES)} onChange={(v) => set((f) => ({ ...f, eventType: v as EventFormState['eventType'] }))} />
      <Choice label="Category" value={form.category} options={pairs(EVENT_CATEGORY_LABELS, EVENT_CATEGORIES)} onChange={(v) => set((f) => ({ ...f, category: v as EventFormState['category'] }))} />
      <ImageField label="Banner" shape="banner" wide value={form.images.banner} onChange={(url) => set((f) => ({ ...f, images: { ...f.images, banner: url } }))} />
    </FormSection>
  );
}

export function PlaceAndTimeSection({ form, set, error }: { form: EventFormState; set: Set; error: ErrorOf }) {
  const loc = (patch: Partial<EventFormState['location']>) => set((f) => ({ ...f, location: { ...f.location, ...patch } }));
  const date = (key: keyof EventFormState['dates']) => (v: string) => set((f) => ({ ...f, dates: { ...f.dates, [key]: v } }));
  return (
    <FormSection title="Location and Dates" required>
      <Choice label="Mode" value={form.location.type} options={pairs(LOCATION_LABELS, LOCATION_TYPES)} onChange={(v) => loc({ type: v as EventFormState['location']['type'] })} />
      <Choice label="Country" required={form.location.type !== 'online'} error={error('location.country')} placeholder="Select country" value={form.location.country} options={same(FORM_COUNTRIES)} onChange={(v) => loc({ country: v })} />
      {form.location.country === 'India' ? <Choice label="State" placeholder="Select state" value={form.location.state} options={same(INDIA_STATES)} onChange={(v) => loc({ state: v })} /> : <Input label="State" value={form.location.state} onChange={(v) => loc({ state: v })} />}
      <Input label="City" value={form.location.city} onChange={(v) => loc({ city: v })} />
      {form.location.type !== 'online' && <Input label="Address" wide value={form.location.address} onChange={(v) => loc({ address: v })} />}
      <Input label="Start date" required type="datetime-local" error={error('dates.startDate')} value={form.dates.startDate} onChange={date('startDate')} />
      <Input label="End date" required type="datetime-local" error={error('dates.endDate')} value={form.dates.endDate} onChange={date('endDate')} />
      <Input label="Registration deadline" required type="datetime-local" error={error('dates.registrationDeadline')} value={form.dates.registrationDeadline} onChange={date('registrationDeadline')} />
    </FormSection>
  );
}

export function OrganisationAndPricingSection({ form, set, error }: { form: EventFormState; set: Set; error: ErrorOf }) {
  const price = (patch: Partial<EventFormState['pricing']>) => set((f) => ({ ...f, pricing: { ...f.pricing, ...patch } }));
  return (
    <FormSection title="Organization, Pricing and Registration" required>
      <Input label="Organization name" required value={form.organization.name} error={error('organization.name')} onChange={(v) => set((f) => ({ ...f, organization: { ...f.organization, name: v } }))} />
      <Input label="Organization website" value={form.organization.website} onChange={(v) => set((f) => ({ ...f, organization: { ...f.organization, website: v } }))} />
      <Choice label="Pricing" value={form.pricing.type} options={same(EVENT_PRICING_TYPES)} onChange={(v) => price({ type: v as EventFormState['pricing']['type'] })} />
      {form.pricing.type !== 'free' && (
        <>
          <Input label="Amount" type="number" min={0} value={form.pricing.amount} error={error('pricing.amount')} onChange={(v) => price({ amount: num(v) })} />
          <Choice label="Currency" value={form.pricing.currency} options={same(CURRENCIES)} onChange={(v) => price({ currency: v as EventFormState['pricing']['currency'] })} />
        </>
      )}
      <Input label="Max attendees" type="number" min={0} hint="0 means unlimited" value={form.maxAttendees} onChange={(v) => set((f) => ({ ...f, maxAttendees: num(v) }))} />
      <label className="flex items-start gap-2 text-sm text-slate-700 sm:col-span-2">
        <input type="checkbox" className="mt-1" checked={form.takeRegistrations} onChange={(e) => set((f) => ({ ...f, takeRegistrations: e.target.checked }))} />
        Take registrations on Circuit. I agree to the registration terms: attendees' details are used only to run this event.
      </label>
    </FormSection>
  );
}

export function FaqAndTagsSection({ form, set }: { form: EventFormState; set: Set }) {
  const [question, setQuestion] = useState('');
  const [answer, setAnswer] = useState('');
  const [tag, setTag] = useState('');
  const addFaq = () => {
    if (!question.trim() || !answer.trim()) return notify.error('Enter a question and an answer');
    set((f) => ({ ...f, faqs: [...f.faqs, { id: `faq-${Date.now()}`, question: question.trim(), answer: answer.trim() }] }));
    setQuestion('');
    setAnswer('');
  };
  const addTag = () => {
    const t = tag.trim();
    if (t && !form.tags.some((x) => x.toLowerCase() === t.toLowerCase())) set((f) => ({ ...f, tags: [...f.tags, t] }));
    setTag('');
  };
  return (
    <FormSection title="FAQs and Tags">
      <Input label="Question" value={question} onChange={setQuestion} />
      <Input label="Answer" value={answer} onChange={setAnswer} />
      <div className="sm:col-span-2">
        <Button variant="secondary" size="sm" onClick={addFaq} disabled={!question.trim() || !answer.trim()}>
          <Plus className="size-4" aria-hidden="true" /> Add FAQ
        </Button>
      </div>
      {form.faqs.length > 0 && (
        <ul className="space-y-2 sm:col-span-2">
          {form.faqs.map((f, i) => (
            <li key={f.id ?? i} className="flex items-start justify-between gap-3 rounded-lg border border-slate-200 p-3 text-sm">
              <div>
                <p className="font-medium text-slate-900">{f.question}</p>
                <p className="text-slate-600">{f.answer}</p>
              </div>
              <button type="button" aria-label={`Remove FAQ ${f.question}`} className="text-slate-400 hover:text-red-600" onClick={() => set((s) => ({ ...s, faqs: s.faqs.filter((_, j) => j !== i) }))}>
                <Trash2 className="size-4" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="flex items-end gap-2 sm:col-span-2" onKeyDown={(e) => e.key === 'Enter' && (e.preventDefault(), addTag())}>
        <div className="flex-1">
          <Input label="Tag" value={tag} onChange={setTag} placeholder="e.g. AI, design" />
        </div>
        <Button variant="secondary" onClick={addTag}>
          Add
        </Button>
      </div>
      {form.tags.length > 0 && (
        <ul className="flex flex-wrap gap-2 sm:col-span-2">
          {form.tags.map((t) => (
            <li key={t}>
              <button type="button" className="rounded-md bg-slate-100 px-2 py-1 text-sm text-slate-700 hover:bg-red-50" aria-label={`Remove tag ${t}`} onClick={() => set((f) => ({ ...f, tags: f.tags.filter((x) => x !== t) }))}>
                {t} ×
              </button>
            </li>
          ))}
        </ul>
      )}
    </FormSection>
  );
}
