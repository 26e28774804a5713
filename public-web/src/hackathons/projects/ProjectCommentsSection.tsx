import { lazy, Suspense, useEffect, useState } from 'react';
import type { ProjectDetail } from '@circuit/shared/api/hackathon-projects';
import { Spinner } from '../../ui/Spinner';
import { Section } from '../DetailSections';

const ProjectComments = lazy(async () => ({ default: (await import('./ProjectComments')).ProjectComments }));

export function CommentsLoading() {
  return (
    <div role="status" className="mt-4 flex items-center gap-2 text-sm text-slate-500">
      <Spinner /> Loading comments...
    </div>
  );
}

/**
 * The comments of the project page. The thread and its forms come in their own chunk once the page is
 * in the browser (after hydration, so the server's HTML and the first render in the browser agree).
 */
export function ProjectCommentsSection({ hackathon, project }: { hackathon: string; project: ProjectDetail }) {
  const [shown, setShown] = useState(false);
  useEffect(() => setShown(true), []);
  return (
    <Section id="project-comments" title={`Comments (${project.counts.comments})`}>
      {shown ? (
        <Suspense fallback={<CommentsLoading />}>
          <ProjectComments hackathon={hackathon} projectId={project.id} />
        </Suspense>
      ) : (
        <CommentsLoading />
      )}
    </Section>
  );
}
