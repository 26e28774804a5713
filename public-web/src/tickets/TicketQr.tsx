import { useEffect, useState } from 'react';

/**
 * A ticket's QR code as SVG, drawn from its token. The code has a margin and medium error correction:
 * a phone held up at a door, a little scratched or dimmed, still scans. `qrcode` loads with the first ticket.
 */
export function TicketQr({ token, label, className }: { token: string; label: string; className?: string }) {
  const [svg, setSvg] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    import('qrcode')
      // A CommonJS package: its functions sit on the namespace or on its default, by bundler.
      .then((mod) => (mod.default ?? mod).toString(token, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }))
      .then((text) => live && setSvg(text))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [token]);
  if (failed) return <p className="text-sm text-red-700">The QR code could not be drawn. Show the ticket code below instead.</p>;
  return (
    <div
      role="img"
      aria-label={label}
      data-testid="ticket-qr"
      className={`aspect-square bg-white [&>svg]:block [&>svg]:size-full ${className ?? 'w-full max-w-64'}`}
      // The SVG is qrcode's own output from the token: no text of the user's is in it but the token, which it encodes as modules.
      dangerouslySetInnerHTML={svg ? { __html: svg } : undefined}
    />
  );
}
