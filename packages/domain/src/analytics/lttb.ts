/**
 * Largest-Triangle-Three-Buckets downsampling (Steinarsson, 2013): keeps the shape of a line chart with
 * `samples` of its points. The first and last points are always kept; the points between are split
 * into `samples − 2` buckets of (nearly) equal count, and from each bucket the point forming the
 * largest triangle with the previously kept point and the average of the next bucket is kept, so
 * spikes and dips survive. Points must be sorted by x; the result keeps their order and identity.
 *
 * Returns a copy of the input when there is nothing to thin: `points.length <= samples`, or `samples`
 * below 3 or not an integer (no meaningful triangle). Deterministic: ties keep the earliest point.
 */
export function lttb<T>(
  points: readonly T[],
  samples: number,
  x: (point: T) => number,
  y: (point: T) => number,
): T[] {
  if (!Number.isInteger(samples) || samples < 3 || points.length <= samples) return [...points];
  const first = points[0];
  const last = points[points.length - 1];
  if (first === undefined || last === undefined) return [...points];

  const xs = points.map(x);
  const ys = points.map(y);
  const kept: T[] = [first];
  const inner = points.length - 2;
  const buckets = samples - 2;
  // Integer arithmetic keeps bucket edges exact: bucket b holds inner points [edge(b), edge(b + 1)).
  const edge = (bucket: number) => Math.floor((bucket * inner) / buckets) + 1;
  let previous = 0;

  for (let bucket = 0; bucket < buckets; bucket += 1) {
    const start = edge(bucket);
    const end = edge(bucket + 1);
    // The next bucket's average is the third corner; the last bucket looks at the final point.
    const nextStart = end;
    const nextEnd = Math.min(edge(bucket + 2), points.length);
    let averageX = 0;
    let averageY = 0;
    for (let index = nextStart; index < nextEnd; index += 1) {
      averageX += xs[index] ?? 0;
      averageY += ys[index] ?? 0;
    }
    const count = nextEnd - nextStart;
    averageX /= count;
    averageY /= count;

    const previousX = xs[previous] ?? 0;
    const previousY = ys[previous] ?? 0;
    let bestIndex = start;
    let bestArea = -1;
    for (let index = start; index < end; index += 1) {
      const area = Math.abs(
        (previousX - averageX) * ((ys[index] ?? 0) - previousY) -
          (previousX - (xs[index] ?? 0)) * (averageY - previousY),
      );
      if (area > bestArea) {
        bestArea = area;
        bestIndex = index;
      }
    }
    const point = points[bestIndex];
    if (point !== undefined) kept.push(point);
    previous = bestIndex;
  }

  kept.push(last);
  return kept;
}
