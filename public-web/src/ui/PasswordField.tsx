import { Eye, EyeOff } from 'lucide-react';
import { forwardRef, useId, useState } from 'react';
import { TextField, type TextFieldProps } from './TextField';

type PasswordFieldProps = Omit<TextFieldProps, 'type' | 'trailing'>;

/**
 * A password input with a show/hide toggle. The toggle's accessible name is "Show" / "Hide" (its tooltip
 * says "Show password"), so that it never competes with the field's own label for "Password".
 */
export const PasswordField = forwardRef<HTMLInputElement, PasswordFieldProps>(function PasswordField(
  { id, ...rest },
  ref,
) {
  const autoId = useId();
  const inputId = id ?? `password-${autoId}`;
  const [visible, setVisible] = useState(false);

  return (
    <TextField
      ref={ref}
      id={inputId}
      type={visible ? 'text' : 'password'}
      autoCapitalize="off"
      spellCheck={false}
      trailing={
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          aria-controls={inputId}
          title={visible ? 'Hide password' : 'Show password'}
          className="rounded-md p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-700 focus-visible:outline-2 focus-visible:outline-indigo-500"
        >
          {visible ? <EyeOff className="size-4" aria-hidden="true" /> : <Eye className="size-4" aria-hidden="true" />}
          <span className="sr-only">{visible ? 'Hide' : 'Show'}</span>
        </button>
      }
      {...rest}
    />
  );
});
