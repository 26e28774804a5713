import { useEffect } from 'react';

const PRODUCT = 'Circuit';

/** Sets the tab title ("Sign in · Circuit"); no argument gives the product's own title. */
export function useDocumentTitle(title?: string) {
  useEffect(() => {
    document.title = title ? `${title} · ${PRODUCT}` : `${PRODUCT} — hackathons, events and quizzes for student developers`;
  }, [title]);
}
