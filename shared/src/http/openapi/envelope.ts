import { z } from 'zod';

/**
 * The spec's envelope `{ success, message, data }` as schemas. Every object is strict, so an
 * answer carrying a field the contract does not name fails the HTTP tests.
 */

export interface EnvelopeOptions {
  /** `undefined`: the answer has no message; `true`: some message; a string: that message, as the example. */
  message?: true | string;
  /** Fields beside `data` that a few answers of the spec carry (`unreadCount`, `hasMore`). */
  extra?: z.ZodRawShape;
}

export function envelopeOf(data: z.ZodType, options: EnvelopeOptions = {}) {
  const message = options.message === undefined ? {} : { message: typeof options.message === 'string' ? z.string().meta({ example: options.message }) : z.string() };
  return z.strictObject({ success: z.literal(true), ...message, data, ...options.extra });
}

export const FieldErrorSchema = z
  .strictObject({ field: z.string().meta({ description: 'Dotted path of the field, empty for the whole body' }), message: z.string() })
  .meta({ id: 'FieldError' });

/** Every 4xx (and 5xx) answer: a message the UI shows as is. */
export const ErrorAnswerSchema = z
  .strictObject({
    success: z.literal(false),
    message: z.string().meta({ description: 'Shown to the user as is' }),
    errors: z.array(FieldErrorSchema).optional().meta({ description: 'Every failing field of a 400' }),
    data: z.unknown().optional().meta({ description: 'What the client may act on, e.g. the e-mail address still to verify' }),
  })
  .meta({ id: 'ErrorAnswer' });
export type ErrorAnswer = z.infer<typeof ErrorAnswerSchema>;

/** A write whose effect was stored but is not readable yet (read-your-writes wait ran out). */
export const AcceptedAnswerSchema = z
  .strictObject({
    success: z.literal(true),
    message: z.string(),
    data: z.strictObject({
      id: z.string().meta({ description: 'The id of what the request created or changed' }),
      _id: z.string().optional().meta({ description: 'The same id, where the 200 answer of the route names it `_id`' }),
      commentId: z.string().optional().meta({ description: 'A new comment or reply: its id (`id` is its project)' }),
    }),
  })
  .meta({ id: 'AcceptedAnswer' });
export type AcceptedAnswer = z.infer<typeof AcceptedAnswerSchema>;
