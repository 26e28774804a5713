import { useRef } from 'react';
import { get, useForm, type DefaultValues, type FieldError, type FieldValues, type Resolver } from 'react-hook-form';

/**
 * The listing forms (hackathon, event, quiz): sections change the values by whole top-level keys, and the server's
 * rule list (as a resolver) says what is wrong where. Once a submit has shown the messages, they follow every change.
 */
export function useSectionForm<T extends FieldValues>(defaultValues: DefaultValues<T>, resolver: Resolver<T>) {
  const formRef = useRef<HTMLFormElement>(null);
  const methods = useForm<T>({ defaultValues, resolver, shouldFocusError: false });
  const { getValues, setValue, trigger, watch, formState } = methods;
  const { errors, isSubmitted } = formState;
  const set = (change: (f: T) => T) => {
    const current = getValues();
    const next = change(current);
    for (const k of Object.keys(next) as (keyof T & string)[]) if (next[k] !== current[k]) setValue(k as never, next[k] as never, { shouldDirty: true });
    if (isSubmitted) void trigger();
  };
  /** The message of the rule broken at a field (a dotted path). */
  const error = (path: string) => (get(errors, path) as FieldError | undefined)?.message;
  return { ...methods, form: watch(), set, error, formRef };
}
