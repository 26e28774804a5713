import { ExternalLink } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { Hackathon } from '@circuit/shared/api/hackathons';
import { LOCATION_LABELS } from './labels';
import { useDateLabels } from '../ui/useDateLabels';

function AsideCard({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id={id} className="mb-3 text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

export function EventDetails({ hackathon: h }: { hackathon: Hackathon }) {
  const place = [h.location.address, h.location.city, h.location.state, h.location.country].filter(Boolean).join(', ');
  // Only a preview has unset dates.
  const dates = useDateLabels();
  const when = (iso: string) => (iso ? dates.dateTime(iso) : 'Not set yet');
  const rows: [string, string][] = [
    ['Registration closes', when(h.dates.registrationDeadline)],
    ['Starts', when(h.dates.startDate)],
    ['Ends', when(h.dates.endDate)],
    ['Mode', LOCATION_LABELS[h.location.type] ?? h.location.type],
  ];
  if (place) rows.push(['Location', place]);
  return (
    <AsideCard id="details-title" title="Event details">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-slate-500">{label}</dt>
            <dd className="break-words font-medium text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      {h.technologies.length > 0 && (
        <ul className="mt-4 flex flex-wrap gap-1.5" aria-label="Technologies">
          {h.technologies.map((t) => (
            <li key={t} className="rounded-md bg-slate-100 px-2 py-0.5 text-xs text-slate-700">
              {t}
            </li>
          ))}
        </ul>
      )}
    </AsideCard>
  );
}

const SOCIAL: [keyof Hackathon['socialMediaLinks'], string][] = [
  ['website', 'Website'],
  ['linkedin', 'LinkedIn'],
  ['instagram', 'Instagram'],
  ['discord', 'Discord'],
  ['whatsapp', 'WhatsApp'],
];

/** Who runs it: the organisation, the host's profile (/in/{username}) and the listing's links. */
export function Organiser({ hackathon: h }: { hackathon: Hackathon }) {
  const host = `${h.createdBy.firstName} ${h.createdBy.lastName}`.trim() || h.createdBy.username;
  const links = SOCIAL.filter(([key]) => h.socialMediaLinks[key]);
  const website = h.organization.website;
  return (
    <AsideCard id="organiser-title" title="Organiser">
      <div className="flex items-center gap-3">
        {h.organization.logo && <img src={h.organization.logo} alt="" className="h-10 w-10 shrink-0 rounded-lg object-cover" />}
        <div className="min-w-0">
          {website ? (
            <a href={website} target="_blank" rel="noopener noreferrer" className="break-words font-medium text-slate-900 hover:text-indigo-600 hover:underline">
              {h.organization.name}
            </a>
          ) : (
            <p className="break-words font-medium text-slate-900">{h.organization.name || 'Organisation not named yet'}</p>
          )}
          {h.createdBy.username && (
            <p className="text-sm text-slate-600">
              Hosted by{' '}
              <Link to={`/in/${h.createdBy.username}`} className="font-medium text-indigo-600 hover:underline">
                {host}
              </Link>
            </p>
          )}
        </div>
      </div>
      {links.length > 0 && (
        <ul className="mt-4 flex flex-wrap gap-2" aria-label="Links">
          {links.map(([key, label]) => (
            <li key={key}>
              <a href={h.socialMediaLinks[key]} target="_blank" rel="noopener noreferrer" className="inline-flex items-center gap-1 rounded-full border border-slate-200 px-3 py-1 text-sm text-slate-700 hover:border-indigo-300 hover:text-indigo-700">
                {label}
                <ExternalLink className="h-3.5 w-3.5" aria-hidden="true" />
              </a>
            </li>
          ))}
        </ul>
      )}
    </AsideCard>
  );
}
