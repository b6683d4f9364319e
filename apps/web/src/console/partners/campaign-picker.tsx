import type { AdminCampaign } from '@fernwood/protocol/admin'
import { useConsoleTexts } from '../texts/use-console-texts'

/**
 * The campaigns a key or an endpoint is for, as checkboxes in a fieldset: each named as the
 * console names it, its slug beside. `error` says why none picked is refused.
 */
export function CampaignPicker({
  id,
  campaigns,
  error,
}: {
  id: string
  campaigns: AdminCampaign[]
  error?: string
}) {
  const texts = useConsoleTexts().partners
  return (
    <fieldset
      className="console__field"
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? `${id}-error` : undefined}
    >
      <legend>{texts.campaigns}</legend>
      {campaigns.length === 0 && <p>{texts.noCampaigns}</p>}
      {campaigns.map((campaign) => (
        <label key={campaign.slug} className="console__field console__check">
          <input type="checkbox" name="campaigns" value={campaign.slug} />
          {`${campaign.name} (${campaign.slug})`}
        </label>
      ))}
      {error && (
        <p id={`${id}-error`} className="console__field-error">
          {error}
        </p>
      )}
    </fieldset>
  )
}

/** The values of a form's checked boxes named `name`. */
export const checkedValues = (form: HTMLFormElement, name: string): string[] =>
  [...form.querySelectorAll<HTMLInputElement>(`input[name="${name}"]:checked`)].map(
    (box) => box.value,
  )
