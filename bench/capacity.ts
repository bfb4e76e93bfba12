/** The highest rate a load keeps within its budgets, found in steps from a starting rate. */

export type CapacityStep<T> = T & { rate: number; ok: boolean };

/**
 * Measures `start`; while within the budgets, steps up until a rate is over (or `max`), else
 * steps down until one is within (or below `step`). Every rate tried is kept, in order.
 */
export async function findCapacity<T extends { ok: boolean }>(
  measure: (rate: number) => Promise<T>,
  { start, step, max = start * 3 }: { start: number; step: number; max?: number },
): Promise<{ rate: number | undefined; tried: CapacityStep<T>[] }> {
  const tried: CapacityStep<T>[] = [];
  const at = async (rate: number) => {
    const result = { ...(await measure(rate)), rate };
    tried.push(result);
    return result.ok;
  };
  if (await at(start)) {
    let rate = start;
    while (rate + step <= max && (await at(rate + step))) rate += step;
    return { rate, tried };
  }
  for (let rate = start - step; rate >= step; rate -= step) {
    if (await at(rate)) return { rate, tried };
  }
  return { rate: undefined, tried };
}
