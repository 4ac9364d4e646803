import { encode } from "uqr";

/**
 * A QR code as runs of dark modules, for the two places that draw one on the server: the invoice
 * page's <svg> (app/.server/e-invoice-qr.ts) and the PDF's vector rectangles (api/pdf). uqr
 * (ADR 0021) computes the matrix; this module is imported only by server code, and
 * scripts/check-client-bundle.ts fails if uqr ever reaches a browser bundle.
 */
export interface QrRuns {
  /** Modules per side, quiet zone included. */
  size: number;
  /** Horizontal runs of dark modules: [x, y, length] in module units. */
  runs: Array<[number, number, number]>;
}

/** Error correction M (15 %): a printed code survives a fold or a stain; 4 modules of quiet zone. */
export function qrRuns(text: string): QrRuns {
  const { data, size } = encode(text, { ecc: "M", border: 4 });
  const runs: QrRuns["runs"] = [];
  data.forEach((row, y) => {
    let start = -1;
    for (let x = 0; x <= row.length; x++) {
      const dark = x < row.length && row[x] === true;
      if (dark && start < 0) start = x;
      if (!dark && start >= 0) {
        runs.push([start, y, x - start]);
        start = -1;
      }
    }
  });
  return { size, runs };
}

/** The runs as one SVG path (`viewBox="0 0 size size"`): a few KB for a URL's code. */
export function qrSvgPath({ runs }: QrRuns): string {
  return runs.map(([x, y, w]) => `M${x} ${y}h${w}v1h-${w}z`).join("");
}
