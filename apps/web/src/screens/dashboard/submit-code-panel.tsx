import { type FormEvent, useEffect, useId, useRef, useState } from 'react'
import { toast } from 'sonner'
import { useTexts } from '../../i18n/current'
import { readQrText } from '../../qr/qr-text'
import { HumanCheckProgress } from '../../rewards/human-check-progress'
import { useSubmitCode } from '../../rewards/use-submit-code'
import { Button } from '../../ui/button'
import { Tabs } from '../../ui/tabs'
import '../../ui/text-field.css'
import { Panel } from './panel'
import { ScanPanel } from './scan-panel'
import { UploadPanel } from './upload-panel'

type Method = 'enter' | 'scan' | 'upload'

export function SubmitCodePanel() {
  const texts = useTexts()
  const inputId = useId()
  const [method, setMethod] = useState<Method>('enter')
  const [code, setCode] = useState('')
  const { submitting, checking, submit, refusal, clearRefusal } = useSubmitCode()
  const refusalId = `${inputId}-refusal`
  const inputRef = useRef<HTMLInputElement>(null)
  const [detections, setDetections] = useState(0)

  // A code read from a QR image lands in the box, shown next to the submit button with focus on it.
  useEffect(() => {
    if (detections > 0) inputRef.current?.focus()
  }, [detections])

  function showDetected(found: string) {
    const read = readQrText(found, location.origin)
    if (read.kind === 'otherSite') {
      toast.error(texts.qrOtherSite(read.host))
      return
    }
    if (read.kind === 'notClaimLink') {
      toast.error(texts.claimLinkInvalid)
      return
    }
    setCode(read.code)
    clearRefusal()
    toast.success(texts.codeDetected(read.code))
    setMethod('enter')
    setDetections((count) => count + 1)
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (submitting || code === '') return
    const outcome = await submit(code)
    if (outcome === 'accepted') setCode('')
    // A refused code stays, selected, next to the words under it: a typo is corrected, another
    // code typed over it.
    else inputRef.current?.select()
  }

  return (
    <Panel className="panel--submit" title={texts.submitCodeTitle}>
      <form className="submit-code" onSubmit={onSubmit}>
        <Tabs<Method>
          label={texts.submitCodeMethods}
          selected={method}
          onSelect={setMethod}
          tabs={[
            {
              key: 'enter',
              label: texts.enterCodeTab,
              panel: (
                <div className="enter-code">
                  <label htmlFor={inputId} className="visually-hidden">
                    {texts.codeLabel}
                  </label>
                  <input
                    ref={inputRef}
                    id={inputId}
                    className="enter-code__input text-field"
                    type="text"
                    value={code}
                    onChange={(event) => {
                      setCode(event.target.value)
                      clearRefusal()
                    }}
                    placeholder={texts.codePlaceholder}
                    autoComplete="off"
                    autoCapitalize="none"
                    autoCorrect="off"
                    spellCheck={false}
                    enterKeyHint="send"
                    aria-invalid={refusal ? true : undefined}
                    aria-describedby={refusal ? refusalId : undefined}
                  />
                  <p id={refusalId} className="enter-code__refusal" role="alert">
                    {refusal}
                  </p>
                </div>
              ),
            },
            {
              key: 'scan',
              label: texts.scanQrTab,
              panel: <ScanPanel active={method === 'scan'} onDetected={showDetected} />,
            },
            {
              key: 'upload',
              label: texts.uploadQrTab,
              panel: <UploadPanel onDetected={showDetected} />,
            },
          ]}
        />
        <Button
          type="submit"
          className="submit-code__button"
          busy={submitting}
          busyLabel={texts.submittingCode}
          disabled={code === ''}
        >
          {texts.submitCode}
        </Button>
        <HumanCheckProgress progress={checking} />
      </form>
    </Panel>
  )
}
