import { HACKATHON_LIMITS as L } from '@circuit/shared/hackathons/options';
import { HackathonMessages } from '@circuit/shared/validation/hackathons';
import { Button } from '../ui/Button';
import { Checkbox } from '../ui/Checkbox';
import type { SectionProps } from './BasicSections';
import { FormSection, Input, num } from './fields';
import { volunteerContact, type FormState } from './formState';

type Row<K extends 'mentors' | 'volunteers' | 'faqs'> = FormState[K][number];

function useRows<K extends 'mentors' | 'volunteers' | 'faqs'>({ set }: Pick<SectionProps, 'set'>, key: K) {
  return {
    update: (i: number, row: Row<K>) => set((f) => ({ ...f, [key]: (f[key] as Row<K>[]).map((x, j) => (j === i ? row : x)) })),
    remove: (i: number) => set((f) => ({ ...f, [key]: (f[key] as Row<K>[]).filter((_, j) => j !== i) })),
    add: (row: Row<K>) => set((f) => ({ ...f, [key]: [...(f[key] as Row<K>[]), row] })),
  };
}

export function SocialSection({ form, set }: SectionProps) {
  const links = form.socialMediaLinks;
  const fields = [['website', 'Website'], ['linkedin', 'LinkedIn'], ['instagram', 'Instagram'], ['discord', 'Discord'], ['whatsapp', 'WhatsApp']] as const;
  return (
    <FormSection title="Social Media Links">
      {fields.map(([key, label]) => (
        <Input key={key} label={label} value={links[key]} placeholder="https://" onChange={(v) => set((f) => ({ ...f, socialMediaLinks: { ...f.socialMediaLinks, [key]: v } }))} />
      ))}
    </FormSection>
  );
}

export function AgreementSection({ form, set }: SectionProps) {
  return (
    <FormSection title="Registration Agreement">
      <div className="sm:col-span-2">
        <Checkbox
          checked={form.takeRegistrations}
          onChange={(e) => set((f) => ({ ...f, takeRegistrations: e.target.checked }))}
          label="Take registrations on Circuit: participants register, form teams and pay here (the platform reviews this with your listing)."
        />
      </div>
    </FormSection>
  );
}

export function MentorsSection(props: SectionProps) {
  const rows = useRows(props, 'mentors');
  return (
    <FormSection title="Mentors (optional)">
      {props.form.mentors.map((m, i) => (
        <div key={i} className="grid gap-3 rounded-xl bg-slate-50 p-3 sm:col-span-2 sm:grid-cols-3">
          <Input label={`Mentor ${i + 1} name`} value={m.name} onChange={(v) => rows.update(i, { ...m, name: v })} />
          <Input label={`Mentor ${i + 1} tagline`} value={m.tagline} maxLength={L.mentorTaglineMax} showCount error={props.error(`mentors.${i}.tagline`)} onChange={(v) => rows.update(i, { ...m, tagline: v })} />
          <Input label={`Mentor ${i + 1} LinkedIn`} value={m.linkedin} onChange={(v) => rows.update(i, { ...m, linkedin: v })} />
          <Button variant="ghost" onClick={() => rows.remove(i)}>
            Remove mentor
          </Button>
        </div>
      ))}
      <div className="sm:col-span-2">
        <Button variant="secondary" onClick={() => rows.add({ name: '', tagline: '', linkedin: '' })}>
          Add mentor
        </Button>
      </div>
    </FormSection>
  );
}

export function VolunteersSection(props: SectionProps) {
  const rows = useRows(props, 'volunteers');
  return (
    <FormSection title="Volunteers (optional)" hint="Registered participants see their contacts while the hackathon runs. Give LinkedIn or Twitter, not both.">
      {props.form.volunteers.map((v, i) => (
        <div key={i} className="grid gap-3 rounded-xl bg-slate-50 p-3 sm:col-span-2 sm:grid-cols-3">
          <Input label={`Volunteer ${i + 1} name`} value={v.name} onChange={(x) => rows.update(i, { ...v, name: x })} />
          <Input label={`Volunteer ${i + 1} role`} value={v.role} onChange={(x) => rows.update(i, { ...v, role: x })} />
          <Input label={`Volunteer ${i + 1} phone`} value={v.phone} onChange={(x) => rows.update(i, { ...v, phone: x })} />
          <Input label={`Volunteer ${i + 1} LinkedIn`} value={v.linkedin} disabled={Boolean(v.twitter)} onChange={(x) => rows.update(i, volunteerContact(v, 'linkedin', x))} />
          <Input label={`Volunteer ${i + 1} Twitter`} value={v.twitter} disabled={Boolean(v.linkedin)} onChange={(x) => rows.update(i, volunteerContact(v, 'twitter', x))} />
          <Button variant="ghost" onClick={() => rows.remove(i)}>
            Remove volunteer
          </Button>
        </div>
      ))}
      <div className="sm:col-span-2">
        <Button variant="secondary" onClick={() => rows.add({ name: '', role: '', phone: '', linkedin: '', twitter: '' })}>
          Add volunteer
        </Button>
      </div>
    </FormSection>
  );
}

export function TeamSettingsSection({ form, set, error }: SectionProps) {
  const { minMembers, maxMembers } = form.teamSettings;
  const team = (patch: Partial<FormState['teamSettings']>) => set((f) => ({ ...f, teamSettings: { ...f.teamSettings, ...patch } }));
  return (
    <FormSection title="Team Settings">
      <Input label="Minimum members" type="number" min={1} max={L.formTeamMinMax} value={minMembers} error={error('teamSettings.minMembers')} onChange={(v) => team({ minMembers: num(v) })} />
      <Input label="Maximum members" type="number" min={1} max={L.teamMaxLimit} value={maxMembers} error={error('teamSettings.maxMembers')} onChange={(v) => team({ maxMembers: num(v) })} />
      {maxMembers < minMembers && !error('teamSettings.maxMembers') && (
        <p role="alert" className="text-sm text-amber-700 sm:col-span-2">
          {HackathonMessages.teamMaxWarning}
        </p>
      )}
    </FormSection>
  );
}

export function FaqSection(props: SectionProps) {
  const rows = useRows(props, 'faqs');
  return (
    <FormSection title="FAQs">
      {props.form.faqs.map((q, i) => (
        <div key={i} className="grid gap-3 rounded-xl bg-slate-50 p-3 sm:col-span-2">
          <Input label={`Question ${i + 1}`} value={q.question} onChange={(v) => rows.update(i, { ...q, question: v })} />
          <Input label={`Answer ${i + 1}`} value={q.answer} onChange={(v) => rows.update(i, { ...q, answer: v })} />
          <Button variant="ghost" onClick={() => rows.remove(i)}>
            Remove question
          </Button>
        </div>
      ))}
      <div className="sm:col-span-2">
        <Button variant="secondary" onClick={() => rows.add({ question: '', answer: '' })}>
          Add question
        </Button>
      </div>
    </FormSection>
  );
}

export function RequirementsSection({ form, set }: SectionProps) {
  const req = (patch: Partial<FormState['requirements']>) => set((f) => ({ ...f, requirements: { ...f.requirements, ...patch } }));
  return (
    <FormSection title="Requirements">
      <Input label="Minimum age" type="number" min={0} value={form.requirements.minAge} onChange={(v) => req({ minAge: num(v) })} />
      <Input label="Maximum age" type="number" min={0} value={form.requirements.maxAge} onChange={(v) => req({ maxAge: num(v) })} />
    </FormSection>
  );
}
