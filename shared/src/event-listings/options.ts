/** Event enumerations and constants of spec 2 section 9 (the event side). */
export const EVENT_TYPES = ['College_fests', 'conference', 'workshop', 'meetup', 'webinar', 'competition', 'exhibition', 'seminar', 'other'] as const;
export type EventType = (typeof EVENT_TYPES)[number];

export const EVENT_CATEGORIES = ['technology', 'business', 'education', 'healthcare', 'environment', 'social', 'entertainment', 'sports', 'other'] as const;
export type EventCategory = (typeof EVENT_CATEGORIES)[number];

export const EVENT_PRICING_TYPES = ['free', 'paid', 'donation'] as const;
export type EventPricingType = (typeof EVENT_PRICING_TYPES)[number];

export const EVENT_LIMITS = {
  listPage: 12,
  featured: 8,
  shortDescriptionMax: 200,
  usernameMin: 3,
  usernameMax: 30,
  /** A waitlisted user offered a freed place has this long to confirm (and pay). */
  offerHoldMs: 24 * 60 * 60 * 1000,
  /** A paid registration holds its place this long while its payment is due. */
  paymentHoldMs: 30 * 60 * 1000,
  cardSkills: 3,
} as const;

/** The registration modal's required fields, in the order the message lists them. */
export const REGISTRATION_FIELDS = ['firstName', 'lastName', 'college', 'course', 'branch', 'collegeYear', 'country', 'state', 'mobile'] as const;
export type RegistrationField = (typeof REGISTRATION_FIELDS)[number];
