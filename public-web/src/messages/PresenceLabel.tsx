import clsx from 'clsx';
import { useOnlineStatus } from '../realtime/useOnlineStatus';

/** 'Active' with a green dot or 'Offline' with a grey one; nothing until the first answer. */
export function PresenceLabel({ userId, className }: { userId: string; className?: string }) {
  const online = useOnlineStatus(userId);
  if (online === undefined) return <span className={clsx('inline-block h-4', className)} aria-hidden="true" />;
  return (
    <span className={clsx('inline-flex items-center gap-1.5 text-xs font-medium', online ? 'text-emerald-700' : 'text-slate-500', className)}>
      <span className={clsx('size-2 rounded-full', online ? 'bg-emerald-500' : 'bg-slate-300')} aria-hidden="true" />
      {online ? 'Active' : 'Offline'}
    </span>
  );
}

/** The small dot on a conversation's avatar. */
export function OnlineDot({ online, className }: { online: boolean; className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={clsx('absolute bottom-0 right-0 size-3 rounded-full ring-2 ring-white', online ? 'bg-emerald-500' : 'bg-slate-300', className)}
    />
  );
}
