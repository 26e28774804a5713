import { ArrowLeft, ExternalLink, LockKeyhole, Megaphone, Pencil, Plus, Trash2 } from 'lucide-react';
import { Link, useParams } from 'react-router-dom';
import { LoginButtonLink } from '../../auth/LoginLinks';
import { useAuth } from '../../auth/AuthContext';
import { Button, ButtonLink } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { EmptyState, StateScreen } from '../../ui/EmptyState';
import { PageSpinner } from '../../ui/Spinner';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { AnnouncementCard } from '../announcements/AnnouncementCard';
import { AnnouncementFormDialog } from './AnnouncementFormDialog';
import { SponsorFormDialog } from './SponsorFormDialog';
import { SponsorsManager } from './SponsorsManager';
import { useAnnouncementsAdmin } from './useAnnouncementsAdmin';

/** /admin/hackathons/{username}/announcements: the organiser's announcements and sponsors (spec 3, "Hackathon announcements and sponsors admin"). */
export function AnnouncementsAdminPage() {
  const { username = '' } = useParams();
  const { state } = useAuth();
  const admin = useAnnouncementsAdmin(username, state.status === 'authenticated');
  useDocumentTitle(admin.hackathon ? `Manage announcements · ${admin.hackathon.title}` : 'Manage announcements');

  if (state.status === 'loading') return <PageSpinner />;
  if (state.status === 'unauthenticated') {
    return (
      <StateScreen icon={<LockKeyhole className="size-7" aria-hidden="true" />} title="Authentication Required" actions={<LoginButtonLink>Go to Login</LoginButtonLink>}>
        Please sign in to manage announcements.
      </StateScreen>
    );
  }
  if (admin.notFound) {
    return (
      <StateScreen title="Hackathon not found" actions={<ButtonLink to="/admin/hackathons">Back to My Hackathons</ButtonLink>}>
        There is no hackathon at this address.
      </StateScreen>
    );
  }
  if (admin.loadError) {
    return (
      <StateScreen title={admin.loadError} actions={<Button onClick={() => void admin.retry()}>Try again</Button>}>
        Please check your connection and try again.
      </StateScreen>
    );
  }
  if (admin.loading || !admin.hackathon) return <PageSpinner label="Loading announcements..." />;
  const h = admin.hackathon;
  if (!h.canManage) {
    return (
      <StateScreen icon={<LockKeyhole className="size-7" aria-hidden="true" />} title="You are not authorized to manage this hackathon" actions={<ButtonLink to={`/hackathons/${h.username}`}>View Hackathon</ButtonLink>}>
        Only the hackathon’s creator or an admin can manage its announcements and sponsors.
      </StateScreen>
    );
  }

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-6 sm:px-6 sm:py-8">
      <Link to="/admin/hackathons" className="inline-flex items-center gap-1.5 text-sm font-medium text-indigo-600 hover:underline">
        <ArrowLeft className="size-4" aria-hidden="true" /> Back to My Hackathons
      </Link>
      <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Announcements and Sponsors</h1>
          <p className="mt-1 break-words text-slate-600">{h.title}</p>
        </div>
        <ButtonLink to={`/hackathons/${h.username}/announcements`} variant="secondary" size="sm">
          <ExternalLink className="size-4" aria-hidden="true" /> Public page
        </ButtonLink>
      </div>

      <section aria-labelledby="announcements-heading" className="mt-6 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="announcements-heading" className="text-xl font-semibold text-slate-900">
            Announcements
          </h2>
          <Button size="sm" onClick={admin.addAnnouncement}>
            <Plus className="size-4" aria-hidden="true" /> Add Announcement
          </Button>
        </div>
        {admin.announcements.length === 0 ? (
          <EmptyState icon={<Megaphone className="size-6" aria-hidden="true" />} title="No announcements yet">
            Post news, schedule changes and results. Registered participants are notified of each one.
          </EmptyState>
        ) : (
          <div className="mt-4 space-y-4">
            {admin.announcements.map((a) => (
              <AnnouncementCard
                key={a.id}
                announcement={a}
                headingLevel="h3"
                actions={
                  <>
                    <Button variant="secondary" size="sm" onClick={() => admin.editAnnouncement(a)}>
                      <Pencil className="size-4" aria-hidden="true" /> Edit<span className="sr-only"> {a.title}</span>
                    </Button>
                    <Button variant="ghost" size="sm" className="text-red-600" onClick={() => admin.askDeleteAnnouncement(a)}>
                      <Trash2 className="size-4" aria-hidden="true" /> Delete<span className="sr-only"> {a.title}</span>
                    </Button>
                  </>
                }
              />
            ))}
          </div>
        )}
      </section>

      <div className="mt-6">
        <SponsorsManager sponsors={admin.sponsors} onAdd={admin.addSponsor} onEdit={admin.editSponsor} onDelete={admin.askDeleteSponsor} />
      </div>

      <AnnouncementFormDialog editing={admin.editingAnnouncement} saving={admin.savingAnnouncement} onClose={admin.closeAnnouncement} onSave={admin.saveAnnouncement} />
      <SponsorFormDialog editing={admin.editingSponsor} saving={admin.savingSponsor} onClose={admin.closeSponsor} onSave={admin.saveSponsor} />
      <ConfirmDialog
        open={admin.deletingAnnouncement !== null}
        title="Delete this announcement?"
        message={admin.deletingAnnouncement ? `“${admin.deletingAnnouncement.title}” will be removed for everyone.` : undefined}
        confirmLabel="Delete"
        tone="danger"
        loading={admin.deletingAnnouncementBusy}
        onConfirm={() => void admin.confirmDeleteAnnouncement()}
        onCancel={() => admin.askDeleteAnnouncement(null)}
      />
      <ConfirmDialog
        open={admin.deletingSponsor !== null}
        title="Delete this sponsor?"
        message={admin.deletingSponsor ? `${admin.deletingSponsor.name} will be removed from the hackathon’s page.` : undefined}
        confirmLabel="Delete"
        tone="danger"
        loading={admin.deletingSponsorBusy}
        onConfirm={() => void admin.confirmDeleteSponsor()}
        onCancel={() => admin.askDeleteSponsor(null)}
      />
    </div>
  );
}
