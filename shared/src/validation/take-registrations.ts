import { z } from 'zod';

/** How a listing stores the registration agreement (spec 2 section 3): 'pending' once ticked, 'true' once the platform agreed. */
export const TAKE_REGISTRATIONS_STATES = ['false', 'pending', 'true'] as const;

/**
 * The agreement in a create or update body: the form's checkbox (a boolean) or the spec's stored
 * string, so a client written from the spec's data model is not refused. Ticked ('pending' or
 * 'true') asks the platform to take registrations; the server stores 'pending' either way, as an
 * organiser cannot approve their own listing.
 */
export const TakeRegistrationsInputSchema = z
  .union([z.boolean(), z.enum(TAKE_REGISTRATIONS_STATES)])
  .default(false)
  .transform((v) => v === true || v === 'pending' || v === 'true')
  .meta({ description: "The registration agreement: true or 'pending' (or 'true') ticks it, false or 'false' leaves it unticked" });
