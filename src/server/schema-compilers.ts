// Request validators and answer serializers, compiled when a route is first called rather than when
// the app is built: an app has about 200 routes and a CLI command or a test calls a handful, yet
// compiling them all cost 0.75 s of every in-process command's start. A daemon pays each route's
// compilation (a few milliseconds) on its first request instead.
import { Ajv, type ValidateFunction } from 'ajv';
import type { FastifyInstance } from 'fastify';
import fastJson from 'fast-json-stringify';

type Check = ((data: unknown, context?: Parameters<ValidateFunction>[1]) => boolean) & {
  errors: ValidateFunction['errors'];
  /** Tells fastify to pass the parent object, so Ajv may coerce and default a part's root value. */
  schemaEnv: true;
};

function validatorOnFirstUse(compile: () => ValidateFunction): Check {
  let validate: ValidateFunction | null = null;
  const check: Check = Object.assign(
    (data: unknown, context?: Parameters<ValidateFunction>[1]) => {
      validate ??= compile();
      const valid = validate(data, context) as boolean;
      check.errors = validate.errors;
      return valid;
    },
    { errors: null, schemaEnv: true as const },
  );
  return check;
}

/**
 * Query strings and path parameters are text, so they are coerced ("50" → 50); JSON bodies are
 * not: a string where a number belongs is a client error, not something to guess about.
 */
export function compileSchemasOnFirstUse(app: FastifyInstance): void {
  let coercing: Ajv | null = null;
  let exact: Ajv | null = null;
  const options = { useDefaults: true, removeAdditional: false, allErrors: false, strict: false } as const;
  app.setValidatorCompiler(({ schema, httpPart }) =>
    validatorOnFirstUse(() =>
      httpPart === 'body'
        ? (exact ??= new Ajv({ ...options, coerceTypes: false })).compile(schema)
        : (coercing ??= new Ajv({ ...options, coerceTypes: 'array' })).compile(schema),
    ),
  );
  app.setSerializerCompiler(({ schema }) => {
    let serialize: ((data: unknown) => string) | null = null;
    return (data: unknown) => (serialize ??= fastJson(schema as Parameters<typeof fastJson>[0]))(data);
  });
}
