import type { ButtonHTMLAttributes, Ref } from 'react'
import './button.css'

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** quiet: a step away from the screen's purpose ('Leave Forest'), drawn as a text link */
  variant?: 'primary' | 'secondary' | 'quiet'
  /**
   * While set, the button shows `busyLabel` and ignores presses. Its `aria-label` then gives way to
   * `busyLabel`: a name that does not hold what the button shows fails WCAG's label in name.
   */
  busy?: boolean
  busyLabel?: string
  /** the `<button>` itself, to move focus to it */
  ref?: Ref<HTMLButtonElement>
}

export function Button({
  variant = 'primary',
  busy = false,
  busyLabel,
  disabled,
  children,
  className,
  type = 'button',
  'aria-label': ariaLabel,
  ...rest
}: ButtonProps) {
  const showsBusy = busy && Boolean(busyLabel)
  return (
    <button
      {...rest}
      aria-label={showsBusy ? undefined : ariaLabel}
      type={type}
      className={['button', `button--${variant}`, className].filter(Boolean).join(' ')}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
    >
      {showsBusy ? busyLabel : children}
    </button>
  )
}
