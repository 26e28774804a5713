import { ArrowLeft, CalendarClock, Send, Trophy } from 'lucide-react';
import { Link, useParams } from 'react-router-dom';
import type { MyProject } from '@circuit/shared/api/hackathon-projects';
import { JudgingMessages as M } from '@circuit/shared/hackathons/judging-messages';
import { LoginButtonLink } from '../../auth/LoginLinks';
import { NotFoundRedirect } from '../../not-found/NotFoundPage';
import { Alert } from '../../ui/Alert';
import { Button, ButtonLink } from '../../ui/Button';
import { StateScreen } from '../../ui/EmptyState';
import { PageSpinner } from '../../ui/Spinner';
import { useDateLabels } from '../../ui/useDateLabels';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { draftDiffers, statusLabel } from './projectForm';
import { BasicsSection, BuiltWithSection, LinksSection, TracksSection } from './ProjectFormSections';
import { ProjectImagesField } from './ProjectImagesField';
import { PortfolioPicker } from './PortfolioPicker';
import { useProjectForm, type ProjectFormState } from './useProjectForm';

/** /hackathons/{username}/project: the team's (or solo participant's) project, Save draft and Submit until the deadline. */
export function ProjectFormPage() {
  const { username = '' } = useParams();
  const page = useProjectForm(username);
  useDocumentTitle(page.mine ? `Your project · ${page.mine.hackathon.title}` : 'Your project');

  if (page.signedOut) {
    return (
      <StateScreen icon={<Trophy className="size-7" aria-hidden="true" />} title="Sign in to submit a project" actions={<LoginButtonLink>Sign in</LoginButtonLink>}>
        Your team's project is edited by its members once they are signed in.
      </StateScreen>
    );
  }
  if (page.notFound) return <NotFoundRedirect />;
  if (page.loadFailed) {
    return (
      <StateScreen title={page.loadFailed} actions={<Button onClick={page.retry}>Try again</Button>}>
        Please check your connection and try again.
      </StateScreen>
    );
  }
  if (!page.mine) return <PageSpinner label="Loading your project..." />;
  if (!page.mine.canSubmit && page.mine.status === 'none') {
    return (
      <StateScreen icon={<Trophy className="size-7" aria-hidden="true" />} title="No project to submit yet" actions={<ButtonLink to={`/hackathons/${username}`}>Back to the hackathon</ButtonLink>}>
        {M.notEntrant}.
      </StateScreen>
    );
  }
  return <ProjectFormView page={page} mine={page.mine} username={username} />;
}

function DeadlineNote({ mine }: { mine: MyProject }) {
  const dates = useDateLabels();
  if (!mine.deadline) return <p className="text-sm text-slate-600">No submission deadline is set yet.</p>;
  return (
    <p className="flex items-center gap-1.5 text-sm text-slate-700">
      <CalendarClock className="size-4 shrink-0 text-slate-500" aria-hidden="true" />
      <span>
        {mine.deadlinePassed ? 'Submissions closed' : 'Submit by'} <strong className="font-semibold">{dates.dateTime(mine.deadline)}</strong>
      </span>
    </p>
  );
}

function ProjectFormView({ page, mine, username }: { page: ProjectFormState; mine: MyProject; username: string }) {
  const readOnly = !mine.canEdit;
  const dates = useDateLabels();
  const { form } = page;
  const hasWords = Boolean(form.watch('title')) || form.formState.isDirty;
  const who = mine.entrant === 'team' ? mine.teamName : 'Solo entry';
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-6 sm:px-6 sm:py-8">
      <Link to={`/hackathons/${username}`} className="inline-flex items-center gap-1.5 text-sm font-medium text-indigo-700 hover:underline">
        <ArrowLeft className="size-4" aria-hidden="true" /> Back to {mine.hackathon.title}
      </Link>
      <header className="mt-3 space-y-2">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Your project</h1>
        <p className="text-slate-600">
          {who && <span className="font-medium text-slate-800">{who}</span>}
          {who && ' · '}
          <span>{statusLabel(mine)}</span>
          {mine.submittedAt && <span> · submitted {dates.dateTime(mine.submittedAt, { weekday: false })}</span>}
        </p>
        <DeadlineNote mine={mine} />
      </header>

      <div className="mt-6 space-y-6">
        {readOnly && (
          <Alert tone="info" title={mine.deadlinePassed ? 'The deadline has passed' : 'Read only'}>
            {mine.deadlinePassed ? M.deadlinePassed : M.notApproved}
          </Alert>
        )}
        {!readOnly && mine.status === 'submitted' && draftDiffers(mine) && (
          <Alert tone="info">The draft has changes that are not submitted yet: press Submit to make them the version judged.</Alert>
        )}
        {!readOnly && page.user && <PortfolioPicker username={page.user.username} hasWords={hasWords} busy={page.startingFrom} onPick={page.startFrom} />}
        {page.serverError && <Alert>{page.serverError}</Alert>}

        <form ref={page.formRef} noValidate onSubmit={(e) => e.preventDefault()} aria-label="Project">
          <fieldset disabled={readOnly} className="min-w-0 space-y-6">
            <legend className="sr-only">Project details</legend>
            <BasicsSection form={form} editorKey={page.editorKey} readOnly={readOnly} />
            <ProjectImagesField form={form} readOnly={readOnly} />
            <LinksSection form={form} />
            <BuiltWithSection form={form} />
            <TracksSection form={form} tracks={mine.tracks} />
          </fieldset>
          {!readOnly && (
            <div className="sticky bottom-0 z-10 -mx-4 mt-6 flex flex-col-reverse gap-2 border-t border-slate-200 bg-white/95 px-4 py-3 backdrop-blur sm:mx-0 sm:flex-row sm:justify-end sm:rounded-2xl sm:border sm:shadow-sm">
              <Button variant="secondary" onClick={page.saveDraft} loading={page.saving === 'draft'} disabled={page.saving !== null}>
                Save draft
              </Button>
              <Button onClick={page.submit} loading={page.saving === 'submit'} disabled={page.saving !== null} icon={<Send className="size-4" aria-hidden="true" />}>
                {mine.status === 'submitted' ? 'Submit changes' : 'Submit project'}
              </Button>
            </div>
          )}
        </form>
      </div>
    </div>
  );
}
