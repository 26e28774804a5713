import { useEffect, useState, type FormEvent } from 'react';
import { ANNOUNCEMENT_TYPES } from '@circuit/shared/hackathons/options';
import { RichTextEditor } from '../../profile/RichTextEditor';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { TextField } from '../../ui/TextField';
import { TYPE_LABELS } from '../announcements/labels';
import { draftViolation, emptyDraft, type AnnouncementDraft } from './drafts';
import { ResultsFields } from './ResultsFields';

interface AnnouncementFormDialogProps {
  /** null: closed; { id: undefined }: add; with an id: edit that announcement. */
  editing: { id?: string; draft: AnnouncementDraft } | null;
  saving: boolean;
  onClose(): void;
  onSave(draft: AnnouncementDraft, id?: string): Promise<boolean>;
}

/** The announcement modal in add or edit mode; the winners and special awards form shows only for type results. */
export function AnnouncementFormDialog({ editing, saving, onClose, onSave }: AnnouncementFormDialogProps) {
  const [draft, setDraft] = useState<AnnouncementDraft>(emptyDraft);
  const [error, setError] = useState<string | null>(null);
  const [resetKey, setResetKey] = useState(0);
  useEffect(() => {
    if (!editing) return;
    setDraft(editing.draft);
    setError(null);
    setResetKey((k) => k + 1);
  }, [editing]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const violation = draftViolation(draft);
    setError(violation);
    if (violation) return;
    await onSave(draft, editing?.id);
  }

  const mode = editing?.id ? 'edit' : 'add';
  return (
    <Dialog
      open={editing !== null}
      onClose={onClose}
      busy={saving}
      size="xl"
      title={mode === 'edit' ? 'Edit Announcement' : 'Add Announcement'}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" form="announcement-form" loading={saving}>
            {mode === 'edit' ? 'Update Announcement' : 'Post Announcement'}
          </Button>
        </>
      }
    >
      <form id="announcement-form" onSubmit={(e) => void submit(e)} className="space-y-4" noValidate>
        {error && <Alert>{error}</Alert>}
        <fieldset>
          <legend className="mb-1.5 text-sm font-medium text-slate-700">Type</legend>
          <div className="flex flex-wrap gap-2">
            {ANNOUNCEMENT_TYPES.map((t) => (
              <label key={t} className="flex cursor-pointer items-center gap-2 rounded-lg border border-slate-300 px-3 py-2 text-sm has-[:checked]:border-indigo-500 has-[:checked]:bg-indigo-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-indigo-500">
                <input type="radio" name="announcement-type" value={t} checked={draft.type === t} onChange={() => setDraft((d) => ({ ...d, type: t }))} className="accent-indigo-600" />
                {TYPE_LABELS[t]}
              </label>
            ))}
          </div>
        </fieldset>
        <TextField label="Title *" value={draft.title} onChange={(e) => setDraft((d) => ({ ...d, title: e.target.value }))} maxLength={200} />
        <div>
          <p id="announcement-content-label" className="mb-1.5 text-sm font-medium text-slate-700">
            Content *
          </p>
          <RichTextEditor
            id="announcement-content"
            labelledBy="announcement-content-label"
            initialHtml={editing?.draft.content ?? ''}
            resetKey={resetKey}
            onChange={(html) => setDraft((d) => ({ ...d, content: html }))}
            placeholder="What do participants need to know?"
            toolbarLabel="Announcement formatting"
          />
        </div>
        {draft.type === 'results' && <ResultsFields draft={draft} set={setDraft} />}
      </form>
    </Dialog>
  );
}
