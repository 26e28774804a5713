import { OpenAPIRegistry, OpenApiGeneratorV31, type ResponseConfig, type RouteConfig } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { SESSION_COOKIE } from '../session';
import { AcceptedAnswerSchema, envelopeOf, ErrorAnswerSchema, type EnvelopeOptions } from './envelope';

/**
 * The HTTP contract, built from the zod schemas the routes validate with. Each feature describes
 * its routes in a `*-openapi.ts` module beside them (an `ApiRegistration`); one composition per
 * deployment turns a list of registrations into the OpenAPI 3.1 document (`buildApiDocument`).
 */

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';
export type ErrorStatus = 400 | 401 | 402 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 500 | 503;

type Headers = NonNullable<Extract<ResponseConfig['headers'], Record<string, unknown>>>;

/** A success answer in the envelope. */
export interface EnvelopeAnswer extends EnvelopeOptions {
  status?: 200 | 201;
  description?: string;
  data: z.ZodType;
  headers?: Headers;
}

/** A success answer outside the envelope (the admin dialect's bare records, the document itself, redirects). */
export interface RawAnswer {
  status: 200 | 302;
  description: string;
  /** Absent for a redirect. */
  contentType?: string;
  schema?: z.ZodType;
  headers?: Headers;
}

export interface ApiRoute {
  method: HttpMethod;
  /** OpenAPI style: `/api/users/{id}`. */
  path: string;
  tag: string;
  summary: string;
  description?: string;
  /** `session`: signed in (401 otherwise); `optional`: the answer depends on who asks. */
  auth?: 'session' | 'optional';
  params?: z.ZodObject;
  query?: z.ZodObject;
  /** A JSON body, or a multipart upload of one file field. */
  body?: z.ZodType | { multipart: string; description: string };
  ok: EnvelopeAnswer | RawAnswer;
  /** Domain errors of this route with what they mean here (401 comes with `auth: 'session'`). */
  errors?: Partial<Record<ErrorStatus, string>>;
  /** Per-client or per-user limits: 429 with the RateLimit headers. */
  rateLimited?: boolean;
  /**
   * Writes (POST/PUT/PATCH/DELETE) accept an Idempotency-Key and may answer 202 when the read
   * models have not caught up in time; `false` for the few writes that change no stored state.
   */
  command?: boolean;
}

export type ApiRegistration = (api: ApiContract) => void;

/** A response header: a string unless said otherwise. */
export const header = (description: string, options: { required?: boolean; type?: 'string' | 'integer' } = {}) => ({
  description,
  schema: { type: options.type ?? ('string' as const) },
  ...(options.required ? { required: true } : {}),
});

const RATE_LIMIT_HEADERS: Headers = {
  RateLimit: header('The remaining quota: `limit=5, remaining=0, reset=42` (IETF RateLimit header fields draft)'),
  'RateLimit-Policy': header('The quota policy: `5;w=60` (requests per window of seconds)'),
  'Retry-After': header('Seconds to wait before trying again', { type: 'integer' }),
};

const isRaw = (answer: EnvelopeAnswer | RawAnswer): answer is RawAnswer => !('data' in answer);
const isWrite = (method: HttpMethod) => method !== 'get';

export class ApiContract {
  readonly registry = new OpenAPIRegistry();
  private readonly seen = new Set<string>();
  /** Tag descriptions: what a feature's routes share (rules, behaviour the screens rely on). Markdown. */
  readonly tags = new Map<string, string>();

  /** Describes a group of routes (or something beside HTTP, like the socket channel), in one or more paragraphs; several calls append. */
  tag(name: string, description: string | readonly string[]): void {
    const text = typeof description === 'string' ? description : description.join('\n\n');
    const before = this.tags.get(name);
    this.tags.set(name, before ? `${before}\n\n${text}` : text);
  }

  constructor() {
    this.registry.registerComponent('securitySchemes', 'session', {
      type: 'apiKey',
      in: 'cookie',
      name: SESSION_COOKIE,
      description:
        'The session cookie: http-only, SameSite=Lax, set by a sign-in (a new id each time) and ended by logout or a password change. ' +
        'State-changing requests whose Origin (or Referer) names another site are refused with 403.',
    });
  }

  route(route: ApiRoute): void {
    const key = `${route.method} ${route.path}`;
    if (this.seen.has(key)) throw new Error(`The contract describes ${key} twice`);
    this.seen.add(key);

    const command = route.command ?? isWrite(route.method);
    const errors = new Map<number, string[]>();
    const addError = (status: number, text: string) => errors.set(status, [...(errors.get(status) ?? []), text]);
    for (const [status, text] of Object.entries(route.errors ?? {})) addError(Number(status), text);
    if (route.auth === 'session') addError(401, 'Not signed in');
    // Refused at the edge on every route, before the route's own checks.
    addError(400, 'Text with a NUL character or an unpaired surrogate in the path, query or body');
    if (isWrite(route.method)) {
      addError(403, 'Cross-site request refused (Origin or Referer of another site)');
      addError(415, 'A body that is neither JSON nor, on an upload route, multipart (what a cross-site form sends)');
      addError(429, 'Too many writes from this client address or this user: wait for the time Retry-After gives');
      if (route.body && !('multipart' in route.body)) {
        addError(400, 'Malformed JSON body');
        addError(413, 'Request body is too large');
      }
    }
    if (command) {
      addError(409, 'A request with the same Idempotency-Key is still in progress');
      addError(422, 'The Idempotency-Key was used before with another body');
    }
    if (route.rateLimited) addError(429, 'Too many requests: wait for the time Retry-After gives');

    const responses: RouteConfig['responses'] = {};
    const ok = route.ok;
    if (isRaw(ok)) {
      responses[ok.status] = {
        description: ok.description,
        ...(ok.headers ? { headers: ok.headers } : {}),
        ...(ok.contentType ? { content: { [ok.contentType]: { schema: ok.schema ?? z.string() } } } : {}),
      };
    } else {
      responses[ok.status ?? 200] = {
        description: ok.description ?? (typeof ok.message === 'string' ? ok.message : 'Done'),
        ...(ok.headers ? { headers: ok.headers } : {}),
        content: { 'application/json': { schema: envelopeOf(ok.data, ok) } },
      };
    }
    if (command) {
      responses[202] = {
        description: 'Stored, but the read models have not caught up in time: the change shows shortly (at Location, where the item has a route of its own)',
        headers: { Location: header('Where the created or changed resource will be readable; absent for a deletion or a change without a route to poll', { required: false }) },
        content: { 'application/json': { schema: AcceptedAnswerSchema } },
      };
    }
    for (const [status, texts] of [...errors.entries()].sort(([a], [b]) => a - b)) {
      responses[status] = {
        description: texts.join('; '),
        ...(status === 429 ? { headers: RATE_LIMIT_HEADERS } : {}),
        content: { 'application/json': { schema: ErrorAnswerSchema } },
      };
    }

    const request: NonNullable<RouteConfig['request']> = {};
    if (route.params) request.params = route.params;
    if (route.query) request.query = route.query;
    if (command) {
      request.headers = z.object({
        'Idempotency-Key': z
          .string()
          .max(200)
          .optional()
          .meta({
            description:
              'One key per user action, kept across retries: the same key and body answer the first answer again and change nothing; ' +
              'the same key with another body answers 422, and 409 while the first request is still running.',
          }),
      });
    }
    if (route.body) {
      request.body =
        'multipart' in route.body
          ? {
              required: true,
              content: {
                'multipart/form-data': {
                  schema: z.object({ [route.body.multipart]: z.string().meta({ format: 'binary', description: route.body.description }) }),
                },
              },
            }
          : { required: true, content: { 'application/json': { schema: route.body } } };
    }

    this.registry.registerPath({
      method: route.method,
      path: route.path,
      tags: [route.tag],
      summary: route.summary,
      ...(route.description ? { description: route.description } : {}),
      ...(route.auth === 'session' ? { security: [{ session: [] }] } : route.auth === 'optional' ? { security: [{}, { session: [] }] } : {}),
      request,
      responses,
    });
  }
}

export interface ApiDocumentInfo {
  title?: string;
  version?: string;
  description?: string;
}

/** The OpenAPI 3.1 document of the given registrations. */
export function buildApiDocument(registrations: ApiRegistration[], info: ApiDocumentInfo = {}) {
  const contract = new ApiContract();
  for (const register of registrations) register(contract);
  return new OpenApiGeneratorV31(contract.registry.definitions).generateDocument({
    openapi: '3.1.0',
    tags: [...contract.tags.entries()].map(([name, description]) => ({ name, description })),
    info: {
      title: info.title ?? 'Circuit API',
      version: info.version ?? '1.0.0',
      description:
        info.description ??
        'Every answer is the envelope `{ success, message, data }`; a failure carries a message the UI shows as is and a status that means what it says. ' +
          'Writes accept an `Idempotency-Key` header. The admin API (`/api/admin`) speaks the ra-data-simple-rest dialect instead.',
    },
  });
}
export type ApiDocument = ReturnType<typeof buildApiDocument>;
