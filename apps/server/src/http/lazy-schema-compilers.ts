import { setImmediate as nextTurn } from 'node:timers/promises'
import AjvCompiler from '@fastify/ajv-compiler'
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler'
import type { FastifyServerOptions } from 'fastify'

type ValidatorFactory = ReturnType<typeof AjvCompiler>
type SerializerFactory = ReturnType<typeof SerializerSelector>
type Validate = ReturnType<ReturnType<ValidatorFactory>> & { errors?: unknown }
type CompilersFactory = NonNullable<
  NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']
>

export interface LazySchemaCompilers {
  compilersFactory: CompilersFactory
  /**
   * Compiles, one per turn of the event loop, what no request has needed yet; rejects with the
   * first schema that does not compile.
   */
  compileTheRest(): Promise<void>
}

/**
 * Fastify's own compilers (Ajv for requests, fast-json-stringify for responses), each route's
 * schema compiled when a request first needs it or when `compileTheRest` gets to it, rather than
 * all of them before the server answers: compiling every route's validator and serializer was
 * about a quarter of a restart (270 ms). A server compiles the rest once it listens, so only the
 * requests of its first moments wait for their own schemas (a few tens of milliseconds).
 *
 * Fastify treats a factory of ours as a custom compiler and so hands header schemas over as they
 * are written, without lower-casing their names: a header schema's names are written in lower
 * case, as Node reports them.
 */
export function lazySchemaCompilers(): LazySchemaCompilers {
  const uncompiled = new Set<() => void>()
  /** `compile` the first time the returned function is called, or by `compileTheRest`. */
  const onDemand = <Compiled>(compile: () => Compiled): (() => Compiled) => {
    let compiled: Compiled | undefined
    const compiledNow = () => {
      if (compiled === undefined) {
        compiled = compile()
        uncompiled.delete(compiledNow)
      }
      return compiled
    }
    uncompiled.add(compiledNow)
    return compiledNow
  }

  const buildValidator: ValidatorFactory = AjvCompiler()
  const buildSerializer: SerializerFactory = SerializerSelector()
  const buildLazyValidator: ValidatorFactory = (externalSchemas, ajvOptions) => {
    const compile = buildValidator(externalSchemas, ajvOptions)
    return (route) => {
      const compiled = onDemand(() => compile(route) as Validate)
      // Fastify reads a failed validation's reasons from the function it was given.
      const validate = ((data: unknown) => {
        const validator = compiled()
        const valid = validator(data)
        validate.errors = validator.errors
        return valid
      }) as Validate
      return validate
    }
  }
  const buildLazySerializer: SerializerFactory = (externalSchemas, serializerOptions) => {
    const compile = buildSerializer(externalSchemas, serializerOptions)
    return (route) => {
      const compiled = onDemand(() => compile(route))
      return (data: unknown) => compiled()(data)
    }
  }

  return {
    compilersFactory: { buildValidator: buildLazyValidator, buildSerializer: buildLazySerializer },
    async compileTheRest() {
      for (const compiledNow of uncompiled) {
        await nextTurn()
        compiledNow()
      }
    },
  }
}
