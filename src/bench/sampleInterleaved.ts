export interface InterleaveOptions<K extends string> {
  /** Runs thrown away first (JIT, caches, process start-up). */
  warmup: number;
  runs: number;
  /** Each variant measures once per call and returns its sample. */
  variants: Record<K, () => Promise<number>>;
  /** Told after each kept run. */
  onRun?: (run: number) => void;
}

/**
 * Runs every variant once per round, rotating which goes first, so drift on a
 * shared machine (another process waking up) hits all of them alike.
 */
export async function sampleInterleaved<K extends string>(options: InterleaveOptions<K>): Promise<Record<K, number[]>> {
  const names = Object.keys(options.variants) as K[];
  const samples = Object.fromEntries(names.map((name) => [name, [] as number[]])) as Record<K, number[]>;
  for (let round = 0; round < options.warmup + options.runs; round++) {
    const order = names.map((_, i) => names[(i + round) % names.length]!);
    for (const name of order) {
      const sample = await options.variants[name]();
      if (round >= options.warmup) samples[name].push(sample);
    }
    if (round >= options.warmup) options.onRun?.(round - options.warmup + 1);
  }
  return samples;
}
