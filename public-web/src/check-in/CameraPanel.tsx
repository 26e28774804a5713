import clsx from 'clsx';
import { Camera, CameraOff } from 'lucide-react';
import { Button } from '../ui/Button';
import { useQrCamera } from './useQrCamera';

/** The camera view on top of the door screen, with its one button; without a camera, a message saying what to do instead. */
export function CameraPanel({ onCode }: { onCode(code: string): void }) {
  const camera = useQrCamera(onCode);
  const { status } = camera.state;
  const running = status === 'on' || status === 'starting';
  return (
    <section aria-labelledby="camera-heading" className="space-y-3">
      <h2 id="camera-heading" className="sr-only">
        Camera
      </h2>
      {/* Off, the view is a strip, so the result and the search fit a phone's screen; on, a square the code fits in. */}
      <div className={clsx('relative mx-auto w-full overflow-hidden rounded-2xl bg-slate-900', running ? 'aspect-square max-h-[40vh] max-w-sm' : 'h-24')}>
        <video ref={camera.videoRef} className="size-full object-cover" muted playsInline aria-label="Camera view: hold a ticket’s QR code in the frame" hidden={!running} />
        {!running && (
          <div className="absolute inset-0 flex items-center justify-center gap-2 p-4 text-center text-slate-200">
            <CameraOff className="size-6" aria-hidden="true" />
            <p className="text-sm">Camera off</p>
          </div>
        )}
        {status === 'on' && <div className="pointer-events-none absolute inset-[15%] rounded-xl border-4 border-white/80" aria-hidden="true" />}
      </div>
      {status === 'failed' && (
        <p role="alert" className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950">
          {camera.state.message}
        </p>
      )}
      <Button size="lg" fullWidth variant={running ? 'secondary' : 'primary'} loading={status === 'starting'} onClick={running ? camera.stop : () => void camera.start()} icon={running ? <CameraOff className="size-5" aria-hidden="true" /> : <Camera className="size-5" aria-hidden="true" />}>
        {running ? 'Stop camera' : 'Start camera'}
      </Button>
    </section>
  );
}
