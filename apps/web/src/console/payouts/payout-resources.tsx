import type { PayoutsResponse } from '@fernwood/protocol/admin'
import { useLanguage } from '../../i18n/current'
import { formatDateTime } from '../../i18n/format'
import { localeOf } from '../../i18n/languages'
import { useConsoleTexts } from '../texts/use-console-texts'

const RESOURCES = ['cpu', 'net', 'ram'] as const

/**
 * The payout account's CPU, NET and RAM as bars (used of max), and whether payouts are paused
 * for want of one of them: on WAX these run out before the balance does.
 */
export function PayoutResourceBars({ payouts }: { payouts: PayoutsResponse }) {
  const texts = useConsoleTexts()
  const language = useLanguage()
  const number = new Intl.NumberFormat(localeOf(language))
  const { resources, pause } = payouts

  return (
    <div className="console__resources">
      <h3 id="console-resources">{texts.resourcesTitle}</h3>
      {pause ? (
        <p className="console__warning" role="alert">
          {texts.payoutsPaused(
            pause.resource.toUpperCase(),
            formatDateTime(pause.since, language),
            formatDateTime(pause.nextCheckAt, language),
          )}
        </p>
      ) : (
        <p>{texts.payoutsRunning}</p>
      )}
      {resources === null ? (
        <p>{texts.resourcesUnknown}</p>
      ) : (
        <ul className="console__resource-list">
          {RESOURCES.map((resource) => {
            const { used, available, max } = resources[resource]
            const unit = texts.resourceUnits[resource]
            const label = resource.toUpperCase()
            return (
              <li key={resource} className="console__resource">
                <span className="console__resource-name" id={`console-resource-${resource}`}>
                  {label}
                </span>
                {max < 0 ? (
                  <span>{texts.resourceUnlimited}</span>
                ) : (
                  <>
                    <meter
                      aria-labelledby={`console-resource-${resource}`}
                      min={0}
                      max={Math.max(max, 1)}
                      value={Math.min(used, max)}
                      high={max * 0.8}
                      optimum={0}
                    />
                    <span>
                      {texts.resourceUse(
                        number.format(used),
                        number.format(max),
                        number.format(available),
                        unit,
                      )}
                    </span>
                  </>
                )}
              </li>
            )
          })}
        </ul>
      )}
    </div>
  )
}
