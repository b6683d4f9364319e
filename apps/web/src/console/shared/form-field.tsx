import type { ReactNode } from 'react'

/** What a form control needs to be labelled, described and marked when refused. */
export interface ControlProps {
  id: string
  'aria-invalid': true | undefined
  'aria-describedby': string | undefined
}

/**
 * A labelled form control with its hint and, once refused, the reason right under it: the
 * control is marked invalid and described by the reason, so a screen reader says it on focus.
 */
export function FormField({
  id,
  label,
  hint,
  error,
  children,
}: {
  id: string
  label: string
  hint?: string
  error?: string
  children(control: ControlProps): ReactNode
}) {
  const describedBy = [error && `${id}-error`, hint && `${id}-hint`].filter(Boolean).join(' ')
  return (
    <div className="console__field">
      <label htmlFor={id}>{label}</label>
      {children({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy || undefined,
      })}
      {error && (
        <p id={`${id}-error`} className="console__field-error">
          {error}
        </p>
      )}
      {hint && (
        <small id={`${id}-hint`} className="console__hint">
          {hint}
        </small>
      )}
    </div>
  )
}
