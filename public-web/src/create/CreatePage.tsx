import { ArrowRight, LayoutDashboard } from 'lucide-react';
import { Link } from 'react-router-dom';
import { hostPromoteLinks } from '../shell/navigation';
import { useDocumentTitle } from '../ui/useDocumentTitle';

/** /create (the footer's Create): the three create forms to choose from, and the dashboard where hosted listings are managed. */
export function CreatePage() {
  useDocumentTitle('Create');
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-12 sm:px-6 lg:px-8">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">What would you like to create?</h1>
      <p className="mt-2 text-slate-600">Each listing is reviewed by our moderators before it goes live, usually within 24 to 48 hours.</p>
      <ul className="mt-8 grid gap-4 md:grid-cols-3">
        {hostPromoteLinks.map((link) => (
          <li key={link.to}>
            <Link
              to={link.to}
              className="group flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition hover:-translate-y-0.5 hover:border-indigo-300 hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500"
            >
              <span className="flex size-11 items-center justify-center rounded-xl bg-indigo-50 text-indigo-600 [&>svg]:size-5">{link.icon}</span>
              <span className="mt-4 text-lg font-semibold text-slate-900 group-hover:text-indigo-700">{link.label}</span>
              <span className="mt-1 flex-1 text-sm text-slate-600">{link.description}</span>
              <span className="mt-4 inline-flex items-center gap-1 text-sm font-medium text-indigo-600" aria-hidden="true">
                Start <ArrowRight className="size-4" />
              </span>
            </Link>
          </li>
        ))}
      </ul>
      <p className="mt-10 flex flex-wrap items-center gap-2 text-sm text-slate-600">
        <LayoutDashboard className="size-4 text-slate-500" aria-hidden="true" />
        Already hosting?
        <Link to="/dashboard" className="font-medium text-indigo-600 hover:underline">
          Manage your listings in the Organiser&apos;s Dashboard
        </Link>
      </p>
    </div>
  );
}
