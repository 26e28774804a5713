import { useCallback, useEffect, useRef, useState } from 'react';
import { frameDecoder } from './qrDecoder';

export type CameraState = { status: 'off' | 'starting' | 'on' } | { status: 'failed'; message: string };

/** A frame every 150 ms is quick enough for a queue at a door and leaves a phone's processor some rest. */
const FRAME_MS = 150;
/** The same code seen again within this time is the same ticket still in front of the camera. */
const SAME_CODE_MS = 3_000;

function cameraMessage(error: unknown): string {
  const name = error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'The camera was refused. Allow it in the browser’s site settings, or type the ticket code below.';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'No camera was found on this device. Type the ticket code below, or search by name.';
  if (name === 'NotReadableError') return 'The camera is in use by another app. Close it and try again.';
  return 'The camera could not be started. Type the ticket code below, or search by name.';
}

/**
 * The door's camera: started and stopped by the user, read a few times a second, each new code handed to
 * `onCode` once. The stream is stopped when the screen closes, so the camera light goes off.
 */
export function useQrCamera(onCode: (code: string) => void) {
  const videoRef = useRef<HTMLVideoElement | null>(null);
  const [state, setState] = useState<CameraState>({ status: 'off' });
  const stream = useRef<MediaStream | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const onCodeRef = useRef(onCode);
  onCodeRef.current = onCode;

  const stop = useCallback(() => {
    clearTimeout(timer.current);
    stream.current?.getTracks().forEach((t) => t.stop());
    stream.current = null;
    if (videoRef.current) videoRef.current.srcObject = null;
    setState({ status: 'off' });
  }, []);

  const start = useCallback(async () => {
    if (!navigator.mediaDevices?.getUserMedia) return setState({ status: 'failed', message: 'This browser cannot use a camera here. Type the ticket code below, or search by name.' });
    setState({ status: 'starting' });
    try {
      const media = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
      stream.current = media;
      const video = videoRef.current;
      if (!video) return;
      video.srcObject = media;
      await video.play();
      setState({ status: 'on' });
      const { decode } = await frameDecoder();
      let last = { code: '', at: 0 };
      const tick = async () => {
        if (!stream.current) return;
        const code = await decode(video).catch(() => null);
        const now = Date.now();
        if (code && (code !== last.code || now - last.at > SAME_CODE_MS)) onCodeRef.current(code);
        if (code) last = { code, at: now };
        timer.current = setTimeout(() => void tick(), FRAME_MS);
      };
      void tick();
    } catch (error) {
      stream.current?.getTracks().forEach((t) => t.stop());
      stream.current = null;
      setState({ status: 'failed', message: cameraMessage(error) });
    }
  }, []);

  useEffect(() => stop, [stop]);
  return { videoRef, state, start, stop };
}
