import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { HackathonMessages } from '@circuit/shared/hackathons/messages';
import { isApiError, messageOf } from '../auth/apiClient';
import { useAuth } from '../auth/AuthContext';
import { notify } from '../ui/toast';
import { useHackathon, useSavedHackathons, useSaveHackathon } from './hackathonsApi';

/** Native sharing where there is one, else the link goes to the clipboard (spec 2 section 8). */
export async function shareLink(title: string, url = window.location.href) {
  if (navigator.share) {
    await navigator.share({ title, url }).catch(() => undefined);
    return;
  }
  try {
    await navigator.clipboard.writeText(url);
    notify.success('Link copied to clipboard!');
  } catch {
    window.prompt('Copy this link', url);
  }
}

/**
 * The detail screen's data: the listing, where a failed load sends the visitor (404 -> /404, a listing
 * not yet public -> 'Not Available', anything else -> /hackathons), and the save toggle.
 */
export function useHackathonDetail(username: string) {
  const navigate = useNavigate();
  const { user } = useAuth();
  const query = useHackathon(username, true);
  const saved = useSavedHackathons(Boolean(user));
  const save = useSaveHackathon();
  const h = query.data;

  const failure = query.error;
  const notFound = isApiError(failure) && failure.status === 404;
  const notAvailable = isApiError(failure) && failure.status === 403;
  useEffect(() => {
    if (failure && !notFound && !notAvailable) {
      notify.error(messageOf(failure, HackathonMessages.loadFailed));
      navigate('/hackathons', { replace: true });
    }
  }, [failure, notFound, notAvailable, navigate]);

  const isSaved = Boolean(h && saved.data?.some((s) => s.id === h.id));
  const toggleSave = () => {
    if (!h) return;
    if (!user) return notify.error('Please log in to save hackathons');
    save.mutate(
      { hackathon: h, saved: !isSaved },
      {
        onSuccess: (_data, { saved: now }) => notify.success(now ? 'Saved hackathon!' : 'Removed from saved hackathons'),
        onError: () => notify.error('Failed to update hackathon save status'),
      },
    );
  };

  return {
    hackathon: h,
    notFound,
    notAvailable,
    isSaved,
    saving: save.isPending,
    toggleSave,
    canEdit: Boolean(h && user && (user.id === h.createdBy._id || user.role === 'admin')),
  };
}
