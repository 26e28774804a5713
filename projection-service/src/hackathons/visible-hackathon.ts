import type { Request } from 'express';
import type { Knex } from 'knex';
import { findHackathonRow, mayManage, organiserIsActive } from '@circuit/shared/read-models/hackathons';
import type { HackathonContent } from '@circuit/shared/events/hackathons';
import { HackathonMessages as M, usernameViolation } from '@circuit/shared/validation/hackathons';
import { contentOf, listingKeyOf, visibleListing, type ListingKey } from '../listings/listing-access';

/**
 * Who sees a hackathon: everyone once it is accepted and its organiser is not suspended; its
 * creator, admins and moderators always.
 */
export const hackathonVisibility = (knex: Knex) => ({
  find: (key: ListingKey) => findHackathonRow(knex, key),
  isPublic: async (row: { status: string; created_by: string }) => row.status === 'accepted' && (await organiserIsActive(knex, row.created_by)),
  mayManage,
  messages: M,
  coHostKind: 'hackathon' as const,
});

/**
 * The hackathon of `/api/hackathons/{id}/...` (its id or its username; or `key`), as the detail
 * answers it: 404 when there is none, 403 'Not Available' when it is not public and the viewer is
 * not its creator, a manager co-host, an admin or a moderator. `canManage`: its creator, a manager co-host or an admin
 * (announcements, sponsors, judging).
 */
export async function visibleHackathon(knex: Knex, req: Request, key = listingKeyOf(String(req.params.id ?? ''), usernameViolation)) {
  const { row, viewer, isPublic } = await visibleListing(knex, req, key, hackathonVisibility(knex));
  return {
    row,
    viewer,
    /** Public to everyone: one cached answer can serve every anonymous visitor. */
    isPublic,
    summary: { _id: row.id, username: row.username, title: contentOf<HackathonContent>(row).title, canManage: viewer.userId === row.created_by || viewer.role === 'admin' || viewer.coHost === 'manager' },
  };
}
