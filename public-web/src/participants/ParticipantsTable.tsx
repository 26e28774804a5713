import type { ReactNode } from 'react';

export interface ParticipantColumn<T> {
  header: string;
  cell(row: T): ReactNode;
  /** Classes of the cell beyond the padding (colour, wrapping). */
  className?: string;
}

/** The participants table of events and quizzes: one row per registration, the columns each kind chooses; scrolls sideways on a phone. */
export function ParticipantsTable<T extends { _id: string }>({ rows, columns }: { rows: readonly T[]; columns: readonly ParticipantColumn<T>[] }) {
  return (
    // relative: text only screen readers get is positioned absolutely, and would otherwise widen the page from a column scrolled out of view.
    <div className="relative overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm" role="region" aria-label="Participants table" tabIndex={0}>
      <table className="min-w-full divide-y divide-slate-200 text-left text-sm">
        <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-600">
          <tr>
            {columns.map((c) => (
              <th key={c.header} scope="col" className="whitespace-nowrap px-4 py-3 font-semibold">
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => (
            <tr key={row._id} className="align-top">
              {columns.map((c) => (
                <td key={c.header} className={`px-4 py-3 ${c.className ?? ''}`}>
                  {c.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
