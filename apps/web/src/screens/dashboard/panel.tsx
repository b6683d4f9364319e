import { type HTMLAttributes, type ReactNode, useId } from 'react'

interface PanelProps extends Omit<HTMLAttributes<HTMLElement>, 'title'> {
  title: string
  children: ReactNode
}

/** A dashboard card: a region named by its own heading. */
export function Panel({ title, className, children, ...rest }: PanelProps) {
  const headingId = useId()
  return (
    <section
      {...rest}
      className={className ? `panel ${className}` : 'panel'}
      aria-labelledby={headingId}
    >
      <h2 id={headingId} className="panel__title">
        {title}
      </h2>
      {children}
    </section>
  )
}
