import { normalizeCode } from '@fernwood/protocol/codes'
import { useState } from 'react'
import { toast } from 'sonner'
import { useTexts } from '../i18n/current'
import { errorMessage } from '../ui/errorMessage'
import { submitCode } from './submitCode'

/**
 * 'Submit to Forest Spirits': busy while the request runs, the outcome as a toast. Resolves true
 * once the server has taken the code, so the caller can clear the box.
 */
export function useSubmitCode(): {
  submitting: boolean
  submit: (raw: string) => Promise<boolean>
} {
  const texts = useTexts()
  const [submitting, setSubmitting] = useState(false)

  async function submit(raw: string): Promise<boolean> {
    const code = normalizeCode(raw)
    if (!code) {
      toast.error(texts.codeInvalid)
      return false
    }
    setSubmitting(true)
    try {
      await submitCode(code)
      toast.success(texts.codeSubmitted)
      return true
    } catch (error) {
      // The server words every refusal (invalid, duplicate, locked out) as the spec has it.
      toast.error(errorMessage(error))
      return false
    } finally {
      setSubmitting(false)
    }
  }

  return { submitting, submit }
}
