import { toast } from 'sonner'
import { currentTexts } from '../../i18n/current'
import { errorMessage } from '../../ui/error-message'
import { AccountCreationCancelled, WalletKitUnavailable } from '../../wallet/errors'

/**
 * Tells the visitor why an account was not created, when no name field can show it: the visitor
 * closed the kit's dialog, the kit did not load, or the provider refused in its own words.
 */
export function toastAccountCreationFailure(error: unknown): void {
  const texts = currentTexts()
  if (error instanceof AccountCreationCancelled) toast.error(texts.accountCreationCancelled)
  else if (error instanceof WalletKitUnavailable) toast.error(texts.walletNotInitialized)
  else toast.error(texts.accountCreationFailed(errorMessage(error)))
}
