import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { ApiDocument } from '@circuit/shared/http/openapi/contract';
import { buildCircuitApiDocument } from '../api-document';

/**
 * Checks HTTP answers against the OpenAPI document: the status must be one the operation
 * documents, a JSON body must match that status's schema (objects are strict, so an undocumented
 * field fails), and the headers it marks required must be there. The HTTP tests run every answer
 * they receive through it (see test-app.ts), so the document cannot drift from the routes.
 */

// ajv-formats is CommonJS with a default export; under ESM interop it may arrive wrapped.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule) as typeof addFormatsModule;

export interface AnswerLike {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
}

interface Operation {
  template: string;
  params: number;
  regex: RegExp;
  methods: Set<string>;
}

type ResponseObject = {
  content?: Record<string, { schema?: unknown }>;
  headers?: Record<string, { required?: boolean }>;
};

const DOC_ID = 'openapi.json';
const pointerSegment = (s: string) => encodeURIComponent(s.replace(/~/g, '~0').replace(/\//g, '~1'));

export class ContractChecker {
  private readonly ajv = new Ajv2020({ strict: false, allErrors: true });
  private readonly operations: Operation[];
  private readonly validators = new Map<string, ValidateFunction>();

  constructor(readonly document: ApiDocument) {
    addFormats(this.ajv);
    this.ajv.addSchema(document as object, DOC_ID);
    this.operations = Object.entries(document.paths ?? {}).map(([template, item]) => ({
      template,
      params: (template.match(/\{/g) ?? []).length,
      regex: new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`),
      methods: new Set(Object.keys(item as object)),
    }));
  }

  /** The documented path template a request goes to: the most literal one that has the method. */
  match(method: string, url: string): string | undefined {
    const path = new URL(url, 'http://x').pathname;
    // Express answers HEAD with its GET route (without the body).
    const m = method.toLowerCase() === 'head' ? 'get' : method.toLowerCase();
    const found = this.operations.filter((o) => o.methods.has(m) && o.regex.test(path)).sort((a, b) => a.params - b.params)[0];
    return found?.template;
  }

  private validator(template: string, method: string, status: string, mediaType: string): ValidateFunction {
    const key = `${template} ${method} ${status} ${mediaType}`;
    let validate = this.validators.get(key);
    if (!validate) {
      const pointer = ['paths', template, method, 'responses', status, 'content', mediaType, 'schema'].map(pointerSegment).join('/');
      validate = this.ajv.compile({ $ref: `${DOC_ID}#/${pointer}` });
      this.validators.set(key, validate);
    }
    return validate;
  }

  /** What is wrong with this answer to `method url` by the document; empty when nothing. */
  problems(method: string, url: string, answer: AnswerLike): string[] {
    let path: string;
    try {
      path = new URL(url, 'http://x').pathname;
    } catch {
      return []; // Not a URL a client could send (the fuzz's own garbage): nothing to check.
    }
    if (!path.startsWith('/api/')) return [];
    const m = method.toLowerCase() === 'head' ? 'get' : method.toLowerCase();
    const template = this.match(m, url);
    if (!template) {
      // Not a route: the API's catch-all 404 is the only right answer.
      if (answer.status === 404 && this.errorShape(answer.body)) return [];
      return [`${method.toUpperCase()} ${path} is not in the document, yet answered ${answer.status}`];
    }
    const operation = (this.document.paths?.[template] as Record<string, { responses?: Record<string, ResponseObject> }>)[m];
    const response = operation?.responses?.[String(answer.status)];
    if (!response) {
      return [`${m.toUpperCase()} ${template} answered ${answer.status}, which the document does not list (${Object.keys(operation?.responses ?? {}).join(', ')})`];
    }
    const problems: string[] = [];
    for (const [name, header] of Object.entries(response.headers ?? {})) {
      if (header.required && answer.headers[name.toLowerCase()] === undefined) problems.push(`header ${name} is required but missing`);
    }
    if (method.toLowerCase() === 'head') return problems;
    const contentType = String(answer.headers['content-type'] ?? '');
    const mediaTypes = Object.keys(response.content ?? {});
    if (mediaTypes.length === 0) return problems;
    const mediaType = mediaTypes.find((t) => contentType.startsWith(t));
    if (!mediaType) return [...problems, `content type "${contentType}" is not one of ${mediaTypes.join(', ')}`];
    if (mediaType !== 'application/json') return problems;
    const validate = this.validator(template, m, String(answer.status), mediaType);
    if (!validate(answer.body)) {
      for (const error of validate.errors ?? []) {
        const extra = 'additionalProperty' in error.params ? ` "${String(error.params.additionalProperty)}"` : '';
        problems.push(`body${error.instancePath} ${error.message ?? 'is invalid'}${extra}`);
      }
    }
    return problems;
  }

  private errorShape(body: unknown): boolean {
    const validate = this.ajv.getSchema(`${DOC_ID}#/components/schemas/ErrorAnswer`);
    return validate ? Boolean(validate(body)) : false;
  }

  /** Throws when the answer breaks the contract, naming what and showing the body. */
  assertAnswer(method: string, url: string, answer: AnswerLike): void {
    const problems = this.problems(method, url, answer);
    if (problems.length === 0) return;
    const body = JSON.stringify(answer.body);
    throw new Error(
      `The answer to ${method.toUpperCase()} ${url} (${answer.status}) breaks the API contract:\n  - ${problems.join('\n  - ')}\n  body: ${body && body.length > 600 ? `${body.slice(0, 600)}...` : body}`,
    );
  }
}

let shared: ContractChecker | undefined;
/** One checker of the composed app's document per test file. */
export function contractChecker(): ContractChecker {
  shared ??= new ContractChecker(buildCircuitApiDocument());
  return shared;
}
