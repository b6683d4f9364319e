/** WAX's device-connect channel client (AWS AppSync), as Cloud Wallet 1.5.0 uses it: a chunk of its own. */
export { Amplify } from 'aws-amplify'
export { events, generateClient } from 'aws-amplify/api'
