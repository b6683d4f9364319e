import { type ChangeEvent, useRef, useState } from 'react'
import { toast } from 'sonner'
import { useTexts } from '../../i18n/current'
import { decodeImageFile } from '../../qr/decode-image-file'
import { loadDecoder } from '../../qr/decoder'
import { Button } from '../../ui/button'

interface UploadPanelProps {
  onDetected: (code: string) => void
}

export function UploadPanel({ onDetected }: UploadPanelProps) {
  const texts = useTexts()
  const inputRef = useRef<HTMLInputElement>(null)
  const [reading, setReading] = useState(false)

  async function readChosenFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0]
    // Cleared so choosing the same picture again still counts as a choice.
    event.target.value = ''
    if (!file) return
    setReading(true)
    try {
      try {
        await loadDecoder()
      } catch {
        return // the loader has said it could not load
      }
      const code = await decodeImageFile(file).catch(() => null)
      if (code) onDetected(code)
      else toast.error(texts.noQrInImage)
    } finally {
      setReading(false)
    }
  }

  return (
    <div className="upload">
      <p className="panel__hint">{texts.uploadHint}</p>
      <input ref={inputRef} type="file" accept="image/*" hidden onChange={readChosenFile} />
      <Button variant="secondary" busy={reading} onClick={() => inputRef.current?.click()}>
        {texts.selectQrImage}
      </Button>
    </div>
  )
}
