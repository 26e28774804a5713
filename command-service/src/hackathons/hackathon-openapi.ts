import type { ApiRegistration } from '@circuit/shared/http/openapi/contract';
import { HackathonWrittenSchema } from '@circuit/shared/api/hackathons';
import { HackathonMessages as M } from '@circuit/shared/validation/hackathons';
import { describeListingRoutes } from '../listings/listing-openapi';
import { ModerationMessages } from './hackathon-decider';
import { hackathonListingApi } from './hackathon-routes';

const tag = 'Hackathons';
const RULES = 'The first broken rule of spec 2 section 5, in the spec’s order (e.g. ‘Title is required’, ‘End date must be after start date’)';

/** hackathon-routes.ts: the listing writes and their moderation. */
export const hackathonOpenApi: ApiRegistration = (api) =>
  describeListingRoutes(api, {
    tag,
    api: hackathonListingApi,
    written: HackathonWrittenSchema,
    rules: RULES,
    refusals: { ...ModerationMessages, notAuthorizedEdit: M.notAuthorizedEdit, notAuthorizedDelete: ModerationMessages.notAllowedDelete, usernameTaken: M.usernameTaken },
    summaries: {
      create: 'Host a hackathon (pending until reviewed, within 24 to 48 hours)',
      update: 'Edit a hackathon (its creator or an admin)',
      remove: 'Delete a hackathon (its creator or an admin); its username becomes free',
      approve: 'Approve a hackathon: it becomes public (moderators and admins)',
      reject: 'Reject a hackathon with a reason the organiser sees (moderators and admins)',
      save: 'Save a hackathon (accepted ones only); saving twice records nothing',
      unsave: 'Remove a hackathon from your saved items',
    },
    about: [
      'A new hackathon is `pending` until a moderator or admin approves it; only accepted hackathons are listed and public (others answer 403 ‘Not Available’ to everyone but their creator, admins and moderators).',
      'The form is the whole listing (`PUT` replaces it); empty numbers count as 0; `description` and `eligibilityCriteria` are HTML, sanitised by the server; the username is locked after creation. The username check is `GET /api/hackathons/check-username/{username}`.',
    ],
  });
