import { FormField } from '../shared/form-field'
import { useConsoleTexts } from '../texts/use-console-texts'

/** An allowlist's file, as a new campaign takes it and an edit replaces it with. */
export function AllowlistField({
  id,
  hint,
  error,
}: {
  id: string
  hint: string
  error: string | undefined
}) {
  const texts = useConsoleTexts()
  return (
    <FormField id={id} label={texts.fields.allowlist} hint={hint} error={error}>
      {(control) => (
        <input {...control} name="allowlist" type="file" accept=".txt,.csv,text/plain,text/csv" />
      )}
    </FormField>
  )
}
