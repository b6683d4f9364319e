import type { ButtonHTMLAttributes } from 'react'
import './icon-button.css'

/** Each icon's strokes on a 24-unit grid, and the size it is drawn at. */
const icons = {
  close: { path: 'M6 6l12 12M18 6 6 18', strokeWidth: 2.5, size: 20 },
  menu: { path: 'M4 7h16M4 12h16M4 17h16', strokeWidth: 2.2, size: 24 },
} as const

interface IconButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  icon: keyof typeof icons
  /** The button's only name: it shows no words. */
  'aria-label': string
}

/** A button that shows an icon alone: the dialogs' close, the phone header's menu. */
export function IconButton({ icon, className, type = 'button', ...rest }: IconButtonProps) {
  const { path, strokeWidth, size } = icons[icon]
  return (
    <button {...rest} type={type} className={['icon-button', className].filter(Boolean).join(' ')}>
      <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true">
        <path d={path} stroke="currentColor" strokeWidth={strokeWidth} strokeLinecap="round" />
      </svg>
    </button>
  )
}
