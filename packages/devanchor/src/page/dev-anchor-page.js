// The Dev Anchor page's behaviour: read the link (pasted or scanned), ask the server what it is,
// and send the person's answer. The server does the reading and signing with the real libraries.

const form = document.getElementById('request')
const base = form.dataset.base
const link = document.getElementById('link')
const account = document.getElementById('account')
const summary = document.getElementById('summary')
const status = document.getElementById('status')
const scan = document.getElementById('scan')
const camera = document.getElementById('camera')

async function post(path, body) {
  const response = await fetch(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  const answer = await response.json()
  if (!response.ok) throw new Error(answer.error?.message ?? `HTTP ${response.status}`)
  return answer
}

async function describe() {
  summary.textContent = ''
  if (!link.value.trim()) return
  try {
    const request = await post(`${base}/inspect`, { link: link.value.trim() })
    summary.textContent =
      request.kind === 'identity'
        ? `Login request from ${request.appName ?? 'an app'}`
        : `Transaction: ${request.actions.map((action) => `${action.account}::${action.name}`).join(', ')}`
  } catch (error) {
    summary.textContent = error.message
  }
}

link.addEventListener('input', describe)

form.addEventListener('submit', async (event) => {
  event.preventDefault()
  const decision = event.submitter?.value === 'decline' ? 'decline' : 'approve'
  status.textContent = decision === 'approve' ? 'Approving…' : 'Declining…'
  try {
    const answer = await post(`${base}/answer`, {
      link: link.value.trim(),
      decision,
      account: account.value,
    })
    status.textContent =
      answer.answered === 'declined'
        ? 'Declined.'
        : `Approved as ${answer.signer}.${answer.serving ? ' Its transactions are signed here as they arrive.' : ''}`
    link.value = ''
    summary.textContent = ''
  } catch (error) {
    status.textContent = `Not answered: ${error.message}`
  }
})

// Phones' browsers read QR codes themselves (BarcodeDetector); elsewhere the link is pasted.
if ('BarcodeDetector' in window && navigator.mediaDevices) {
  scan.hidden = false
  scan.addEventListener('click', async () => {
    const detector = new window.BarcodeDetector({ formats: ['qr_code'] })
    const stream = await navigator.mediaDevices.getUserMedia({
      video: { facingMode: 'environment' },
    })
    camera.srcObject = stream
    camera.hidden = false
    await camera.play()
    const stop = () => {
      for (const track of stream.getTracks()) track.stop()
      camera.hidden = true
    }
    const look = async () => {
      const [code] = await detector.detect(camera).catch(() => [])
      if (code?.rawValue.startsWith('esr:')) {
        stop()
        link.value = code.rawValue
        await describe()
      } else if (!camera.hidden) setTimeout(look, 300)
    }
    look()
  })
}
