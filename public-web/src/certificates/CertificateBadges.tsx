import { Award, Medal } from 'lucide-react';
import { Link } from 'react-router-dom';
import { badgeLabel } from '@circuit/shared/certificates/wording';
import { Card } from '../ui/Card';
import { useCertificateBadges, verifyPath } from './certificatesApi';

/**
 * A profile's certificate badges: each earned, unrevoked certificate, linking to its verification page.
 * Nothing at all while loading, on a failure, or when there are none (the holder may have hidden them),
 * so a profile without certificates looks as it did.
 */
export function CertificateBadges({ userId }: { userId: string }) {
  const badges = useCertificateBadges(userId);
  const list = badges.data?.badges ?? [];
  if (list.length === 0) return null;
  return (
    <Card className="p-5 sm:p-6">
      <section aria-labelledby="card-certificates">
        <h2 id="card-certificates" className="mb-3 text-lg font-semibold text-slate-900">
          Certificates
        </h2>
        <ul className="flex flex-wrap gap-2">
          {list.map((b) => {
            const Icon = b.kind === 'achievement' ? Medal : Award;
            return (
              <li key={b.certificateId}>
                <Link
                  to={verifyPath(b.certificateId)}
                  className={`inline-flex max-w-full items-center gap-2 rounded-full px-3 py-1.5 text-sm ring-1 ring-inset hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600 ${b.kind === 'achievement' ? 'bg-amber-50 text-amber-900 ring-amber-200' : 'bg-indigo-50 text-indigo-800 ring-indigo-100'}`}
                >
                  <Icon className="size-4 shrink-0" aria-hidden="true" />
                  <span className="truncate">
                    <span className="font-semibold">{badgeLabel(b)}</span> · {b.listingTitle}
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      </section>
    </Card>
  );
}
