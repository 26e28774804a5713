import { toNestErrors } from '@hookform/resolvers';
import type { FieldError, FieldValues, Resolver } from 'react-hook-form';

/** Moves focus to the first invalid control of a form, after React has rendered the errors. */
export function focusFirstInvalid(form: HTMLFormElement | null) {
  if (!form) return;
  requestAnimationFrame(() => {
    const target = form.querySelector<HTMLElement>('[aria-invalid="true"]');
    target?.focus();
  });
}

/**
 * A form resolver fetched on its first use. The shared zod schemas bring zod (24 KB gzipped) with them;
 * the sign-in pages are among the first a visitor loads, so their rules arrive with the first check
 * (a submit) rather than with the page. `warm` starts the download early, on the first keystroke.
 */
export function lazyResolver<T extends FieldValues, C = unknown, O = T>(load: () => Promise<Resolver<T, C, O>>) {
  let loaded: Promise<Resolver<T, C, O>> | undefined;
  const get = () => (loaded ??= load());
  const resolver: Resolver<T, C, O> = async (values, context, options) => (await get())(values, context, options);
  return { resolver, warm: () => void get().catch(() => (loaded = undefined)) };
}

/**
 * A resolver from a list of broken rules, each with its field's dotted path (the shared `*RuleIssues`
 * functions the server answers with): the first message per field goes to that field.
 */
export function issuesResolver<T extends FieldValues>(issuesOf: (values: T) => readonly { path: string; message: string }[]): Resolver<T> {
  return (values, _context, options) => {
    const errors: Record<string, FieldError> = {};
    for (const { path, message } of issuesOf(values)) errors[path] ??= { type: 'rule', message };
    return Object.keys(errors).length ? { values: {}, errors: toNestErrors(errors, options) } : { values, errors: {} };
  };
}
