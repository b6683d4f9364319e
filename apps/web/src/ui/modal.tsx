import { type ReactNode, useEffect, useId, useRef } from 'react'
import { useTexts } from '../i18n/current'
import { IconButton } from './icon-button'
import './modal.css'

interface ModalProps {
  open: boolean
  title: string
  onClose: () => void
  children: ReactNode
}

/**
 * A native modal `<dialog>`: the browser traps focus inside, makes the page behind inert, closes
 * it on Escape and gives focus back to whatever opened it. A click on the backdrop, or the
 * close button, closes it too. Focus starts on the element marked `data-autofocus`, if any,
 * else on the close button.
 */
export function Modal({ open, title, onClose, children }: ModalProps) {
  const texts = useTexts()
  const dialogRef = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  // A text selection dragged out of the box ends on the backdrop; only a press there closes.
  const pressedOnBackdrop = useRef(false)

  useEffect(() => {
    const dialog = dialogRef.current
    if (!dialog) return
    if (open && !dialog.open) {
      dialog.showModal()
      // React sets no autofocus attribute for showModal() to honour; the marked element stands in.
      dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus()
    }
    if (!open && dialog.open) dialog.close()
  }, [open])

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: Escape closes the dialog natively; the click is the backdrop's pointer equivalent.
    <dialog
      ref={dialogRef}
      className="modal"
      aria-labelledby={titleId}
      onClose={onClose}
      onPointerDown={(event) => {
        pressedOnBackdrop.current = event.target === event.currentTarget
      }}
      onClick={(event) => {
        // The box fills the padding-free dialog, so only the backdrop hits the element itself.
        if (event.target === event.currentTarget && pressedOnBackdrop.current) onClose()
      }}
    >
      <div className="modal__box">
        <header className="modal__header">
          <h2 id={titleId} className="modal__title">
            {title}
          </h2>
          <IconButton icon="close" aria-label={texts.close} onClick={onClose} />
        </header>
        <div className="modal__body">{children}</div>
      </div>
    </dialog>
  )
}
