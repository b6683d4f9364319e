import { useConsoleTexts } from '../texts/use-console-texts'
import { type Payment, payments } from './campaign-draft'

/**
 * What each claim of a new campaign pays, one choice of three: native radios in a labelled
 * group, so the arrow keys move between them and a screen reader names the question.
 */
export function PaymentChoice({
  id,
  payment,
  onChoose,
}: {
  id: string
  payment: Payment
  onChoose(payment: Payment): void
}) {
  const texts = useConsoleTexts()
  return (
    <fieldset className="console__choice">
      <legend>{texts.fields.payment}</legend>
      {payments.map((option) => (
        <div key={option} className="console__field console__check">
          <input
            id={`${id}-${option}`}
            type="radio"
            name="payment"
            value={option}
            checked={payment === option}
            onChange={() => onChoose(option)}
          />
          <label htmlFor={`${id}-${option}`}>{texts.payments[option]}</label>
        </div>
      ))}
    </fieldset>
  )
}
