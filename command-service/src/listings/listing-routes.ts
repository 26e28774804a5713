import { Router, type Request } from 'express';
import type { ZodType } from 'zod';
import { notFound } from '@circuit/shared/commands/domain-errors';
import type { CommandContext } from '@circuit/shared/commands/decider';
import { requireUserId } from '@circuit/shared/http/auth';
import { correlationIdOf } from '@circuit/shared/http/correlation';
import { ok } from '@circuit/shared/http/envelope';
import { answerAccepted } from '../http/accepted';
import { readModelsBehind } from '../http/read-your-writes';

export const ctxOf = (req: Request): CommandContext => ({ userId: req.session.userId, correlationId: correlationIdOf(req) });

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The listing id of `:id`; anything but a UUID is a listing that does not exist. */
export function listingIdOf(req: Request, notFoundMessage: string): string {
  const id = String(req.params.id ?? '');
  if (!UUID.test(id)) throw notFound(notFoundMessage);
  return id.toLowerCase();
}

/** What a write answers with: the listing's id, and its username where the kind has one. */
export interface Written {
  id: string;
  username?: string;
}

/** A kind's listing API: its names, the bodies it takes and the words it answers with (the routes and their description both read it). */
export interface ListingApi<Form, Edit> {
  /**
   * `{ one: 'hackathon', many: 'hackathons' }`: create on `/api/hackathons`, update and delete on
   * `/api/hackathons/:id`, approve and reject on `/api/admin/hackathons/:id/approve|reject`, save (POST)
   * and unsave (DELETE) on `/api/users/save-hackathon/:id`, which answers the id as `hackathonId`.
   */
  names: { one: string; many: string };
  schemas: { create: ZodType<Form>; update: ZodType<Edit>; reject: ZodType<{ reason: string }> };
  messages: { notFound: string; created: string; updated: string; deleted: string; approved: string; rejected: string; saved: string; unsaved: string };
}

export interface ListingRoutesDefinition<Form, Edit> extends ListingApi<Form, Edit> {
  /** Where the written listing will be read, for a 202 answered before the read models caught up. */
  location(written: Written): string;
  /** The kind's use cases: create answers the new id as `<one>Id`, and the username where the kind has one. */
  service: {
    create(userId: string, form: Form, ctx: CommandContext): Promise<Record<string, string>>;
    update(userId: string, id: string, edit: Edit, ctx: CommandContext): Promise<{ username?: string } | void>;
    remove(userId: string, id: string, ctx: CommandContext): Promise<{ username?: string } | void>;
    approve(userId: string, id: string, ctx: CommandContext): Promise<unknown>;
    reject(userId: string, id: string, reason: string, ctx: CommandContext): Promise<unknown>;
    save(userId: string, id: string, saved: boolean, ctx: CommandContext): Promise<void>;
  };
}

/** The listing writes every kind has (spec: create, edit, delete, moderation, saves), answered alike. */
export function listingRoutes<Form, Edit>(def: ListingRoutesDefinition<Form, Edit>, router: Router = Router()): Router {
  const M = def.messages;
  const collection = `/api/${def.names.many}`;
  const admin = `/api/admin/${def.names.many}`;
  const idName = `${def.names.one}Id`;
  const idOf = (req: Request) => listingIdOf(req, M.notFound);
  const body = ({ id, username }: Written) => ({ _id: id, id, ...(username === undefined ? {} : { username }) });

  router.post(collection, async (req, res) => {
    const userId = requireUserId(req);
    const form = def.schemas.create.parse(req.body ?? {});
    const created = await def.service.create(userId, form, ctxOf(req));
    const written = { id: created[idName]!, username: created.username };
    if (readModelsBehind()) return answerAccepted(res, { _id: written.id, id: written.id }, M.created, def.location(written));
    res.status(201).json(ok(body(written), M.created));
  });

  router.put(`${collection}/:id`, async (req, res) => {
    const userId = requireUserId(req);
    const id = idOf(req);
    const edit = def.schemas.update.parse(req.body ?? {});
    const written = { id, ...(await def.service.update(userId, id, edit, ctxOf(req))) };
    if (readModelsBehind()) return answerAccepted(res, { _id: id, id }, M.updated, def.location(written));
    res.json(ok(body(written), M.updated));
  });

  router.delete(`${collection}/:id`, async (req, res) => {
    const userId = requireUserId(req);
    const id = idOf(req);
    const written = { id, ...(await def.service.remove(userId, id, ctxOf(req))) };
    if (readModelsBehind()) return answerAccepted(res, { _id: id, id }, M.deleted);
    res.json(ok(body(written), M.deleted));
  });

  router.post(`${admin}/:id/approve`, async (req, res) => {
    const userId = requireUserId(req);
    const id = idOf(req);
    await def.service.approve(userId, id, ctxOf(req));
    res.json(ok({ _id: id, id, status: 'accepted' as const }, M.approved));
  });

  router.post(`${admin}/:id/reject`, async (req, res) => {
    const userId = requireUserId(req);
    const id = idOf(req);
    const { reason } = def.schemas.reject.parse(req.body ?? {});
    await def.service.reject(userId, id, reason, ctxOf(req));
    res.json(ok({ _id: id, id, status: 'rejected' as const }, M.rejected));
  });

  for (const [method, saved] of [['post', true], ['delete', false]] as const) {
    router[method](`/api/users/save-${def.names.one}/:id`, async (req, res) => {
      const userId = requireUserId(req);
      const id = idOf(req);
      await def.service.save(userId, id, saved, ctxOf(req));
      res.json(ok({ [idName]: id, saved }, saved ? M.saved : M.unsaved));
    });
  }
  return router;
}
