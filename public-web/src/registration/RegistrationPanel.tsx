import type { ReactNode } from 'react';

export interface RegistrationFact {
  label: string;
  value: ReactNode;
}

/** The Registration card beside a listing: its facts (fee, places, dates...) as label and value rows, then the action. */
export function RegistrationPanel({ titleId = 'registration-title', facts, children }: { titleId?: string; facts: readonly (RegistrationFact | false)[]; children?: ReactNode }) {
  return (
    <section aria-labelledby={titleId} className="space-y-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id={titleId} className="text-lg font-semibold text-slate-900">
        Registration
      </h2>
      <dl className="space-y-1 text-sm text-slate-600">
        {facts.map(
          (fact) =>
            fact && (
              <div key={fact.label} className="flex justify-between gap-3">
                <dt>{fact.label}</dt>
                <dd className="font-medium text-slate-900">{fact.value}</dd>
              </div>
            ),
        )}
      </dl>
      {children}
    </section>
  );
}
