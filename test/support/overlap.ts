/**
 * Concurrency read back from request timings: used in the browser by the engine tests and the
 * peer benchmark alike, so it imports nothing.
 */

/** Largest number of requests whose time spans overlap. */
export function maxOverlap(spans: Array<{ start: number; end: number }>): number {
  const points = spans.flatMap((span) => [
    { at: span.start, delta: 1 },
    { at: span.end, delta: -1 },
  ]);
  // At one instant, an end counts before a start: back-to-back requests do not overlap.
  points.sort((a, b) => a.at - b.at || a.delta - b.delta);
  let current = 0;
  let peak = 0;
  for (const point of points) {
    current += point.delta;
    peak = Math.max(peak, current);
  }
  return peak;
}
