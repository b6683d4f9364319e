import { useId, useState } from 'react'
import { Button } from '../../ui/button'
import { useConsoleTexts } from '../texts/use-console-texts'
import { useModalDialog } from './use-modal-dialog'

interface ConfirmDialogProps {
  /** the question, naming what it acts on: 'Close the campaign “Lantern cards”?' */
  title: string
  /** what confirming does */
  effect: string
  confirmLabel: string
  busyLabel: string
  /** Does the change; the dialog closes once it resolves and shows its failure if it throws. */
  onConfirm(): Promise<void>
  /** Cancel, Escape, or the change done: the owner unmounts the dialog. */
  onClose(): void
  /** Words a failure of `onConfirm` for the operator. */
  describeFailure(error: unknown): string
}

/**
 * Asks before a change an operator should not make by accident, in the platform's modal
 * `<dialog>`: the page behind is inert, focus starts on Cancel (the safe answer), Escape cancels,
 * and focus returns to whatever opened it.
 */
export function ConfirmDialog({
  title,
  effect,
  confirmLabel,
  busyLabel,
  onConfirm,
  onClose,
  describeFailure,
}: ConfirmDialogProps) {
  const texts = useConsoleTexts()
  const id = useId()
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<string | undefined>(undefined)
  const dialog = useModalDialog({ busy, onClose })

  async function confirm() {
    setBusy(true)
    setFailure(undefined)
    try {
      await onConfirm()
      onClose()
    } catch (error) {
      setFailure(describeFailure(error))
      setBusy(false)
    }
  }

  return (
    <dialog
      {...dialog}
      role="alertdialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-effect`}
    >
      <h2 id={`${id}-title`}>{title}</h2>
      <p id={`${id}-effect`}>{effect}</p>
      {failure && (
        <p role="alert" className="console__error">
          {failure}
        </p>
      )}
      <div className="console__dialog-actions">
        <Button data-autofocus variant="secondary" disabled={busy} onClick={onClose}>
          {texts.cancel}
        </Button>
        <Button busy={busy} busyLabel={busyLabel} onClick={() => void confirm()}>
          {confirmLabel}
        </Button>
      </div>
    </dialog>
  )
}
