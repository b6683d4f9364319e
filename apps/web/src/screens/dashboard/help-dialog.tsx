import { useTexts } from '../../i18n/current'
import { Modal } from '../../ui/modal'

/** Entering the forest and connecting the wallet, the steps behind a visitor on the dashboard. */
const DONE_STEPS = 2

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
        {texts.helpSteps.map((step, index) => (
          // The guide opens on the dashboard: entering and connecting are done by then.
          <li key={step.title} className="guide__step" data-done={index < DONE_STEPS || undefined}>
            <h3 className="guide__title">
              {index < DONE_STEPS && (
                <span className="visually-hidden">{texts.helpStepDone}: </span>
              )}
              {step.title}
            </h3>
            <p className="guide__text">{step.text}</p>
          </li>
        ))}
      </ol>
      <p className="guide__note">{texts.helpWelcomeNote(welcomeCode, welcomeBonus, token)}</p>
    </Modal>
  )
}
