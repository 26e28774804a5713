import clsx from 'clsx';
import { SendHorizontal, X } from 'lucide-react';
import { useEffect, useState, type RefObject } from 'react';
import { COMMUNITY_MESSAGE_MAX_LENGTH, type CommunityMessage } from '@circuit/shared/api/community';
import { Button } from '../ui/Button';
import { authorName } from './communityState';

export type ComposerTarget = { kind: 'reply'; message: CommunityMessage } | { kind: 'edit'; message: CommunityMessage } | null;

interface Props {
  target: ComposerTarget;
  onCancelTarget(): void;
  /** Sends (or saves an edit); resolves true once done, when the field empties. */
  onSubmit(text: string): Promise<boolean>;
  busy: boolean;
  inputRef: RefObject<HTMLTextAreaElement | null>;
}

/**
 * The message field: Enter sends, Shift+Enter starts a new line, blank text cannot be sent. Above it,
 * the message being answered or edited, with a way to cancel (also Escape in the field).
 */
export function CommunityComposer({ target, onCancelTarget, onSubmit, busy, inputRef }: Props) {
  const [text, setText] = useState('');
  const editing = target?.kind === 'edit';
  useEffect(() => {
    if (target?.kind === 'edit') setText(target.message.message);
    if (target) inputRef.current?.focus();
  }, [target, inputRef]);

  const canSend = !busy && text.trim().length > 0;
  const submit = async () => {
    if (!canSend) return;
    if (await onSubmit(text)) setText('');
  };
  const cancel = () => {
    if (editing) setText('');
    onCancelTarget();
  };

  return (
    <div className="w-full">
      {target && (
        <div className="mb-2 flex items-start gap-2 rounded-lg border-l-4 border-indigo-400 bg-indigo-50 px-3 py-2 text-sm">
          <p className="min-w-0 flex-1 text-slate-700">
            <span className="font-semibold">{editing ? 'Editing your message' : `Replying to ${authorName(target.message.user)}`}</span>
            <span className="block truncate text-slate-600">{target.message.message}</span>
          </p>
          <button type="button" onClick={cancel} className="rounded p-1 text-slate-500 hover:bg-indigo-100 focus-visible:outline-2 focus-visible:outline-indigo-500">
            <X className="size-4" aria-hidden="true" />
            <span className="sr-only">{editing ? 'Cancel edit' : 'Cancel reply'}</span>
          </button>
        </div>
      )}
      <form
        className="flex items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <textarea
          ref={inputRef}
          aria-label="Message the community"
          placeholder="Type a message..."
          value={text}
          rows={1}
          maxLength={COMMUNITY_MESSAGE_MAX_LENGTH}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Escape' && target) {
              event.preventDefault();
              event.stopPropagation();
              cancel();
              return;
            }
            if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
            event.preventDefault();
            void submit();
          }}
          className={clsx(
            'field-sizing-content max-h-32 min-h-10 min-w-0 flex-1 resize-none rounded-xl border-0 bg-slate-100 px-3.5 py-2.5 text-sm text-slate-900',
            'placeholder:text-slate-500 focus:bg-white focus:outline-2 focus:outline-indigo-500',
          )}
        />
        <Button type="submit" disabled={!canSend} loading={busy} className="h-10 shrink-0 rounded-xl" icon={<SendHorizontal className="size-4" aria-hidden="true" />}>
          {editing ? 'Save' : 'Send'}
        </Button>
      </form>
      {text.length > COMMUNITY_MESSAGE_MAX_LENGTH - 100 && (
        <p className="mt-1 text-right text-xs text-slate-500" aria-live="polite">
          {text.length}/{COMMUNITY_MESSAGE_MAX_LENGTH}
        </p>
      )}
    </div>
  );
}
