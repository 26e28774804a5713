import { z } from 'zod';
import { isTimeZone } from '../time/format';

/**
 * The organiser's time zone, sent by the create and edit forms from the browser: mails about the
 * listing name their times in it. Optional, so a client that does not send it is not refused.
 */
export const TimeZoneSchema = z
  .string()
  .trim()
  .refine(isTimeZone, 'Unknown time zone')
  .meta({ description: "The organiser's IANA time zone (e.g. 'Asia/Kolkata'); mails about the listing give its times in it" });
