import { useEffect, useState, type FormEvent } from 'react';
import type { Sponsor } from '@circuit/shared/api/hackathons';
import { SPONSOR_TIERS, type SponsorTier } from '@circuit/shared/hackathons/options';
import { sponsorViolation } from '@circuit/shared/validation/hackathon-announcements';
import { ImageField } from '../../hackathon-form/fields';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { TextField } from '../../ui/TextField';
import { TIER_LABELS } from '../announcements/labels';

export interface SponsorDraft {
  name: string;
  tier: SponsorTier;
  image: string;
}

/** Add or edit a sponsor: name (required), tier, logo uploaded through POST /api/upload/image. */
export function SponsorFormDialog({ editing, saving, onClose, onSave }: { editing: { sponsor?: Sponsor } | null; saving: boolean; onClose(): void; onSave(draft: SponsorDraft, id?: string): Promise<boolean> }) {
  const [draft, setDraft] = useState<SponsorDraft>({ name: '', tier: 'gold', image: '' });
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!editing) return;
    const s = editing.sponsor;
    setDraft(s ? { name: s.name, tier: s.tier, image: s.image } : { name: '', tier: 'gold', image: '' });
    setError(null);
  }, [editing]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const violation = sponsorViolation(draft);
    setError(violation);
    if (violation) return;
    await onSave({ ...draft, name: draft.name.trim() }, editing?.sponsor?._id);
  }

  const edit = Boolean(editing?.sponsor);
  return (
    <Dialog
      open={editing !== null}
      onClose={onClose}
      busy={saving}
      title={edit ? 'Edit Sponsor' : 'Add Sponsor'}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" form="sponsor-form" loading={saving}>
            {edit ? 'Update Sponsor' : 'Add Sponsor'}
          </Button>
        </>
      }
    >
      <form id="sponsor-form" onSubmit={(e) => void submit(e)} className="space-y-4" noValidate>
        <TextField label="Sponsor name *" value={draft.name} onChange={(e) => setDraft((d) => ({ ...d, name: e.target.value }))} error={error} maxLength={100} />
        <div>
          <label htmlFor="sponsor-tier" className="mb-1.5 block text-sm font-medium text-slate-700">
            Tier
          </label>
          <select id="sponsor-tier" value={draft.tier} onChange={(e) => setDraft((d) => ({ ...d, tier: e.target.value as SponsorTier }))} className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-sm text-slate-900 focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-500/25">
            {SPONSOR_TIERS.map((t) => (
              <option key={t} value={t}>
                {TIER_LABELS[t]}
              </option>
            ))}
          </select>
        </div>
        <ImageField label="Logo" value={draft.image} onChange={(url) => setDraft((d) => ({ ...d, image: url }))} hint="PNG, JPEG, GIF or WebP, at most 5 MB. A square logo works best." />
      </form>
    </Dialog>
  );
}
