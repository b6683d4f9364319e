import { useTexts } from '../../i18n/current'
import { Modal } from '../../ui/modal'
import '../../ui/button.css'

interface ClaimCompleteDialogProps {
  open: boolean
  onClose: () => void
  /** the operator's staking site; without one the dialog links nowhere */
  stakingUrl: string | undefined
  welcomeBonus: string
  token: string
}

export function ClaimCompleteDialog({
  open,
  onClose,
  stakingUrl,
  welcomeBonus,
  token,
}: ClaimCompleteDialogProps) {
  const texts = useTexts()
  return (
    <Modal open={open} title={texts.claimCompleteTitle} onClose={onClose}>
      <p>{texts.claimCompleteText}</p>
      <p>{texts.claimCompleteNext}</p>
      {stakingUrl && (
        <p className="claim__action">
          <a
            className="button button--primary claim__link"
            href={stakingUrl}
            target="_blank"
            rel="noopener noreferrer"
            data-autofocus
          >
            {texts.claimBonus(welcomeBonus, token)}
            <span className="visually-hidden"> {texts.opensInNewTab}</span>
          </a>
        </p>
      )}
    </Modal>
  )
}
