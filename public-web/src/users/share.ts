import { notify } from '../ui/toast';
import { profileLink } from './types';

/**
 * Copies a profile's share link (/in/{username}) with 'Profile link copied to clipboard!'; when the
 * clipboard is not available, a prompt shows the link to copy by hand (spec section 8, "Sharing").
 */
export async function copyProfileLink(username: string): Promise<void> {
  const url = profileLink(username);
  try {
    if (!navigator.clipboard?.writeText) throw new Error('No clipboard');
    await navigator.clipboard.writeText(url);
    notify.success('Profile link copied to clipboard!');
  } catch {
    window.prompt('Copy this link:', url);
  }
}
