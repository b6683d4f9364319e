import { useLayoutEffect, useRef } from 'react'

/**
 * A console dialog in the platform's modal `<dialog>`, shown as it mounts: the page behind is
 * inert, focus starts on the control marked `data-autofocus` (else the first), Escape cancels
 * unless `busy`, and focus returns to whatever opened it. Spread the result on the `<dialog>`.
 */
export function useModalDialog({ busy, onClose }: { busy: boolean; onClose(): void }) {
  const ref = useRef<HTMLDialogElement>(null)

  // A layout effect: its cleanup runs while the dialog is still in the page, so it is closed
  // first. Removed while open, it left the page inert a moment longer, and focus given back then
  // was lost to the body on a busy machine.
  useLayoutEffect(() => {
    const opener = document.activeElement
    const dialog = ref.current
    dialog?.showModal()
    dialog?.querySelector<HTMLElement>('[data-autofocus]')?.focus()
    return () => {
      if (dialog?.open) dialog.close()
      if (opener instanceof HTMLElement && opener.isConnected) opener.focus()
    }
  }, [])

  return {
    ref,
    className: 'console__dialog',
    onCancel(event: { preventDefault(): void }) {
      // Escape while a change is on its way would hide its outcome.
      if (busy) event.preventDefault()
    },
    onClose(event: { currentTarget: HTMLDialogElement }) {
      // `close()` only queues its 'close' event. Under StrictMode the effect's cleanup closes the
      // dialog and the effect at once shows it again, so that late event finds it open: it is not
      // the operator's close, and passing it on unmounted the dialog as soon as it opened.
      if (!event.currentTarget.open) onClose()
    },
  }
}
