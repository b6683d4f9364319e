import { type ReactNode, useEffect, useId, useRef, useState } from 'react'
import { useMediaQuery } from '../shared/use-media-query'
import { useConsoleTexts } from '../texts/use-console-texts'

/** Where a row's actions no longer fit side by side: tablets in portrait and phones. */
const narrowScreen = '(max-width: 60rem)'

/**
 * A campaign row's actions: side by side on a wide screen; on a narrow one, behind one button
 * that opens them as a popover. The platform's popover closes on Escape or a click elsewhere and
 * gives focus back to its button; an action chosen closes it too, with focus on the button first,
 * so a dialog the action opens returns focus there.
 */
export function RowActions({ slug, children }: { slug: string; children: ReactNode }) {
  const texts = useConsoleTexts()
  const narrow = useMediaQuery(narrowScreen)
  const menuId = useId()
  const buttonRef = useRef<HTMLButtonElement>(null)
  const menuRef = useRef<HTMLDivElement>(null)
  const [open, setOpen] = useState(false)

  // Fixed in the top layer, an open menu would stay put while the page or the table's panel
  // scrolled its button away: it follows its button, as a menu attached to it would.
  useEffect(() => {
    if (!open) return
    const follow = () => placeMenu(buttonRef.current, menuRef.current)
    window.addEventListener('scroll', follow, { capture: true, passive: true })
    window.addEventListener('resize', follow, { passive: true })
    return () => {
      window.removeEventListener('scroll', follow, { capture: true })
      window.removeEventListener('resize', follow)
    }
  }, [open])

  if (!narrow) return <div className="console__actions">{children}</div>

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className="button button--secondary console__small console__menu-button"
        popoverTarget={menuId}
        aria-expanded={open}
        aria-label={texts.rowActions(slug)}
      >
        {texts.actions}
      </button>
      {/* biome-ignore lint/a11y/noStaticElementInteractions lint/a11y/useKeyWithClickEvents: it hears the clicks of the buttons and links inside, which the keyboard makes too */}
      <div
        ref={menuRef}
        id={menuId}
        popover="auto"
        className="console__menu"
        onBeforeToggle={(event) => {
          if (event.newState === 'open') placeMenu(buttonRef.current, menuRef.current)
        }}
        onToggle={(event) => {
          const opened = event.newState === 'open'
          setOpen(opened)
          if (opened) menuRef.current?.querySelector<HTMLElement>('button, a')?.focus()
        }}
        onClick={(event) => {
          if (!(event.target as Element).closest('button, a')) return
          menuRef.current?.hidePopover()
          buttonRef.current?.focus()
        }}
      >
        <div className="console__actions">{children}</div>
      </div>
    </>
  )
}

/**
 * Places a row's menu below its button, their right edges aligned (the actions are the table's
 * last column), or above it when the button sits nearer the screen's bottom: the popover is fixed
 * in the top layer, where the table's scrolling panel cannot clip it, but nothing scrolls it into
 * view either. It is no taller than the room on its side, and scrolls inside itself beyond that.
 */
function placeMenu(buttonElement: HTMLElement | null, menu: HTMLElement | null) {
  if (!buttonElement || !menu) return
  const button = buttonElement.getBoundingClientRect()
  const gap = 4
  const margin = 8
  const roomBelow = window.innerHeight - button.bottom - gap - margin
  const roomAbove = button.top - gap - margin
  const below = roomBelow >= roomAbove
  menu.style.top = below ? `${button.bottom + gap}px` : 'auto'
  menu.style.bottom = below ? 'auto' : `${window.innerHeight - button.top + gap}px`
  menu.style.maxHeight = `${Math.max(below ? roomBelow : roomAbove, 0)}px`
  menu.style.right = `${Math.max(margin, window.innerWidth - button.right)}px`
}
