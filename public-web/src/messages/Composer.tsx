import clsx from 'clsx';
import { SendHorizontal, WifiOff } from 'lucide-react';
import { useEffect, useState, type ReactNode, type RefObject } from 'react';
import { useSocket } from '../realtime/socketContext';
import { Button } from '../ui/Button';
import { MESSAGE_MAX_LENGTH } from './constants';

interface ComposerProps {
  /** The field's accessible name ('Message' on the messages page, 'Type a message...' in the dialog). */
  label: string;
  placeholder: string;
  /** Sends the text; false when it could not be sent (the text then stays). */
  onSend(text: string): boolean;
  /** No conversation selected. */
  disabled?: boolean;
  /** Shown above the field (the reply bar). */
  above?: ReactNode;
  inputRef?: RefObject<HTMLTextAreaElement | null>;
  /** Escape in the empty field (the messages page cancels a reply with it). */
  onEscape?(): boolean;
  /** Without its own border and padding (inside a dialog's footer). */
  bare?: boolean;
  className?: string;
}

/**
 * The message field with Send (spec section 5, "Chat"): Send is disabled, and Enter refused, while
 * the trimmed text is blank, no conversation is selected or the realtime connection is down.
 * Enter sends; Shift+Enter starts a new line.
 */
export function Composer({ label, placeholder, onSend, disabled, above, inputRef, onEscape, bare, className }: ComposerProps) {
  const { connected, status, reconnect } = useSocket();
  const [text, setText] = useState('');
  const canSend = !disabled && connected && text.trim().length > 0;

  // The connection notice waits a second, so the usual quick connect on arrival shows nothing.
  const [noticeShown, setNoticeShown] = useState(false);
  useEffect(() => {
    if (connected || status === 'idle') {
      setNoticeShown(false);
      return;
    }
    const timer = window.setTimeout(() => setNoticeShown(true), status === 'disconnected' ? 0 : 1000);
    return () => window.clearTimeout(timer);
  }, [connected, status]);

  const submit = () => {
    if (!canSend) return;
    if (onSend(text)) setText('');
  };

  return (
    <div className={clsx(!bare && 'border-t border-slate-200 bg-white', className)}>
      {above}
      <form
        className={clsx('flex items-end gap-2', !bare && 'px-3 py-3 sm:px-4')}
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <textarea
          ref={inputRef}
          aria-label={label}
          placeholder={placeholder}
          value={text}
          rows={1}
          maxLength={MESSAGE_MAX_LENGTH}
          disabled={disabled}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Escape' && onEscape?.()) {
              event.preventDefault();
              event.stopPropagation();
              return;
            }
            if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
            event.preventDefault();
            submit();
          }}
          className={clsx(
            'field-sizing-content max-h-32 min-h-10 flex-1 resize-none rounded-xl border-0 bg-slate-100 px-3.5 py-2.5 text-sm text-slate-900',
            'placeholder:text-slate-500 focus:bg-white focus:outline-2 focus:outline-indigo-500',
            'disabled:cursor-not-allowed disabled:opacity-60',
          )}
        />
        <Button type="submit" disabled={!canSend} className="h-10 shrink-0 rounded-xl" icon={<SendHorizontal className="size-4" aria-hidden="true" />}>
          Send
        </Button>
      </form>
      {!disabled && !connected && noticeShown && (
        <p className={clsx('flex items-center gap-2 text-xs text-slate-500', bare ? 'pt-2' : 'px-4 pb-3')} role="status">
          <WifiOff className="size-3.5 shrink-0" aria-hidden="true" />
          {status === 'disconnected' ? (
            <>
              <span>Not connected. Messages cannot be sent right now.</span>
              <button type="button" onClick={reconnect} className="font-semibold text-indigo-600 hover:text-indigo-700">
                Reconnect
              </button>
            </>
          ) : (
            <span>{status === 'connecting' ? 'Connecting...' : 'Connection lost. Reconnecting...'}</span>
          )}
        </p>
      )}
    </div>
  );
}
