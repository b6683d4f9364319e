import { isCreatableAccountName } from '@fernwood/devwallet/account-name'
import { type FormEvent, useId, useState } from 'react'
import { toast } from 'sonner'
import { useTexts } from '../../i18n/current'
import { Button } from '../../ui/button'
import { createWalletAccount } from '../../wallet/create-account'
import { AccountNameUnavailable } from '../../wallet/errors'
import { toastAccountCreationFailure } from './account-creation-failure'
import '../../ui/text-field.css'
import './create-account-form.css'

/**
 * The name of a new WAX account, asked before the kit's create-account screens open (they have
 * no field for it). A refused name is explained under the field, which keeps what was typed;
 * Cancel, or closing the kit's dialog, returns to the connect-wallet screen as it was.
 */
export function CreateAccountForm({ onClose }: { onClose: () => void }) {
  const texts = useTexts()
  const fieldId = useId()
  const [accountName, setAccountName] = useState('')
  const [problem, setProblem] = useState<string>()
  const [creating, setCreating] = useState(false)

  async function create(event: FormEvent) {
    event.preventDefault()
    const name = accountName.trim()
    if (!isCreatableAccountName(name)) {
      setProblem(texts.accountNameInvalid)
      return
    }
    setProblem(undefined)
    setCreating(true)
    try {
      const created = await createWalletAccount(name)
      toast.success(texts.accountCreated(created))
      onClose()
    } catch (error) {
      setCreating(false)
      if (error instanceof AccountNameUnavailable) {
        setProblem(
          error.reason === 'taken' ? texts.accountNameTaken(name) : texts.accountNameInvalid,
        )
      } else {
        toastAccountCreationFailure(error)
      }
    }
  }

  return (
    <form className="create-account" onSubmit={create} noValidate>
      <h2 className="create-account__title">{texts.createAccountTitle}</h2>
      <label className="create-account__label" htmlFor={fieldId}>
        {texts.accountNameLabel}
      </label>
      <input
        id={fieldId}
        className="text-field"
        value={accountName}
        onChange={(event) => setAccountName(event.target.value)}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={12}
        aria-invalid={problem ? true : undefined}
        aria-describedby={`${fieldId}-hint ${fieldId}-problem`}
        // biome-ignore lint/a11y/noAutofocus: the form opens on the visitor's request to type a name.
        autoFocus
      />
      <p id={`${fieldId}-hint`} className="create-account__hint">
        {texts.accountNameHint}
      </p>
      <p id={`${fieldId}-problem`} className="create-account__problem" role="alert">
        {problem}
      </p>
      <div className="screen__actions">
        <Button type="submit" busy={creating} busyLabel={texts.creatingAccount}>
          {texts.createAccount}
        </Button>
        <Button variant="secondary" disabled={creating} onClick={onClose}>
          {texts.cancelCreateAccount}
        </Button>
      </div>
    </form>
  )
}
