import { z } from 'zod';
import type { ApiContract } from '@circuit/shared/http/openapi/contract';
import type { ListingApi } from './listing-routes';

/** What a kind says of its listing writes (listing-routes.ts) in the API document; the routes' shapes are the core's. */
export interface ListingOpenApiDefinition {
  tag: string;
  /** The kind's listing API, as its routes take it. */
  api: ListingApi<unknown, unknown>;
  written: z.ZodObject;
  /** The first broken rule of the form (the 400 of create and edit). */
  rules: string;
  refusals: { notAuthorizedEdit: string; notAuthorizedDelete: string; notStaff: string; approveRejected: string; usernameTaken?: string };
  summaries: { create: string; update: string; remove: string; approve: string; reject: string; save: string; unsave: string };
  /** The tag's description, in paragraphs: what the kind's routes share. */
  about: readonly string[];
}

/** Describes the listing writes every kind has: create, edit, delete, approve, reject, save and unsave. */
export function describeListingRoutes(api: ApiContract, def: ListingOpenApiDefinition): void {
  const { tag, refusals: R, summaries: S } = def;
  const { names, schemas, messages: M } = def.api;
  const collection = `/api/${names.many}`;
  const params = z.object({ id: z.string().meta({ description: `The ${names.one} id (a UUID)` }) });
  const moderated = z.strictObject({ _id: z.string(), id: z.string(), status: z.enum(['accepted', 'rejected']) });
  const saved = z.strictObject({ [`${names.one}Id`]: z.string(), saved: z.boolean() });
  const asked = { tag, auth: 'session' as const };

  api.tag(tag, def.about);

  api.route({ ...asked, method: 'post', path: collection, summary: S.create, body: schemas.create, ok: { status: 201, data: def.written, message: M.created }, errors: { 400: def.rules, ...(R.usernameTaken ? { 409: R.usernameTaken } : {}) } });
  api.route({ ...asked, method: 'put', path: `${collection}/{id}`, summary: S.update, params, body: schemas.update, ok: { data: def.written, message: M.updated }, errors: { 400: def.rules, 403: R.notAuthorizedEdit, 404: M.notFound } });
  api.route({ ...asked, method: 'delete', path: `${collection}/{id}`, summary: S.remove, params, ok: { data: def.written, message: M.deleted }, errors: { 403: R.notAuthorizedDelete, 404: M.notFound } });
  api.route({ ...asked, method: 'post', path: `/api/admin/${names.many}/{id}/approve`, summary: S.approve, params, ok: { data: moderated, message: M.approved }, errors: { 403: R.notStaff, 404: M.notFound, 409: R.approveRejected } });
  api.route({ ...asked, method: 'post', path: `/api/admin/${names.many}/{id}/reject`, summary: S.reject, params, body: schemas.reject, ok: { data: moderated, message: M.rejected }, errors: { 400: 'A reason is required', 403: R.notStaff, 404: M.notFound } });
  for (const [method, message, summary] of [
    ['post', M.saved, S.save],
    ['delete', M.unsaved, S.unsave],
  ] as const) {
    api.route({ ...asked, method, path: `/api/users/save-${names.one}/{id}`, summary, params, ok: { data: saved, message }, errors: { 404: M.notFound } });
  }
}
