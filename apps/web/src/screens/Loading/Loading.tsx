import { texts } from '../../texts'
import './Loading.css'

export function Loading() {
  return (
    <main className="loading">
      <div className="loading__leaf" aria-hidden="true" />
      <p className="loading__text" role="status">
        {texts.loading}
      </p>
    </main>
  )
}
