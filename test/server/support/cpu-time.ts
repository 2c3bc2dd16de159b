/**
 * How long `work` kept this process busy, in milliseconds of CPU time (user and system).
 *
 * A refusal's cost is the parsing it does, and a slow parser burns CPU every time. The wall clock
 * also counts the time other processes held the CPU: on a shared 2-core machine a request that
 * computes for a fraction of a millisecond can take 70 ms of wall time, three tries in a row,
 * while a backtracking regex on a 70,000-character run needs seconds of CPU either way.
 */
export async function measureCpuTime<T>(work: () => Promise<T>): Promise<{ result: T; milliseconds: number }> {
  const started = process.cpuUsage();
  const result = await work();
  const { user, system } = process.cpuUsage(started);
  return { result, milliseconds: (user + system) / 1000 };
}
