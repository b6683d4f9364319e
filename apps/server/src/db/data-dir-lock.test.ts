import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { type ScriptProcess, spawnScript, stopScript } from '../../test/support/script-process.ts'
import { DataDirInUseError, LOCK_FILE, lockDataDir } from './data-dir-lock.ts'

const cleanups: Array<() => Promise<unknown>> = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

async function dataDir(): Promise<string> {
  const directory = await mkdtemp(path.join(tmpdir(), 'fernwood-lock-'))
  cleanups.push(() => rm(directory, { recursive: true, force: true }))
  return directory
}

/** A running process that is not a Fernwood server, whose pid a lock file can name. */
async function liveProcess() {
  const child = spawn('sleep', ['120'])
  await once(child, 'spawn')
  cleanups.push(async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
  })
  return child
}

/** The pid of a process that has exited. */
async function deadPid(): Promise<number> {
  const child = spawn('true')
  await once(child, 'exit')
  return child.pid as number
}

/** Another process taking `directory`; resolves to its first line. */
async function holdInAnotherProcess(directory: string): Promise<[ScriptProcess, string]> {
  const holder = spawnScript('test/support/hold-data-dir.ts', {}, [directory])
  cleanups.push(() => stopScript(holder, 'SIGKILL'))
  while (!holder.output().includes('\n')) {
    const ended = await Promise.race([
      holder.exited.then(() => true),
      new Promise((resolve) => setTimeout(() => resolve(false), 20)),
    ])
    if (ended && !holder.output().includes('\n')) throw new Error(holder.output() || 'no output')
  }
  return [holder, holder.output().split('\n')[0]]
}

const lockFileOf = (directory: string) => path.join(directory, LOCK_FILE)

describe('the DATA_DIR lock', { timeout: 60_000 }, () => {
  it('records the owner’s pid and removes its file on release', async () => {
    const directory = await dataDir()
    const release = await lockDataDir(directory)
    expect(await readFile(lockFileOf(directory), 'utf8')).toBe(`${process.pid}\n`)
    await release()
    expect(await readdir(directory)).toEqual([])
  })

  it('is refused while the process it names runs, naming that pid', async () => {
    const directory = await dataDir()
    const owner = await liveProcess()
    await writeFile(lockFileOf(directory), `${owner.pid}\n`)
    const refusal = lockDataDir(directory)
    await expect(refusal).rejects.toThrow(DataDirInUseError)
    await expect(refusal).rejects.toThrow(
      `DATA_DIR ${directory} is in use by another running Fernwood process (pid ${owner.pid})`,
    )
    expect(await readFile(lockFileOf(directory), 'utf8')).toBe(`${owner.pid}\n`)
  })

  it('is taken over at once when the process it names is gone', async () => {
    const directory = await dataDir()
    const owner = await liveProcess()
    await writeFile(lockFileOf(directory), `${owner.pid}\n`)
    owner.kill('SIGKILL')
    await once(owner, 'exit')

    const release = await lockDataDir(directory)
    expect(await readFile(lockFileOf(directory), 'utf8')).toBe(`${process.pid}\n`)
    await release()
  })

  it('is taken over when its file holds no pid, or our own (a pid reused after a restart)', async () => {
    for (const content of ['', 'garbage', `${process.pid}\n`]) {
      const directory = await dataDir()
      await writeFile(lockFileOf(directory), content)
      const release = await lockDataDir(directory)
      expect(await readFile(lockFileOf(directory), 'utf8')).toBe(`${process.pid}\n`)
      await release()
    }
  })

  it('held by another process, is refused to this one until that process is gone', async () => {
    const directory = await dataDir()
    const [holder, line] = await holdInAnotherProcess(directory)
    expect(line).toBe(`locked ${holder.child.pid}`)
    await expect(lockDataDir(directory)).rejects.toThrow(`(pid ${holder.child.pid})`)

    await stopScript(holder, 'SIGKILL')
    const release = await lockDataDir(directory)
    await release()
  })

  it('two processes taking over the same stale lock at once: exactly one gets it', async () => {
    const directory = await dataDir()
    await writeFile(lockFileOf(directory), `${await deadPid()}\n`)
    const [[first, firstLine], [second, secondLine]] = await Promise.all([
      holdInAnotherProcess(directory),
      holdInAnotherProcess(directory),
    ])
    const lines = [firstLine, secondLine].sort()
    const winner = firstLine.startsWith('locked') ? first : second
    expect(lines).toEqual([`in use ${winner.child.pid}`, `locked ${winner.child.pid}`])
    expect(await readFile(lockFileOf(directory), 'utf8')).toBe(`${winner.child.pid}\n`)
  })
})
