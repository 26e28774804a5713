import type { ReactNode } from 'react';
import { useDocumentTitle } from '../ui/useDocumentTitle';

/** A page of plain prose (about, help, contact, terms, privacy): a heading, a date or a lead line, sections. */
export function InfoLayout({ title, lead, children }: { title: string; lead: ReactNode; children: ReactNode }) {
  useDocumentTitle(title);
  return (
    <article className="mx-auto w-full max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
      <p className="mt-4 text-lg text-slate-600">{lead}</p>
      <div className="mt-10 space-y-8 text-slate-700 [&_a]:font-semibold [&_a]:text-indigo-700 [&_a:hover]:underline [&_h2]:text-lg [&_h2]:font-semibold [&_h2]:text-slate-900 [&_li]:mt-1 [&_p]:mt-2 [&_ul]:mt-2 [&_ul]:list-disc [&_ul]:pl-6">
        {children}
      </div>
    </article>
  );
}

/** The address questions go to (the server's SUPPORT_EMAIL; the build may set VITE_SUPPORT_EMAIL to match it). */
export const SUPPORT_EMAIL: string = (import.meta.env.VITE_SUPPORT_EMAIL as string | undefined) ?? 'support@circuit.local';
