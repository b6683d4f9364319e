import { normalizeCode } from '@fernwood/protocol/codes'
import { useState } from 'react'
import { type ExternalToast, toast } from 'sonner'
import { currentLanguage, currentTexts } from '../i18n/current'
import { errorMessage } from '../ui/error-message'
import type { HumanCheckProgress } from './human-check'
import { beginOwnOutcome } from './own-outcome'
import { rejectionText } from './rule-wording'
import { submitCode } from './submit-code'

/**
 * What became of a submission: `accepted` (the Forest Spirits will pay it), `rejected` (the
 * server took it but the catalogue refused it on the spot, with its reason), or `failed` (refused
 * outright: invalid, a duplicate, a limit, no connection).
 */
export type SubmitOutcome = 'accepted' | 'rejected' | 'failed'

/**
 * 'Submit to Forest Spirits': busy while the request runs (and the human check, when its
 * campaign asks for one), the outcome as a toast in the style it
 * deserves: the spec's success text only for a code that will be paid, an error naming why for
 * one refused. The spec's error toast sits in a far corner, so a refusal's words are also kept as
 * `refusal`, for the code box to show beneath it until the visitor edits the code. The texts are
 * those of the language shown when the answer comes.
 */
export function useSubmitCode(): {
  submitting: boolean
  /** the human check running for this submission, for its progress line */
  checking: HumanCheckProgress
  submit: (raw: string) => Promise<SubmitOutcome>
  /** why the last submission was refused, until `clearRefusal` */
  refusal: string | undefined
  clearRefusal: () => void
} {
  const [submitting, setSubmitting] = useState(false)
  const [checking, setChecking] = useState<HumanCheckProgress>('idle')
  const [refusal, setRefusal] = useState<string | undefined>()

  async function submit(raw: string): Promise<SubmitOutcome> {
    const ended = beginOwnOutcome()
    // The outcome counts as shown until its toast goes, by the visitor's hand or its own time.
    const whileShown: ExternalToast = { onDismiss: ended, onAutoClose: ended }
    const refuse = (message: string) => {
      toast.error(message, whileShown)
      setRefusal(message)
    }
    setRefusal(undefined)
    const code = normalizeCode(raw)
    if (!code) {
      refuse(currentTexts().codeInvalid)
      return 'failed'
    }
    setSubmitting(true)
    try {
      const reward = await submitCode(code, setChecking)
      const texts = currentTexts()
      if (reward.status === 'rejected') {
        const why = rejectionText(reward, texts, currentLanguage())
        refuse(texts.codeRejected(why))
        return 'rejected'
      }
      toast.success(texts.codeSubmitted, whileShown)
      return 'accepted'
    } catch (error) {
      // The server words every refusal (invalid, duplicate, locked out) as the spec has it.
      refuse(errorMessage(error))
      return 'failed'
    } finally {
      setSubmitting(false)
    }
  }

  return { submitting, checking, submit, refusal, clearRefusal: () => setRefusal(undefined) }
}
