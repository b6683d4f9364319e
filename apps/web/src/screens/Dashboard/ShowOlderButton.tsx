import { useState } from 'react'
import { toast } from 'sonner'
import { Button } from '../../ui/Button'
import { errorMessage } from '../../ui/errorMessage'

interface ShowOlderButtonProps {
  /** fetches the list's next page */
  load(): Promise<void>
  label: string
  busyLabel: string
  /** the toast when the page could not be fetched, given why */
  failed(message: string): string
  className?: string
}

/** 'Show older' under a paged list: busy while its next page comes, a toast if it cannot. */
export function ShowOlderButton({
  load,
  label,
  busyLabel,
  failed,
  className,
}: ShowOlderButtonProps) {
  const [loading, setLoading] = useState(false)
  const showOlder = async () => {
    setLoading(true)
    try {
      await load()
    } catch (error) {
      toast.error(failed(errorMessage(error)))
    } finally {
      setLoading(false)
    }
  }
  return (
    <Button
      variant="secondary"
      className={className}
      busy={loading}
      busyLabel={busyLabel}
      onClick={showOlder}
    >
      {label}
    </Button>
  )
}
