import { Component, type ReactNode } from 'react'
import { texts } from '../texts'
import { Button } from './Button'
import { errorMessage } from './errorMessage'
import { Screen } from './Screen'

interface State {
  error: unknown
}

/**
 * A screen whose code could not be fetched (a lazily loaded chunk on a dropped connection) would
 * otherwise leave the page blank. React caches the failed import, so trying again means a reload.
 */
export class ScreenErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: undefined }

  static getDerivedStateFromError(error: unknown): State {
    return { error }
  }

  override render() {
    if (this.state.error === undefined) return this.props.children
    return (
      <Screen title={texts.screenFailedTitle}>
        <p className="screen__text" role="alert">
          {texts.screenFailed(errorMessage(this.state.error))}
        </p>
        <div className="screen__actions">
          <Button onClick={() => location.reload()}>{texts.reload}</Button>
        </div>
      </Screen>
    )
  }
}
