import { ArrowRight, Megaphone } from 'lucide-react';
import { Link } from 'react-router-dom';
import { HACKATHON_BOARD_LIMITS } from '@circuit/shared/hackathons/options';
import { plural } from '../../ui/plural';
import { Spinner } from '../../ui/Spinner';
import { plainText } from '../../seo/plainText';
import { PostedOn, TypeBadge } from './AnnouncementCard';
import { useAnnouncements } from './announcementsApi';


/** The detail page's Announcements section: the latest two, and a link to all of them. */
export function LatestAnnouncements({ hackathonId, username }: { hackathonId: string; username: string }) {
  const query = useAnnouncements(hackathonId);
  const latest = (query.data?.announcements ?? []).slice(0, HACKATHON_BOARD_LIMITS.announcementsPreview);
  const total = query.data?.announcements.length ?? 0;
  if (query.isPending) return <Spinner label="Loading announcements..." />;
  return (
    <div className="space-y-3">
      {latest.length === 0 ? (
        <div className="flex items-start gap-3">
          <Megaphone className="mt-0.5 h-5 w-5 shrink-0 text-slate-400" aria-hidden="true" />
          <p className="text-slate-600">No announcements yet. The organiser posts news, schedule changes and results here.</p>
        </div>
      ) : (
        <ul className="space-y-3">
          {latest.map((a) => (
            <li key={a.id} className="rounded-xl bg-slate-50 p-4">
              <div className="flex flex-wrap items-center gap-2">
                <TypeBadge type={a.type} />
                <PostedOn iso={a.createdAt} className="text-xs text-slate-500" />
              </div>
              <h3 className="mt-1 break-words font-semibold text-slate-900">{a.title}</h3>
              <p className="mt-1 line-clamp-2 break-words text-sm text-slate-600">{plainText(a.content)}</p>
            </li>
          ))}
        </ul>
      )}
      <Link to={`/hackathons/${username}/announcements`} className="inline-flex items-center gap-1 text-sm font-medium text-indigo-600 hover:underline">
        {total > 0 ? `View all ${total} ${plural(total, 'announcement', 'announcements')}` : 'All announcements'} <ArrowRight className="size-4" aria-hidden="true" />
      </Link>
    </div>
  );
}
