import { useId, useRef, useState } from 'react'
import { Button } from '../../ui/button'
import { Notice, type NoticeText } from '../shared/notice'
import { useModalDialog } from '../shared/use-modal-dialog'
import { useConsoleTexts } from '../texts/use-console-texts'

/**
 * A secret made this once (an API key's, a webhook endpoint's), in a modal `<dialog>`: selected
 * in its field, ready to copy with the button or the keyboard. Closing it forgets it: the server
 * keeps no way to show it again.
 */
export function SecretDialog({
  title,
  intro,
  secret,
  onClose,
}: {
  title: string
  intro: string
  secret: string
  onClose(): void
}) {
  const texts = useConsoleTexts().partners
  const id = useId()
  const fieldRef = useRef<HTMLInputElement>(null)
  const [notice, setNotice] = useState<NoticeText | undefined>(undefined)
  const dialog = useModalDialog({ busy: false, onClose })

  async function copy() {
    try {
      await navigator.clipboard.writeText(secret)
      setNotice({ text: texts.copied })
    } catch {
      // The secret stays selected in its field, for the keyboard's copy.
      fieldRef.current?.select()
    }
  }

  return (
    <dialog {...dialog} aria-labelledby={`${id}-title`} aria-describedby={`${id}-intro`}>
      <h2 id={`${id}-title`}>{title}</h2>
      <p id={`${id}-intro`}>{intro}</p>
      <div className="console__field">
        <label htmlFor={`${id}-secret`}>{texts.secret}</label>
        <input
          ref={fieldRef}
          id={`${id}-secret`}
          readOnly
          value={secret}
          data-autofocus
          onFocus={(event) => event.currentTarget.select()}
        />
      </div>
      <Notice notice={notice} />
      <div className="console__dialog-actions">
        <Button variant="secondary" onClick={() => void copy()}>
          {texts.copy}
        </Button>
        <Button onClick={onClose}>{texts.done}</Button>
      </div>
    </dialog>
  )
}
