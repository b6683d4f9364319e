import { type ReactNode, useEffect, useId, useRef } from 'react'
import { useConsoleTexts } from '../texts/use-console-texts'

/**
 * The card of the console's steps before its board (signing in, connecting the wallet, checking
 * access, a refusal): it always says it is the console, so an operator knows where they are and
 * a visitor who strayed here knows it is not Fernwood's own page. Its heading takes focus when it
 * appears, as every screen's does.
 */
export function ConsoleCard({ title, children }: { title: string; children: ReactNode }) {
  const texts = useConsoleTexts()
  const headingRef = useRef<HTMLHeadingElement>(null)
  const id = useId()
  useEffect(() => {
    headingRef.current?.focus()
  }, [])
  return (
    <main className="console console--card">
      <section className="console__card" aria-labelledby={id}>
        {title !== texts.title && <p className="console__eyebrow">{texts.title}</p>}
        <h1 id={id} ref={headingRef} tabIndex={-1}>
          {title}
        </h1>
        {children}
      </section>
    </main>
  )
}
