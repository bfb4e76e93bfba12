import { create } from "qrcode";
import { useMemo } from "react";

/** Blank modules around the code, which readers need to find it (the QR standard asks for 4). */
const QUIET_ZONE = 4;

/** One square per dark module, as a single path. */
function modulesPath(size: number, data: Uint8Array): string {
  const squares: string[] = [];
  for (let row = 0; row < size; row++) {
    for (let column = 0; column < size; column++) {
      if (data[row * size + column]) squares.push(`M${column} ${row}h1v1h-1z`);
    }
  }
  return squares.join("");
}

/**
 * The authenticator URI as a QR code, drawn as SVG from the code's modules: crisp at any zoom, no
 * data: URL, and always dark on white (scanners need it, whatever the theme). Loaded only in the
 * two-factor setup.
 */
export function TotpQrCode({ value, label, size = 200 }: { value: string; label: string; size?: number }) {
  const { modules, path } = useMemo(() => {
    const code = create(value, { errorCorrectionLevel: "M" });
    return { modules: code.modules.size, path: modulesPath(code.modules.size, code.modules.data) };
  }, [value]);
  const full = modules + QUIET_ZONE * 2;
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`${-QUIET_ZONE} ${-QUIET_ZONE} ${full} ${full}`}
      width={size}
      height={size}
      shapeRendering="crispEdges"
    >
      <rect x={-QUIET_ZONE} y={-QUIET_ZONE} width={full} height={full} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
