import { useId } from 'react';
import { messageOf } from '../auth/apiClient';
import { Alert } from '../ui/Alert';
import { Card } from '../ui/Card';
import { useBadgeVisibility, useSetBadgeVisibility } from './certificatesApi';

/** The profile settings' switch: show my certificate badges on my public profile, or hide them. */
export function BadgeVisibilityCard() {
  const id = useId();
  const setting = useBadgeVisibility();
  const save = useSetBadgeVisibility();
  const visible = save.isPending ? save.variables : setting.data?.visible;
  return (
    <Card className="p-5 sm:p-6">
      <section aria-labelledby={`${id}-title`}>
        <div className="flex items-start justify-between gap-4">
          <div>
            <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
              Certificate badges
            </h2>
            <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
              Show the certificates you earned as badges on your public profile. Hidden badges are not shown to anyone; your certificates stay valid.
            </p>
          </div>
          <button
            type="button"
            role="switch"
            aria-checked={visible ?? false}
            aria-labelledby={`${id}-title`}
            aria-describedby={`${id}-hint`}
            disabled={setting.isPending || setting.isError || save.isPending}
            onClick={() => save.mutate(!visible)}
            className={`relative mt-1 inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:opacity-60 ${visible ? 'bg-indigo-600' : 'bg-slate-300'}`}
          >
            <span aria-hidden="true" className={`inline-block size-5 rounded-full bg-white shadow transition-transform ${visible ? 'translate-x-5' : 'translate-x-0.5'}`} />
          </button>
        </div>
        <p className="mt-2 text-sm font-medium text-slate-700" aria-live="polite">
          {setting.isPending ? 'Loading…' : visible ? 'Shown on your public profile' : 'Hidden from your public profile'}
        </p>
        {setting.isError && <Alert className="mt-3">{messageOf(setting.error, 'Could not load this setting.')}</Alert>}
        {save.isError && <Alert className="mt-3">{messageOf(save.error, 'Could not save this setting. Please try again.')}</Alert>}
      </section>
    </Card>
  );
}
