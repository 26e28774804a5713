import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FolderGit2, Heart, MessageCircle, Pencil, Plus, Trash2 } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { messageOf } from '../auth/apiClient';
import { Button } from '../ui/Button';
import { Card } from '../ui/Card';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { EmptyState } from '../ui/EmptyState';
import { Spinner } from '../ui/Spinner';
import { notify } from '../ui/toast';
import { countComments } from './countComments';
import { projectId, projectKeys, projectsApi, type Project } from './projectsApi';

// A project's details open on a click, so a profile's first load does not carry them.
const ProjectDetailsModal = lazy(async () => ({ default: (await import('./ProjectDetailsModal')).ProjectDetailsModal }));
// The project form loads only for its owner, when they add or edit a project.
const ProjectFormModal = lazy(async () => ({ default: (await import('./ProjectFormModal')).ProjectFormModal }));

export const DELETE_PROJECT_QUESTION = 'Are you sure you want to delete this project?';

/** The projects of one user: cards opening the details modal; the owner adds, edits and deletes. */
export function ProjectsSection({ username, editable }: { username: string; editable: boolean }) {
  const queryClient = useQueryClient();
  const { data: projects, isPending } = useQuery({
    queryKey: projectKeys.list(username),
    queryFn: ({ signal }) => projectsApi.list(username, signal),
    // A profile's route loader may have fetched them a moment ago (see prefetchProfile).
    staleTime: 10_000,
  });
  const [detailsId, setDetailsId] = useState<string | null>(null);
  const [form, setForm] = useState<{ open: boolean; project: Project | null }>({ open: false, project: null });
  const [deleting, setDeleting] = useState<Project | null>(null);

  const remove = useMutation({
    mutationFn: (project: Project) => projectsApi.remove(projectId(project)),
    onSuccess: () => {
      notify.success('Project deleted successfully');
      setDeleting(null);
    },
    onError: (error) => notify.error(messageOf(error, 'Failed to delete project')),
    onSettled: () => queryClient.invalidateQueries({ queryKey: projectKeys.all }),
  });

  const headingId = `projects-${username}`;

  return (
    <section aria-labelledby={headingId}>
      <Card className="p-5 sm:p-6">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id={headingId} className="text-lg font-semibold text-slate-900">
            Projects
            {projects && projects.length > 0 && <span className="ml-2 text-sm font-medium text-slate-500">({projects.length})</span>}
          </h2>
          {editable && (
            <Button size="sm" onClick={() => setForm({ open: true, project: null })} icon={<Plus className="size-4" aria-hidden="true" />}>
              Add Project
            </Button>
          )}
        </div>

        {isPending ? (
          <div className="flex justify-center py-10 text-indigo-600">
            <Spinner className="size-6" label="Loading projects..." />
          </div>
        ) : !projects?.length ? (
          <EmptyState icon={<FolderGit2 className="size-6" aria-hidden="true" />} title="No projects yet">
            {editable ? 'Show what you have built: add your first project.' : 'Projects added to this profile will appear here.'}
          </EmptyState>
        ) : (
          <ul className="mt-5 grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {projects.map((project) => (
              <ProjectCard
                key={projectId(project)}
                project={project}
                editable={editable}
                onOpen={() => setDetailsId(projectId(project))}
                onEdit={() => setForm({ open: true, project })}
                onDelete={() => setDeleting(project)}
              />
            ))}
          </ul>
        )}
      </Card>

      {detailsId && (
        <Suspense fallback={null}>
          <ProjectDetailsModal username={username} projectId={detailsId} onClose={() => setDetailsId(null)} />
        </Suspense>
      )}
      {editable && (
        <>
          {form.open && (
            <Suspense fallback={null}>
              <ProjectFormModal open project={form.project} onClose={() => setForm({ open: false, project: null })} />
            </Suspense>
          )}
          <ConfirmDialog
            open={Boolean(deleting)}
            title="Delete project"
            message={DELETE_PROJECT_QUESTION}
            confirmLabel="Delete"
            tone="danger"
            loading={remove.isPending}
            onConfirm={() => deleting && remove.mutate(deleting)}
            onCancel={() => setDeleting(null)}
          />
        </>
      )}
    </section>
  );
}

function ProjectCard({
  project,
  editable,
  onOpen,
  onEdit,
  onDelete,
}: {
  project: Project;
  editable: boolean;
  onOpen(): void;
  onEdit(): void;
  onDelete(): void;
}) {
  const likes = project.likesCount ?? project.likes?.length ?? 0;
  const comments = countComments(project.comments);
  return (
    <li className="relative flex flex-col overflow-hidden rounded-xl bg-white ring-1 ring-slate-200 transition hover:shadow-md hover:ring-indigo-200 has-[h3_button:focus-visible]:ring-2 has-[h3_button:focus-visible]:ring-indigo-500">
      {project.image ? (
        <img src={project.image} alt="" className="h-36 w-full object-cover" />
      ) : (
        <div aria-hidden="true" className="flex h-36 items-center justify-center bg-linear-to-br from-indigo-50 to-violet-50 text-indigo-300">
          <FolderGit2 className="size-10" />
        </div>
      )}
      <div className="flex flex-1 flex-col p-4">
        <h3 className="font-semibold text-slate-900 wrap-anywhere">
          {/* The whole card opens the details; the link-like button carries the name. */}
          <button
            type="button"
            onClick={onOpen}
            className="text-left after:absolute after:inset-0 hover:text-indigo-700 focus-visible:outline-none"
          >
            {project.title}
          </button>
        </h3>
        <p className="mt-1 line-clamp-3 text-sm text-slate-600 wrap-anywhere">{project.description}</p>
        {project.technologies?.length > 0 && (
          <ul className="mt-3 flex flex-wrap gap-1.5" aria-label="Technologies">
            {project.technologies.slice(0, 4).map((t) => (
              <li key={t} className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-700">
                {t}
              </li>
            ))}
            {project.technologies.length > 4 && (
              <li className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-500">+{project.technologies.length - 4}</li>
            )}
          </ul>
        )}
        <div className="mt-auto flex items-center justify-between gap-2 pt-4 text-xs text-slate-500">
          <span className="flex items-center gap-3">
            <span className="inline-flex items-center gap-1">
              <Heart className="size-3.5" aria-hidden="true" />
              {likes}
              <span className="sr-only">{likes === 1 ? 'like' : 'likes'}</span>
            </span>
            <span className="inline-flex items-center gap-1">
              <MessageCircle className="size-3.5" aria-hidden="true" />
              {comments}
              <span className="sr-only">{comments === 1 ? 'comment' : 'comments'}</span>
            </span>
          </span>
          {editable && (
            <span className="relative z-10 flex gap-1">
              <button
                type="button"
                onClick={onEdit}
                aria-label={`Edit ${project.title}`}
                title="Edit project"
                className="rounded-lg p-1.5 text-slate-500 hover:bg-slate-100 hover:text-indigo-600 focus-visible:outline-2 focus-visible:outline-indigo-500"
              >
                <Pencil className="size-4" aria-hidden="true" />
              </button>
              <button
                type="button"
                onClick={onDelete}
                aria-label={`Delete ${project.title}`}
                title="Delete project"
                className="rounded-lg p-1.5 text-slate-500 hover:bg-red-50 hover:text-red-600 focus-visible:outline-2 focus-visible:outline-indigo-500"
              >
                <Trash2 className="size-4" aria-hidden="true" />
              </button>
            </span>
          )}
        </div>
      </div>
    </li>
  );
}
