import clsx from 'clsx';
import { Save } from 'lucide-react';
import { useEffect, useMemo, useRef } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import type { JudgingSetupAnswer } from '@circuit/shared/api/hackathon-projects';
import { JudgingMessages as M } from '@circuit/shared/hackathons/judging-messages';
import { messageOf } from '../../auth/apiClient';
import { Button } from '../../ui/Button';
import { Checkbox } from '../../ui/Checkbox';
import { focusFirstInvalid, issuesResolver } from '../../ui/forms';
import { TextField } from '../../ui/TextField';
import { notify } from '../../ui/toast';
import { useDateLabels } from '../../ui/useDateLabels';
import { AssignmentFields } from './AssignmentFields';
import { CriteriaFields, TracksFields } from './ListFields';
import { Panel } from './fields';
import { draftOf, formOf, setupIssues, type SetupDraft } from './setupDraft';
import type { JudgingConsole } from './useJudgingConsole';

/** The organiser's setup: deadline, tracks, criteria, gallery, community vote and assignment mode; saved whole. */
export function SetupSection({ setup, judging }: { setup: JudgingSetupAnswer; judging: JudgingConsole }) {
  const initial = useMemo(() => draftOf(setup), [setup]);
  const form = useForm<SetupDraft>({ resolver: issuesResolver(setupIssues), defaultValues: initial });
  const { register, handleSubmit, reset, watch, formState } = form;
  const formRef = useRef<HTMLFormElement>(null);
  const dates = useDateLabels();
  // A fresh answer (after a save) becomes the form's new starting point, unless the organiser is editing.
  useEffect(() => {
    if (!formState.isDirty) reset(initial);
  }, [initial, formState.isDirty, reset]);

  const save = handleSubmit(
    async (draft) => {
      try {
        await judging.writes.saveSetup.mutateAsync(formOf(draft) as Parameters<typeof judging.writes.saveSetup.mutateAsync>[0]);
        notify.success(M.setupSaved);
        reset(draft);
      } catch (e) {
        notify.error(messageOf(e, 'The setup could not be saved'));
      }
    },
    (_errors: FieldErrors<SetupDraft>) => focusFirstInvalid(formRef.current),
  );
  const e = formState.errors;
  const voting = watch('voting.enabled');

  return (
    <form ref={formRef} noValidate onSubmit={(event) => void save(event)} className="space-y-6">
      <Panel id="setup-general" title="Submissions and gallery">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Submission deadline"
            type="datetime-local"
            {...register('submissionDeadline')}
            error={e.submissionDeadline?.message}
            hint={setup.deadlineIsDefault && setup.submissionDeadline ? `Empty: the hackathon’s end, ${dates.dateTime(setup.submissionDeadline)}` : 'Empty: the hackathon’s end date'}
          />
          <div className="space-y-3 sm:pt-7">
            <Checkbox label="Gallery open: everyone can see the submitted projects" {...register('galleryOpen')} />
          </div>
        </div>
      </Panel>

      <TracksFields form={form} />
      <CriteriaFields form={form} />

      <Panel id="setup-voting" title="Community vote">
        <Checkbox label="Community vote: verified users can vote for a project" {...register('voting.enabled')} />
        {voting && (
          <div className="mt-4 grid gap-4 sm:grid-cols-2">
            <TextField label="Voting opens" type="datetime-local" {...register('voting.opensAt')} error={e.voting?.opensAt?.message} />
            <TextField label="Voting closes" type="datetime-local" {...register('voting.closesAt')} error={e.voting?.closesAt?.message} />
            <Checkbox className="sm:col-span-2" label="One vote per track (instead of one for the whole hackathon)" {...register('voting.perTrack')} />
          </div>
        )}
      </Panel>

      <AssignmentFields form={form} judges={setup.judges} />

      <div className={clsx('flex flex-wrap items-center justify-end gap-3', formState.isDirty && 'sticky bottom-0 -mx-4 border-t border-slate-200 bg-white/95 px-4 py-3 backdrop-blur sm:mx-0 sm:rounded-xl sm:border')}>
        {formState.isDirty && <p className="mr-auto text-sm text-slate-600">Unsaved changes</p>}
        <Button type="button" variant="secondary" disabled={!formState.isDirty || formState.isSubmitting} onClick={() => reset(initial)}>
          Discard
        </Button>
        <Button type="submit" loading={formState.isSubmitting}>
          <Save className="size-4" aria-hidden="true" /> Save setup
        </Button>
      </div>
    </form>
  );
}
