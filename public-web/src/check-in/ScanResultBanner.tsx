import clsx from 'clsx';
import { CircleAlert, CircleCheck, CircleX, CloudUpload, Loader2 } from 'lucide-react';
import type { DoorResult } from './doorResults';

const TONES = {
  success: { icon: CircleCheck, className: 'border-emerald-300 bg-emerald-50 text-emerald-900' },
  warning: { icon: CircleAlert, className: 'border-amber-300 bg-amber-50 text-amber-950' },
  danger: { icon: CircleX, className: 'border-red-300 bg-red-50 text-red-900' },
  pending: { icon: Loader2, className: 'border-slate-200 bg-white text-slate-800' },
} as const;

/**
 * The last scan's result, large, and announced by screen readers as soon as it changes (the region stays
 * on the page so the announcement is not lost). The colour is never the only sign: each has its words and icon.
 */
export function ScanResultBanner({ result }: { result: DoorResult | null }) {
  const tone = result ? TONES[result.tone] : null;
  return (
    <div aria-live="assertive" aria-atomic="true" className="min-h-24">
      {result && tone ? (
        <div key={result.key} data-testid="scan-result" data-tone={result.tone} className={clsx('flex items-start gap-3 rounded-2xl border-2 p-4', tone.className)}>
          <tone.icon className={clsx('mt-0.5 size-8 shrink-0', result.tone === 'pending' && 'animate-spin')} aria-hidden="true" />
          <div className="min-w-0">
            <p className="text-xl font-bold leading-snug break-words">{result.title}</p>
            {(result.name || result.team) && (
              <p className="mt-1 text-base break-words">
                {result.tone !== 'success' && result.name}
                {result.team && <span>{result.tone !== 'success' && result.name ? ' · ' : ''}Team {result.team}</span>}
              </p>
            )}
            {result.waitingToSync && (
              <p className="mt-2 inline-flex items-center gap-1.5 rounded-full bg-white/70 px-2.5 py-0.5 text-sm font-medium">
                <CloudUpload className="size-4" aria-hidden="true" /> Saved, will sync
              </p>
            )}
          </div>
        </div>
      ) : (
        <p className="rounded-2xl border-2 border-dashed border-slate-200 p-4 text-base text-slate-600">Scan a ticket, type its code, or search for a name.</p>
      )}
    </div>
  );
}
