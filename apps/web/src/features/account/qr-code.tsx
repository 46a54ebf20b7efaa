import { encode } from 'uqr';

/**
 * A QR code drawn as one SVG path, dark on white whatever the theme (a scanner needs the contrast),
 * with the quiet zone of four modules the standard asks for. `label` is its text alternative.
 */
export function QrCode({ text, label, size = 240 }: { text: string; label: string; size?: number }) {
  const qr = encode(text, { ecc: 'M', border: 4 });
  let path = '';
  qr.data.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (dark) path += `M${x} ${y}h1v1h-1z`;
    }),
  );
  return (
    <svg
      className="qr-code"
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${qr.size} ${qr.size}`}
      shapeRendering="crispEdges"
    >
      <rect width={qr.size} height={qr.size} fill="#ffffff" />
      <path d={path} fill="#000000" />
    </svg>
  );
}
