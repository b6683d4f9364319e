import { Component, type ReactNode } from 'react'
import { useTexts } from '../i18n/current'
import { Button } from './button'
import { errorMessage } from './error-message'
import { Screen } from './screen'

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
    return <ScreenFailed error={this.state.error} />
  }
}

function ScreenFailed({ error }: { error: unknown }) {
  const texts = useTexts()
  return (
    <Screen title={texts.screenFailedTitle}>
      <p className="screen__text" role="alert">
        {texts.screenFailed(errorMessage(error))}
      </p>
      <div className="screen__actions">
        <Button onClick={() => location.reload()}>{texts.reload}</Button>
      </div>
    </Screen>
  )
}
