import { useId, useState, type FormEvent } from 'react';
import { Button } from '../ui/Button';
import { inputClasses } from '../ui/TextField';

/** A ticket's code pasted or typed, for a camera that is refused, absent or cannot read a cracked screen. */
export function TicketCodeForm({ onCode }: { onCode(code: string): void }) {
  const [code, setCode] = useState('');
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return;
    onCode(code.trim());
    setCode('');
  };
  return (
    <form onSubmit={submit} className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        Ticket code
      </label>
      <div className="flex gap-2">
        <input id={id} value={code} onChange={(e) => setCode(e.target.value)} placeholder="CT1.…" autoComplete="off" spellCheck={false} className={`${inputClasses(false)} h-12 min-w-0 flex-1 font-mono`} />
        <Button type="submit" size="lg" variant="secondary" className="shrink-0 px-4!">
          Check
        </Button>
      </div>
    </form>
  );
}
