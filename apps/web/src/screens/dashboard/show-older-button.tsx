import { useState } from 'react'
import { toast } from 'sonner'
import { useTexts } from '../../i18n/current'
import { loadOlderActivity, loadOlderHistory, useLive } from '../../live/store'
import { Button } from '../../ui/button'
import { errorMessage } from '../../ui/error-message'

/**
 * 'Show older' under one of the dashboard's paged lists, while the server holds older entries:
 * busy while the next page comes, a toast if it cannot.
 */
export function ShowOlderButton({ list }: { list: 'activity' | 'treasures' }) {
  const texts = useTexts()
  const { olderPending, olderHistory } = useLive()
  const [loading, setLoading] = useState(false)
  const activity = list === 'activity'
  if (!(activity ? olderPending : olderHistory)) return null

  const showOlder = async () => {
    setLoading(true)
    try {
      await (activity ? loadOlderActivity() : loadOlderHistory())
    } catch (error) {
      const why = errorMessage(error)
      toast.error(activity ? texts.olderActivityFailed(why) : texts.olderTreasuresFailed(why))
    } finally {
      setLoading(false)
    }
  }
  return (
    <Button
      variant="secondary"
      busy={loading}
      busyLabel={activity ? texts.loadingOlderActivity : texts.loadingOlderTreasures}
      onClick={showOlder}
    >
      {activity ? texts.showOlderActivity : texts.showOlderTreasures}
    </Button>
  )
}
