import type { AdminCampaign } from '@fernwood/protocol/admin'
import { FixedScaleAxis, Interpolation, LineChart } from 'chartist'
import { useEffect, useId, useRef } from 'react'
import { useLanguage } from '../../i18n/current'
import { formatDateTime } from '../../i18n/format'
import { localeOf } from '../../i18n/languages'
import { useConsoleTexts } from '../texts/use-console-texts'
import { timeAxisFormat, timeTicks } from './claims-chart-axis'
import 'chartist/dist/index.css'

/**
 * The campaign's claims in total over time: a step for each minute with claims. The chart's
 * first point is the total before the minutes the server sent (a long campaign's oldest ones).
 */
function cumulativeClaims(campaign: AdminCampaign): Array<{ x: number; y: number }> {
  const buckets = campaign.claimsOverTime
  if (buckets.length === 0) return []
  let total = campaign.claimed - buckets.reduce((sum, bucket) => sum + bucket.claims, 0)
  const first = Date.parse(buckets[0].at)
  const points = [{ x: first - 60_000, y: total }]
  for (const bucket of buckets) {
    total += bucket.claims
    points.push({ x: Date.parse(bucket.at), y: total })
  }
  return points
}

/** Claims over time of one campaign, drawn with Chartist (SVG, themed by console.css). */
export function ClaimsChart({
  campaigns,
  campaign,
  onPick,
}: {
  campaigns: AdminCampaign[]
  campaign: AdminCampaign
  onPick(slug: string): void
}) {
  const texts = useConsoleTexts()
  const language = useLanguage()
  const chartRef = useRef<HTMLDivElement>(null)
  const pickId = useId()
  const points = cumulativeClaims(campaign)
  const key = JSON.stringify(points)
  const latest = campaign.claimsOverTime.at(-1)

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the points drawn
  useEffect(() => {
    const element = chartRef.current
    if (!element || points.length === 0) return
    const from = points[0].x
    const to = points[points.length - 1].x
    const format = timeAxisFormat(from, to, localeOf(language))
    const chart = new LineChart(
      element,
      { series: [{ name: campaign.slug, data: points }] },
      {
        height: '14rem',
        // Room on the right for the last time's label, which is centred on the chart's edge.
        chartPadding: { top: 15, right: 40, bottom: 5, left: 10 },
        showArea: true,
        lineSmooth: Interpolation.step(),
        axisX: {
          type: FixedScaleAxis,
          low: from,
          high: to,
          ticks: timeTicks(from, to),
          labelInterpolationFnc: (value) => format.format(Number(value)),
        },
        axisY: { onlyInteger: true, low: 0 },
      },
    )
    return () => {
      chart.detach()
      element.replaceChildren()
    }
  }, [key, language])

  return (
    <section className="console__panel" aria-labelledby="console-chart">
      <h2 id="console-chart">{texts.chartTitle}</h2>
      <label htmlFor={pickId}>{texts.chartCampaign} </label>
      <select id={pickId} value={campaign.slug} onChange={(event) => onPick(event.target.value)}>
        {campaigns.map((option) => (
          <option key={option.slug} value={option.slug}>
            {option.name} ({option.slug})
          </option>
        ))}
      </select>
      <figure className="console__chart">
        <div ref={chartRef} role="img" aria-label={texts.chartOf(campaign.slug)} hidden={!latest} />
        <figcaption role="status">
          {latest
            ? texts.chartSummary(campaign.claimed, formatDateTime(latest.at, language))
            : texts.chartEmpty(campaign.slug)}
        </figcaption>
      </figure>
    </section>
  )
}
