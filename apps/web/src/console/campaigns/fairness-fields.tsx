import { useState } from 'react'
import { FormField } from '../shared/form-field'
import { useConsoleTexts } from '../texts/use-console-texts'
import type { FieldErrors } from './campaign-draft'

/** The fair-claim settings as the form first shows them: a new campaign's defaults, or an edit's campaign. */
export interface FairnessInitial {
  /** '' for the deployment's default */
  humanCheck: string
  grantsPerAccount: string
  grantsUnlimited: boolean
  oncePerAsset: boolean
}

export const newCampaignFairness: FairnessInitial = {
  humanCheck: '',
  grantsPerAccount: '',
  grantsUnlimited: false,
  oncePerAsset: false,
}

/**
 * A campaign's fair-claim settings, in a new campaign's form and an edit's dialog alike: its
 * human check, the partner API's grants per account (a number, or unlimited) and, for a campaign
 * with an NFT to hold (`holdersOnly`), one claim per NFT.
 */
export function FairnessFields({
  id,
  initial,
  holdersOnly,
  mistakes,
}: {
  id: string
  initial: FairnessInitial
  holdersOnly: boolean
  mistakes: FieldErrors
}) {
  const texts = useConsoleTexts()
  const [unlimited, setUnlimited] = useState(initial.grantsUnlimited)
  return (
    <>
      {holdersOnly && (
        <div className="console__field console__check">
          <input
            id={`${id}-oncePerAsset`}
            name="oncePerAsset"
            type="checkbox"
            defaultChecked={initial.oncePerAsset}
            aria-invalid={mistakes.oncePerAsset ? true : undefined}
            aria-describedby={mistakes.oncePerAsset ? `${id}-oncePerAsset-error` : undefined}
          />
          <label htmlFor={`${id}-oncePerAsset`}>{texts.fields.oncePerAsset}</label>
          {mistakes.oncePerAsset && (
            <p id={`${id}-oncePerAsset-error`} className="console__field-error">
              {mistakes.oncePerAsset}
            </p>
          )}
        </div>
      )}
      <FormField
        id={`${id}-humanCheck`}
        label={texts.fields.humanCheck}
        hint={texts.fields.humanCheckHint}
        error={mistakes.humanCheck}
      >
        {(control) => (
          <select {...control} name="humanCheck" defaultValue={initial.humanCheck}>
            <option value="">{texts.fields.humanChecks.default}</option>
            <option value="pow">{texts.fields.humanChecks.pow}</option>
            <option value="off">{texts.fields.humanChecks.off}</option>
          </select>
        )}
      </FormField>
      <FormField
        id={`${id}-grantsPerAccount`}
        label={texts.fields.grantsPerAccount}
        hint={texts.fields.grantsPerAccountHint}
        error={mistakes.grantsPerAccount}
      >
        {(control) => (
          <input
            {...control}
            name="grantsPerAccount"
            type="number"
            min={1}
            step={1}
            inputMode="numeric"
            disabled={unlimited}
            defaultValue={initial.grantsPerAccount}
          />
        )}
      </FormField>
      <div className="console__field console__check">
        <input
          id={`${id}-grantsUnlimited`}
          name="grantsUnlimited"
          type="checkbox"
          defaultChecked={initial.grantsUnlimited}
          onChange={(event) => setUnlimited(event.target.checked)}
        />
        <label htmlFor={`${id}-grantsUnlimited`}>{texts.fields.grantsUnlimited}</label>
      </div>
    </>
  )
}
