import { useTexts } from '../../i18n/current'
import { Modal } from '../../ui/Modal'

interface HelpDialogProps {
  open: boolean
  onClose: () => void
  welcomeCode: string
  welcomeBonus: string
  token: string
}

export function HelpDialog({ open, onClose, welcomeCode, welcomeBonus, token }: HelpDialogProps) {
  const texts = useTexts()
  return (
    <Modal open={open} title={texts.helpTitle} onClose={onClose}>
      <ol className="guide">
        {texts.helpSteps.map((step) => (
          <li key={step.title} className="guide__step">
            <h3 className="guide__title">{step.title}</h3>
            <p className="guide__text">{step.text}</p>
          </li>
        ))}
      </ol>
      <p className="guide__note">{texts.helpWelcomeNote(welcomeCode, welcomeBonus, token)}</p>
    </Modal>
  )
}
