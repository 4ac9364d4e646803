/** One page of a list, and the page numbers a pager offers (the bills and the supplies pages). */

export interface Page<T> {
  rows: T[];
  /** The page shown: the requested one, clamped to [1, pageCount]. */
  page: number;
  pageCount: number;
  total: number;
  /** 1-based positions of the first and last row shown (0 and 0 when empty). */
  from: number;
  to: number;
}

export function paginate<T>(rows: readonly T[], page: number, size: number): Page<T> {
  const total = rows.length;
  const pageCount = Math.max(1, Math.ceil(total / size));
  const current = Math.min(Math.max(1, Math.floor(page) || 1), pageCount);
  const start = (current - 1) * size;
  const slice = rows.slice(start, start + size);
  return {
    rows: slice,
    page: current,
    pageCount,
    total,
    from: slice.length ? start + 1 : 0,
    to: start + slice.length,
  };
}

/**
 * The page numbers to offer: always the first and last, the current one and `radius` around
 * it; `null` marks a gap ("…").
 */
export function pageWindow(page: number, pageCount: number, radius = 1): (number | null)[] {
  const shown = new Set([1, pageCount]);
  for (let p = page - radius; p <= page + radius; p++) if (p >= 1 && p <= pageCount) shown.add(p);
  const sorted = [...shown].sort((a, b) => a - b);
  const out: (number | null)[] = [];
  sorted.forEach((p, i) => {
    const previous = sorted[i - 1];
    if (previous !== undefined && p - previous > 1) out.push(null);
    out.push(p);
  });
  return out;
}
