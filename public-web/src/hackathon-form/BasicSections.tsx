import clsx from 'clsx';
import { CheckCircle2, Loader2, XCircle } from 'lucide-react';
import { useState } from 'react';
import { inputClasses } from '../ui/TextField';
import { CURRENCIES, FORM_COUNTRIES, HACKATHON_CATEGORIES, HACKATHON_LIMITS as L, LOCATION_TYPES } from '@circuit/shared/hackathons/options';
import { INDIA_STATES } from '@circuit/shared/profiles/options';
import { RichTextEditor } from '../profile/RichTextEditor';
import { Button } from '../ui/Button';
import { CATEGORY_LABELS, LOCATION_LABELS } from '../hackathons/labels';
import { Choice, describedBy, FieldNotes, FormSection, ImageField, Input, num, RequiredMark, same } from './fields';
import { withTechnology, type FormState } from './formState';
import type { UsernameState } from './useUsernameCheck';

export interface SectionProps {
  form: FormState;
  set(change: (f: FormState) => FormState): void;
  mode: 'create' | 'edit';
  /** The message of the rule broken at a field (a dotted path), once the form was submitted. */
  error(path: string): string | undefined;
}

function UsernameStatus({ state }: { state: UsernameState }) {
  if (state.status === 'idle') return null;
  if (state.status === 'checking')
    return (
      <p className="mt-1 flex items-center gap-1 text-xs text-slate-500" role="status">
        <Loader2 className="h-3.5 w-3.5 animate-spin" aria-hidden="true" /> Checking availability...
      </p>
    );
  const ok = state.status === 'available';
  return (
    <p role="status" className={clsx('mt-1 flex items-center gap-1 text-xs', ok ? 'text-emerald-700' : 'text-red-600')}>
      {ok ? <CheckCircle2 className="h-3.5 w-3.5" aria-hidden="true" /> : <XCircle className="h-3.5 w-3.5" aria-hidden="true" />} {state.message}
    </p>
  );
}

export function BasicSection({ form, set, mode, error, username }: SectionProps & { username: UsernameState }) {
  return (
    <FormSection title="Basic Information">
      <div>
        <Input
          label="Username"
          required={mode === 'create'}
          value={form.username}
          disabled={mode === 'edit'}
          maxLength={L.usernameMax}
          onChange={(v) => set((f) => ({ ...f, username: v.toLowerCase() }))}
          error={error('username')}
          hint={mode === 'edit' ? 'The username cannot change.' : `Your page will be /hackathons/${form.username || 'username'} (3 to 30 letters, numbers, - or _).`}
        />
        {mode === 'create' && <UsernameStatus state={username} />}
      </div>
      <Input label="Title" required value={form.title} error={error('title')} onChange={(v) => set((f) => ({ ...f, title: v }))} />
      <Input
        label="Short description"
        required
        wide
        value={form.shortDescription}
        maxLength={L.shortDescriptionMax}
        showCount
        error={error('shortDescription')}
        onChange={(v) => set((f) => ({ ...f, shortDescription: v }))}
        hint="Shown on cards and under the title."
      />
      <ImageField label="Banner image" shape="banner" wide value={form.images.banner} hint="Shown on cards and at the top of your page. A wide image (about 3:1) works best." onChange={(url) => set((f) => ({ ...f, images: { ...f.images, banner: url } }))} />
    </FormSection>
  );
}

export function RichSection({ title, label, html, placeholder, required, error, onChange }: { title: string; label: string; html: string; placeholder: string; required?: boolean; error?: string; onChange(html: string): void }) {
  const id = `rich-${label.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <FormSection title={title}>
      <div className="sm:col-span-2">
        <p id={`${id}-label`} className="mb-1.5 text-sm font-medium text-slate-700">
          {label}
          {required && <RequiredMark />}
        </p>
        <RichTextEditor id={id} labelledBy={`${id}-label`} invalid={Boolean(error)} describedBy={describedBy(id, { error })} initialHtml={html} resetKey={0} onChange={onChange} placeholder={placeholder} />
        <FieldNotes id={id} error={error} />
      </div>
    </FormSection>
  );
}

export function OrganizationSection({ form, set, error }: SectionProps) {
  const org = (patch: Partial<FormState['organization']>) => set((f) => ({ ...f, organization: { ...f.organization, ...patch } }));
  return (
    <FormSection title="Organization">
      <Input label="Organization name" required value={form.organization.name} error={error('organization.name')} onChange={(v) => org({ name: v })} />
      <Input label="Organization website" type="url" value={form.organization.website} placeholder="https://" onChange={(v) => org({ website: v })} />
      <ImageField label="Organization logo" wide value={form.organization.logo} onChange={(url) => org({ logo: url })} />
    </FormSection>
  );
}

export function CategoriesSection({ form, set, mode, error }: SectionProps) {
  const problem = error('categories');
  const toggle = (c: string) => set((f) => ({ ...f, categories: f.categories.includes(c as never) ? f.categories.filter((x) => x !== c) : [...f.categories, c as (typeof f.categories)[number]] }));
  return (
    <FormSection title="Categories" required={mode === 'create'} hint="Pick at least one.">
      <div className="flex flex-wrap gap-2 sm:col-span-2" role="group" aria-label="Categories" aria-describedby={describedBy('categories', { error: problem })}>
        {HACKATHON_CATEGORIES.map((c) => (
          <button key={c} type="button" aria-pressed={form.categories.includes(c)} onClick={() => toggle(c)} className={clsx('rounded-full border px-3.5 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500', form.categories.includes(c) ? 'border-indigo-600 bg-indigo-600 text-white' : 'border-slate-300 bg-white text-slate-700')}>
            {CATEGORY_LABELS[c]}
          </button>
        ))}
      </div>
      {problem && (
        <div className="-mt-3 sm:col-span-2">
          <FieldNotes id="categories" error={problem} />
        </div>
      )}
    </FormSection>
  );
}

export function LocationSection({ form, set, mode, error }: SectionProps) {
  const create = mode === 'create';
  const loc = (patch: Partial<FormState['location']>) => set((f) => ({ ...f, location: { ...f.location, ...patch } }));
  return (
    <FormSection title="Location">
      <Choice label="Event type" required={create} error={error('location.type')} value={form.location.type} placeholder="Select type" options={LOCATION_TYPES.map((t) => [t, LOCATION_LABELS[t]!] as const)} onChange={(v) => loc({ type: v as FormState['location']['type'] })} />
      <Choice label="Country" required={create} error={error('location.country')} value={form.location.country} placeholder="Select country" options={same(FORM_COUNTRIES)} onChange={(v) => loc({ country: v, state: v === 'India' ? form.location.state : '' })} />
      {form.location.country === 'India' && <Choice label="State" required={create} error={error('location.state')} value={form.location.state} placeholder="Select state" options={same(INDIA_STATES)} onChange={(v) => loc({ state: v })} />}
      <Input label="City" value={form.location.city} onChange={(v) => loc({ city: v })} />
      {/* The spec's form has an address for every hackathon; an online one may name where it is run from. */}
      <Input
        label="Address"
        required={create && form.location.type !== 'online'}
        wide
        value={form.location.address}
        error={error('location.address')}
        hint={form.location.type === 'online' ? 'Optional for an online hackathon: where it is run from.' : undefined}
        onChange={(v) => loc({ address: v })}
      />
    </FormSection>
  );
}

export function DatesSection({ form, set, error }: SectionProps) {
  const date = (key: keyof FormState['dates']) => (v: string) => set((f) => ({ ...f, dates: { ...f.dates, [key]: v } }));
  return (
    <FormSection title="Dates" hint="In your time zone. Registration closes before the start; the end comes after it.">
      <Input label="Registration deadline" required type="datetime-local" error={error('dates.registrationDeadline')} value={form.dates.registrationDeadline} onChange={date('registrationDeadline')} />
      <Input label="Start date" required type="datetime-local" error={error('dates.startDate')} value={form.dates.startDate} onChange={date('startDate')} />
      <Input label="End date" required type="datetime-local" error={error('dates.endDate')} value={form.dates.endDate} onChange={date('endDate')} />
    </FormSection>
  );
}

export function PricingSection({ form, set, mode, error }: SectionProps) {
  const prizes = form.prizes;
  const setPrizes = (p: Partial<FormState['prizes']>) => set((f) => ({ ...f, prizes: { ...f.prizes, ...p } }));
  return (
    <FormSection title="Pricing, Registration & Prizes">
      <Choice label="Pricing type" required={mode === 'create'} error={error('pricing.type')} value={form.pricing.type} options={[['free', 'Free'], ['paid', 'Paid']]} onChange={(v) => set((f) => ({ ...f, pricing: { ...f.pricing, type: v as 'free' | 'paid' } }))} />
      {form.pricing.type === 'paid' && (
        <>
          <Input label="Fee per team" type="number" min={0} value={form.pricing.amount} onChange={(v) => set((f) => ({ ...f, pricing: { ...f.pricing, amount: num(v) } }))} />
          <Choice label="Fee currency" value={form.pricing.currency} options={same(CURRENCIES)} onChange={(v) => set((f) => ({ ...f, pricing: { ...f.pricing, currency: v as FormState['pricing']['currency'] } }))} />
        </>
      )}
      <Input label="Maximum participants" type="number" min={1} value={form.maxParticipants} onChange={(v) => set((f) => ({ ...f, maxParticipants: num(v) }))} />
      <Input label="Total prize pool" type="number" min={0} value={prizes.totalPrizePool} onChange={(v) => setPrizes({ totalPrizePool: num(v) })} />
      <Choice label="Prize currency" value={prizes.currency} options={same(CURRENCIES)} onChange={(v) => setPrizes({ currency: v as FormState['prizes']['currency'] })} />
      <div className="space-y-3 sm:col-span-2">
        {prizes.prizeDetails.map((p, i) => (
          <div key={i} className="grid gap-3 rounded-xl bg-slate-50 p-3 sm:grid-cols-[1fr_2fr_1fr_auto] sm:items-end">
            <Input label={`Prize ${i + 1} rank`} value={p.rank} onChange={(v) => setPrizes({ prizeDetails: prizes.prizeDetails.map((x, j) => (j === i ? { ...x, rank: v } : x)) })} />
            <Input label={`Prize ${i + 1} description`} value={p.description} onChange={(v) => setPrizes({ prizeDetails: prizes.prizeDetails.map((x, j) => (j === i ? { ...x, description: v } : x)) })} />
            <Input label={`Prize ${i + 1} amount`} type="number" min={0} value={p.amount} onChange={(v) => setPrizes({ prizeDetails: prizes.prizeDetails.map((x, j) => (j === i ? { ...x, amount: num(v) } : x)) })} />
            <Button variant="ghost" onClick={() => setPrizes({ prizeDetails: prizes.prizeDetails.filter((_, j) => j !== i) })}>
              Remove
            </Button>
          </div>
        ))}
        <Button variant="secondary" onClick={() => setPrizes({ prizeDetails: [...prizes.prizeDetails, { rank: '', description: '', amount: 0 }] })}>
          Add prize
        </Button>
      </div>
    </FormSection>
  );
}

export function TechnologiesSection({ form, set }: SectionProps) {
  const [draft, setDraft] = useState('');
  const add = () => {
    set((f) => ({ ...f, technologies: withTechnology(f.technologies, draft) }));
    setDraft('');
  };
  return (
    <FormSection title="Technologies" hint="Press Enter or Add after each one; cards show the first three.">
      <div className="flex gap-2 sm:col-span-2">
        <label htmlFor="tech-input" className="sr-only">
          Technology
        </label>
        <input id="tech-input" className={clsx(inputClasses(false), 'min-w-0 flex-1')} value={draft} placeholder="e.g. React" onChange={(e) => setDraft(e.target.value)} onKeyDown={(e) => e.key === 'Enter' && (e.preventDefault(), add())} />
        <Button variant="secondary" onClick={add} disabled={!draft.trim()}>
          Add
        </Button>
      </div>
      <ul className="flex flex-wrap gap-2 sm:col-span-2" aria-label="Technologies added">
        {form.technologies.map((t) => (
          <li key={t} className="flex items-center gap-1 rounded-full bg-slate-100 px-3 py-1 text-sm">
            {t}
             <button type="button" aria-label={`Remove ${t}`} className="rounded-full px-1 text-slate-500 hover:text-red-600 focus-visible:outline-2 focus-visible:outline-indigo-500" onClick={() => set((f) => ({ ...f, technologies: f.technologies.filter((x) => x !== t) }))}>
              ×
            </button>
          </li>
        ))}
      </ul>
    </FormSection>
  );
}
