import type { ReactNode } from 'react';
import type { Hackathon } from '@circuit/shared/api/hackathons';
import { money } from './labels';

export function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id={id} className="mb-3 text-xl font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** HTML the server sanitised (allow-list: no scripts, classes or styles). */
export function RichText({ html }: { html: string }) {
  return <div className="prose-sm max-w-none space-y-2 text-slate-700 [&_a]:text-indigo-600 [&_a]:underline [&_h3]:font-semibold [&_li]:ml-5 [&_ol]:list-decimal [&_ul]:list-disc" dangerouslySetInnerHTML={{ __html: html }} />;
}

export function Prizes({ prizes }: { prizes: Hackathon['prizes'] }) {
  if (!prizes.totalPrizePool && prizes.prizeDetails.length === 0) return <p className="text-slate-600">The organiser has not announced prizes yet.</p>;
  return (
    <>
      {prizes.totalPrizePool > 0 && <p className="mb-3 text-2xl font-bold text-indigo-700">{money(prizes.totalPrizePool, prizes.currency)} in prizes</p>}
      <ul className="grid gap-3 sm:grid-cols-2">
        {prizes.prizeDetails.map((p, i) => (
          <li key={`${p.rank}-${i}`} className="rounded-xl bg-slate-50 p-4">
            <p className="font-semibold text-slate-900">{p.rank}</p>
            {p.amount > 0 && <p className="text-indigo-700">{money(p.amount, prizes.currency)}</p>}
            {p.description && <p className="text-sm text-slate-600">{p.description}</p>}
          </li>
        ))}
      </ul>
    </>
  );
}

export function Faqs({ faqs }: { faqs: Hackathon['faqs'] }) {
  if (faqs.length === 0) return <p className="text-slate-600">No questions yet.</p>;
  return (
    <div className="divide-y divide-slate-200">
      {faqs.map((f, i) => (
        <details key={i} className="group py-3">
          <summary className="cursor-pointer list-none font-medium text-slate-900 marker:hidden">{f.question}</summary>
          <p className="mt-2 whitespace-pre-line text-slate-600">{f.answer}</p>
        </details>
      ))}
    </div>
  );
}

export function Mentors({ mentors }: { mentors: Hackathon['mentors'] }) {
  return (
    <ul className="grid gap-3 sm:grid-cols-2">
      {mentors.map((m, i) => (
        <li key={i} className="rounded-xl bg-slate-50 p-4">
          <p className="font-semibold text-slate-900">{m.linkedin ? <a href={m.linkedin} target="_blank" rel="noopener noreferrer" className="hover:text-indigo-600">{m.name}</a> : m.name}</p>
          {m.tagline && <p className="text-sm text-slate-600">{m.tagline}</p>}
        </li>
      ))}
    </ul>
  );
}
