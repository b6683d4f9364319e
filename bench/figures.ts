/** How the benchmarks print what they timed. */

/** The value `fraction` of the way up `values` (0.5 the median, 0.99 the p99). */
export function percentile(values: number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))]
}

export const median = (values: number[]) => percentile(values, 0.5)

/** The lowest and the highest of `values`, as turns' figures are printed beside their median. */
export const span = (values: number[]) =>
  `${Math.min(...values).toFixed(0)}–${Math.max(...values).toFixed(0)}`

/** A rate measured in turns: its median, and its span. */
export const rates = (values: number[]) => `${median(values).toFixed(0)}/s (${span(values)})`

export const ms = (value: number) => `${value.toFixed(2)} ms`

export const p50p99 = (values: number[]) =>
  `p50 ${ms(percentile(values, 0.5))} / p99 ${ms(percentile(values, 0.99))}`
