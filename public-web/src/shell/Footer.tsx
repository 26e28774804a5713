import { Link } from 'react-router-dom';
import { LogoMark } from '../ui/LogoMark';
import { mainSections } from './sections';

const columns = [
  { title: 'Explore', links: mainSections.map(({ label, to }) => ({ label, to })) },
  {
    title: 'Create',
    links: [
      { label: 'Create', to: '/create' },
      { label: 'Host a hackathon', to: '/create-hackathon' },
      { label: 'Host an event', to: '/create-event' },
      { label: 'Create a quiz', to: '/create-quiz' },
    ],
  },
  {
    title: 'Circuit',
    links: [
      { label: 'About', to: '/about' },
      { label: 'Help', to: '/help' },
      { label: 'Contact', to: '/contact' },
    ],
  },
  {
    title: 'Legal',
    links: [
      { label: 'Privacy', to: '/privacy' },
      { label: 'Terms', to: '/terms' },
    ],
  },
];

export function Footer() {
  return (
    <footer className="border-t border-slate-200 bg-white">
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
        <div className="grid gap-10 lg:grid-cols-[1.4fr_3fr]">
          <div className="max-w-xs">
            <div className="flex items-center gap-2 text-lg font-bold text-slate-900">
              <LogoMark className="size-7" />
              Circuit
            </div>
            <p className="mt-3 text-sm text-slate-600">
              Hackathons, events and quizzes for student developers, and the people you build them with.
            </p>
          </div>
          <nav aria-label="Footer" className="grid grid-cols-2 gap-8 sm:grid-cols-4">
            {columns.map((column) => (
              <div key={column.title}>
                <h2 className="text-sm font-semibold text-slate-900">{column.title}</h2>
                <ul className="mt-3 space-y-2">
                  {column.links.map((link) => (
                    <li key={link.to}>
                      <Link
                        to={link.to}
                        className="rounded-sm text-sm text-slate-600 hover:text-indigo-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500"
                      >
                        {link.label}
                      </Link>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </nav>
        </div>
        <p className="mt-10 border-t border-slate-100 pt-6 text-xs text-slate-500">
          © {new Date().getFullYear()} Circuit. Built for student developers.
        </p>
      </div>
    </footer>
  );
}
