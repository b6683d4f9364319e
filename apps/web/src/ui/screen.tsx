import { type ReactNode, useEffect, useRef } from 'react'
import './screen.css'

interface ScreenProps {
  title: string
  children: ReactNode
}

/**
 * The centred card every pre-dashboard screen uses. Its heading takes focus when the screen
 * appears, so keyboard and screen-reader users start on the new screen rather than on the
 * body after the previous screen's button vanished.
 */
export function Screen({ title, children }: ScreenProps) {
  const headingRef = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    headingRef.current?.focus()
  }, [])

  return (
    <main className="screen">
      <section className="screen__card" aria-labelledby="screen-title">
        <div className="screen__emblem" aria-hidden="true">
          <svg viewBox="0 0 64 64" width="56" height="56" role="presentation">
            <path d="M32 4 14 30h9L10 48h44L41 30h9Z" fill="currentColor" />
            <rect x="28" y="48" width="8" height="12" rx="2" fill="currentColor" />
          </svg>
        </div>
        <h1 id="screen-title" className="screen__title" ref={headingRef} tabIndex={-1}>
          {title}
        </h1>
        {children}
      </section>
    </main>
  )
}
