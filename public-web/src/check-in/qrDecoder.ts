/**
 * Reads QR codes from a video: the browser's BarcodeDetector where it knows QR codes (Android, macOS,
 * ChromeOS), else jsQR on a frame drawn to a canvas. jsQR is loaded only on the first frame that needs it.
 */
export type FrameDecoder = (video: HTMLVideoElement) => Promise<string | null>;

interface BarcodeDetectorLike {
  detect(source: CanvasImageSource): Promise<Array<{ rawValue: string }>>;
}
interface BarcodeDetectorClass {
  new (options: { formats: string[] }): BarcodeDetectorLike;
  getSupportedFormats(): Promise<string[]>;
}

async function nativeDetector(): Promise<BarcodeDetectorLike | null> {
  const Detector = (window as unknown as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  if (!Detector) return null;
  try {
    return (await Detector.getSupportedFormats()).includes('qr_code') ? new Detector({ formats: ['qr_code'] }) : null;
  } catch {
    return null;
  }
}

/** The widest frame side jsQR reads: larger frames only cost time on a phone. */
const MAX_SIDE = 640;

function jsqrDecoder(): FrameDecoder {
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  const jsQR = import('jsqr').then((m) => m.default);
  return async (video) => {
    if (!context || video.videoWidth === 0) return null;
    const scale = Math.min(1, MAX_SIDE / Math.max(video.videoWidth, video.videoHeight));
    canvas.width = Math.round(video.videoWidth * scale);
    canvas.height = Math.round(video.videoHeight * scale);
    context.drawImage(video, 0, 0, canvas.width, canvas.height);
    const image = context.getImageData(0, 0, canvas.width, canvas.height);
    return (await jsQR)(image.data, image.width, image.height, { inversionAttempts: 'dontInvert' })?.data ?? null;
  };
}

export async function frameDecoder(): Promise<{ decode: FrameDecoder; engine: 'BarcodeDetector' | 'jsQR' }> {
  const native = await nativeDetector();
  if (native) return { engine: 'BarcodeDetector', decode: async (video) => (await native.detect(video))[0]?.rawValue ?? null };
  return { engine: 'jsQR', decode: jsqrDecoder() };
}
