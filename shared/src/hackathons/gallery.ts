/**
 * Cards on a hackathon's gallery page unless `limit` says otherwise. Apart from the API's zod schemas
 * so that the public pages' first load (a hackathon's page, a profile) does not carry zod for a number.
 */
export const GALLERY_PAGE_SIZE = 24;
