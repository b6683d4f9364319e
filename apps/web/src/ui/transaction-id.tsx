import { toast } from 'sonner'
import { useTexts } from '../i18n/current'
import { errorMessage } from './error-message'
import './small-button.css'
import './transaction-id.css'

/** `9f3c…a41b`: people compare a transaction id by its start and its end. */
export function shortTransactionId(id: string): string {
  return `${id.slice(0, 4)}…${id.slice(-4)}`
}

interface TransactionIdProps {
  /** the class of the line holding 'TX:' and the id */
  className?: string
  id: string
  /** the chain's explorer page for a transaction, `{id}` standing for its id */
  explorerTransactionUrl: string
}

/**
 * 'TX:' and a transaction id, shortened in the middle, linking to the explorer, with a copy
 * button. The link's name begins with the short id it shows (WCAG 2.5.3, label in name), so a
 * voice user saying what they see reaches it, and then says the whole id.
 */
export function TransactionId({ className, id, explorerTransactionUrl }: TransactionIdProps) {
  const texts = useTexts()
  const shortId = shortTransactionId(id)
  async function copy() {
    try {
      await navigator.clipboard.writeText(id)
      toast.success(texts.transactionIdCopied)
    } catch (error) {
      toast.error(texts.transactionIdCopyFailed(errorMessage(error)))
    }
  }

  return (
    <span className={className}>
      {texts.transaction}{' '}
      <span className="transaction-id">
        <a
          href={explorerTransactionUrl.replace('{id}', id)}
          target="_blank"
          rel="noopener noreferrer"
          title={id}
          aria-label={texts.transactionLinkLabel(shortId, id)}
        >
          {shortId}
        </a>
        <button
          type="button"
          className="small-button"
          aria-label={texts.copyTransactionId(id)}
          onClick={copy}
        >
          {texts.copy}
        </button>
      </span>
    </span>
  )
}
