import { useState } from 'react';
import type { Announcement } from '@circuit/shared/api/hackathon-announcements';
import type { Sponsor } from '@circuit/shared/api/hackathons';
import { AnnouncementMessages as M } from '@circuit/shared/validation/hackathon-announcements';
import { isApiError, messageOf } from '../../auth/apiClient';
import { notify } from '../../ui/toast';
import { useAnnouncements, useDeleteAnnouncement, useDeleteSponsor, useSaveAnnouncement, useSaveSponsor, useSponsors } from '../announcements/announcementsApi';
import { draftOf, emptyDraft, formOf, type AnnouncementDraft } from './drafts';
import type { SponsorDraft } from './SponsorFormDialog';

/**
 * The admin page's data and actions: the hackathon's announcements and sponsors, the add/edit
 * modals and the delete confirmations. The server decides who may manage (403 otherwise).
 */
export function useAnnouncementsAdmin(username: string, enabled: boolean) {
  const announcements = useAnnouncements(username, enabled);
  const sponsors = useSponsors(username, enabled);
  const hackathon = announcements.data?.hackathon ?? sponsors.data?.hackathon;
  const hackathonId = hackathon?._id ?? '';
  const saveAnnouncement = useSaveAnnouncement(hackathonId);
  const deleteAnnouncement = useDeleteAnnouncement(hackathonId);
  const saveSponsor = useSaveSponsor(hackathonId);
  const deleteSponsor = useDeleteSponsor(hackathonId);

  const [editingAnnouncement, setEditingAnnouncement] = useState<{ id?: string; draft: AnnouncementDraft } | null>(null);
  const [deletingAnnouncement, setDeletingAnnouncement] = useState<Announcement | null>(null);
  const [editingSponsor, setEditingSponsor] = useState<{ sponsor?: Sponsor } | null>(null);
  const [deletingSponsor, setDeletingSponsor] = useState<Sponsor | null>(null);

  const error = announcements.error ?? sponsors.error;
  return {
    hackathon,
    announcements: announcements.data?.announcements ?? [],
    sponsors: sponsors.data?.sponsors ?? [],
    loading: announcements.isPending || sponsors.isPending,
    notFound: isApiError(error) && error.status === 404,
    loadError: error ? messageOf(error, announcements.error ? M.fetchFailed : M.sponsorsFetchFailed) : null,
    retry: () => Promise.all([announcements.refetch(), sponsors.refetch()]),

    editingAnnouncement,
    addAnnouncement: () => setEditingAnnouncement({ draft: emptyDraft() }),
    editAnnouncement: (a: Announcement) => setEditingAnnouncement({ id: a.id, draft: draftOf(a) }),
    closeAnnouncement: () => setEditingAnnouncement(null),
    savingAnnouncement: saveAnnouncement.isPending,
    async saveAnnouncement(draft: AnnouncementDraft, id?: string): Promise<boolean> {
      try {
        await saveAnnouncement.mutateAsync({ id, form: formOf(draft) });
        notify.success(id ? M.updated : M.posted);
        setEditingAnnouncement(null);
        return true;
      } catch (e) {
        notify.error(messageOf(e, M.saveFailed));
        return false;
      }
    },
    deletingAnnouncement,
    askDeleteAnnouncement: setDeletingAnnouncement,
    deletingAnnouncementBusy: deleteAnnouncement.isPending,
    async confirmDeleteAnnouncement() {
      if (!deletingAnnouncement) return;
      try {
        await deleteAnnouncement.mutateAsync(deletingAnnouncement.id);
        notify.success(M.deleted);
        setDeletingAnnouncement(null);
      } catch (e) {
        notify.error(messageOf(e, M.deleteFailed));
      }
    },

    editingSponsor,
    addSponsor: () => setEditingSponsor({}),
    editSponsor: (sponsor: Sponsor) => setEditingSponsor({ sponsor }),
    closeSponsor: () => setEditingSponsor(null),
    savingSponsor: saveSponsor.isPending,
    async saveSponsor(draft: SponsorDraft, id?: string): Promise<boolean> {
      try {
        await saveSponsor.mutateAsync({ id, form: draft });
        notify.success(id ? M.sponsorUpdated : M.sponsorAdded);
        setEditingSponsor(null);
        return true;
      } catch (e) {
        notify.error(messageOf(e, id ? M.updateSponsorFailed : M.addSponsorFailed));
        return false;
      }
    },
    deletingSponsor,
    askDeleteSponsor: setDeletingSponsor,
    deletingSponsorBusy: deleteSponsor.isPending,
    async confirmDeleteSponsor() {
      if (!deletingSponsor) return;
      try {
        await deleteSponsor.mutateAsync(deletingSponsor._id);
        notify.success(M.sponsorDeleted);
        setDeletingSponsor(null);
      } catch (e) {
        notify.error(messageOf(e, M.deleteSponsorFailed));
      }
    },
  };
}
