export * from './config.ts'
export * from './errors.ts'
export * from './user.ts'
