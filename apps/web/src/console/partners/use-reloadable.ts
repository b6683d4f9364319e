import { useCallback, useEffect, useState } from 'react'

/**
 * What `read` answers, read as the panel appears and again after each change the panel makes.
 * Keys and endpoints are not on the console's live stream: they change only when an operator
 * changes them, here or in the CLI, so a panel reads them when it shows and after its own
 * changes rather than holding a stream open for them.
 */
export function useReloadable<Value>(read: () => Promise<Value>) {
  const [value, setValue] = useState<Value | undefined>(undefined)
  const [failure, setFailure] = useState<unknown>(undefined)
  const reload = useCallback(async () => {
    try {
      setValue(await read())
      setFailure(undefined)
    } catch (error) {
      setFailure(error)
    }
  }, [read])
  useEffect(() => {
    void reload()
  }, [reload])
  return { value, failure, reload }
}
