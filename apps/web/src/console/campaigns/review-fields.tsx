import { FormField } from '../shared/form-field'
import { useConsoleTexts } from '../texts/use-console-texts'
import { type FieldErrors, type PayoutDelayUnit, payoutDelayUnits } from './campaign-draft'

/** The check and the review window as the form first shows them. */
export interface ReviewInitial {
  checkUrl: string
  /** '' for no window */
  payoutDelay: string
  payoutDelayUnit: PayoutDelayUnit
}

export const newCampaignReview: ReviewInitial = {
  checkUrl: '',
  payoutDelay: '',
  payoutDelayUnit: 'h',
}

/**
 * A campaign's own check and its review window, in a new campaign's form and an edit's dialog
 * alike: the URL each claim is asked about first and, once one is saved (`checkSecret`), the
 * secret its requests are signed with, for the operator's endpoint; the window as a number and
 * its unit.
 */
export function ReviewFields({
  id,
  initial,
  checkSecret,
  mistakes,
}: {
  id: string
  initial: ReviewInitial
  checkSecret?: string
  mistakes: FieldErrors
}) {
  const texts = useConsoleTexts()
  const unitId = `${id}-payoutDelayUnit`
  return (
    <>
      <FormField
        id={`${id}-checkUrl`}
        label={texts.fields.checkUrl}
        hint={texts.fields.checkUrlHint}
        error={mistakes.checkUrl}
      >
        {(control) => (
          <input
            {...control}
            name="checkUrl"
            type="url"
            inputMode="url"
            maxLength={2048}
            defaultValue={initial.checkUrl}
          />
        )}
      </FormField>
      {checkSecret && (
        <FormField
          id={`${id}-checkSecret`}
          label={texts.fields.checkSecret}
          hint={texts.fields.checkSecretHint}
        >
          {(control) => <input {...control} type="text" readOnly value={checkSecret} />}
        </FormField>
      )}
      <FormField
        id={`${id}-payoutDelay`}
        label={texts.fields.payoutDelay}
        hint={texts.fields.payoutDelayHint}
        error={mistakes.payoutDelay}
      >
        {(control) => (
          <span>
            <input
              {...control}
              name="payoutDelay"
              type="number"
              min={0}
              step={1}
              inputMode="numeric"
              defaultValue={initial.payoutDelay}
            />
            <label htmlFor={unitId} className="visually-hidden">
              {texts.fields.payoutDelayUnit}
            </label>
            <select id={unitId} name="payoutDelayUnit" defaultValue={initial.payoutDelayUnit}>
              {(Object.keys(payoutDelayUnits) as PayoutDelayUnit[]).map((unit) => (
                <option key={unit} value={unit}>
                  {texts.fields.payoutDelayUnits[unit]}
                </option>
              ))}
            </select>
          </span>
        )}
      </FormField>
    </>
  )
}
