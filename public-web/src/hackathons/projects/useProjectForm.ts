import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { JudgingMessages as M } from '@circuit/shared/hackathons/judging-messages';
import { isApiError, messageOf } from '../../auth/apiClient';
import { useAuth } from '../../auth/AuthContext';
import { focusFirstInvalid } from '../../ui/forms';
import { notify } from '../../ui/toast';
import { blankProject, formFieldOf, formValuesOf, knownTracks, ProjectFormRules, type ProjectFormValues } from './projectForm';
import { useMyProject } from './projectQueries';
import { useSaveProject, useStartFromPortfolio } from './projectsApi';

type Output = z.output<typeof ProjectFormRules>;
// The form's values are the rules' input with every field present.
const resolver = zodResolver(ProjectFormRules) as unknown as Resolver<ProjectFormValues, unknown, Output>;

/**
 * The team's project form: its data (GET /project), the form (the server's rules), Save draft, Submit
 * and Start from a portfolio project. What the user typed stays in the form whatever the server answers;
 * the form is filled from the server only when it first loads and after a portfolio start.
 */
export function useProjectForm(hackathon: string) {
  const { user, state } = useAuth();
  const mine = useMyProject(hackathon, Boolean(user));
  const form = useForm<ProjectFormValues, unknown, Output>({ resolver, defaultValues: blankProject() });
  const formRef = useRef<HTMLFormElement>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  // Fill the form from the next answer (first load, a portfolio start); the editor starts again with it.
  const [fillWanted, setFillWanted] = useState(true);
  const [editorKey, setEditorKey] = useState(0);
  const save = useSaveProject(hackathon);
  const portfolio = useStartFromPortfolio(hackathon);

  const data = mine.data;
  useEffect(() => {
    if (!fillWanted || !data || mine.isFetching) return;
    form.reset(knownTracks(formValuesOf(data), data.tracks.map((t) => t.id)));
    setEditorKey((k) => k + 1);
    setFillWanted(false);
  }, [fillWanted, data, mine.isFetching, form]);

  function failed(error: unknown, fallback: string) {
    const text = messageOf(error, fallback);
    const fields = isApiError(error) ? error.fieldErrors.map(({ field, message }) => [formFieldOf(field), message] as const) : [];
    for (const [name, message] of fields) if (name) form.setError(name, { type: 'server', message });
    if (fields.some(([name]) => name)) focusFirstInvalid(formRef.current);
    setServerError(text);
    notify.error(text);
  }

  const send = (submit: boolean) =>
    form.handleSubmit(
      async (valid) => {
        if (save.isPending) return;
        setServerError(null);
        try {
          await save.mutateAsync({ form: valid, submit });
          // What was sent is now saved: the form stays as it is, no longer "changed".
          form.reset(form.getValues());
          notify.success(submit ? M.submitted : M.draftSaved);
        } catch (error) {
          failed(error, submit ? 'Failed to submit the project' : 'Failed to save the draft');
        }
      },
      () => {
        setServerError(null);
        focusFirstInvalid(formRef.current);
      },
    )();

  async function startFrom(portfolioProjectId: string) {
    setServerError(null);
    try {
      await portfolio.mutateAsync(portfolioProjectId);
      setFillWanted(true);
      notify.success('Draft started from your portfolio project');
    } catch (error) {
      failed(error, 'Failed to start from the portfolio project');
    }
  }

  const notFound = isApiError(mine.error) && mine.error.status === 404;
  return {
    user,
    signedOut: state.status === 'unauthenticated',
    mine: data,
    loading: Boolean(user) && mine.isPending,
    notFound,
    loadFailed: Boolean(mine.error) && !notFound ? messageOf(mine.error, 'Failed to load your project') : null,
    retry: () => void mine.refetch(),
    form,
    formRef,
    editorKey,
    serverError,
    saving: save.isPending ? (save.variables?.submit ? 'submit' : 'draft') : null,
    saveDraft: () => send(false),
    submit: () => send(true),
    startFrom,
    startingFrom: portfolio.isPending,
  };
}

export type ProjectFormState = ReturnType<typeof useProjectForm>;
