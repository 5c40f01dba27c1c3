// fast-check arbitraries made from a route's own request schemas (the JSON Schema fastify validates
// with, written from the zod declarations): mostly values of the declared shape — at its edges, with
// hostile strings — and now and then anything at all, so both the validator and what lies behind it
// are exercised.
import fc from 'fast-check';

type Schema = Record<string, unknown>;

/** Strings that have broken servers: control bytes, lone surrogates, injections, paths, huge and odd numbers. */
export const HOSTILE_STRINGS = [
  '',
  ' ',
  '\u0000',
  '\u0000\u001b[2J',
  '\ud800',
  '\uffff',
  '../../../../etc/passwd',
  '..%2f..%2fetc%2fpasswd',
  '<script>alert(1)</script>',
  "'; drop table articles; --",
  '%00',
  '%',
  '\r\nX-Injected: 1',
  '__proto__',
  'constructor',
  'NaN',
  '-1',
  '-0',
  '1e309',
  '9'.repeat(40),
  'http://127.0.0.1:1/',
  'http://[::1]/',
  'file:///etc/passwd',
  'javascript:alert(1)',
  '😀'.repeat(50),
  'ａｄｍｉｎ',
  'x'.repeat(70_000),
];

const hostileString = fc.constantFrom(...HOSTILE_STRINGS);
const hostileNumber = fc.constantFrom(0, -1, -0.5, 1.5, 2 ** 31, 2 ** 53, -(2 ** 53), 1e308, Number.MIN_VALUE);
/** Anything a JSON body can hold, a prototype-polluting key among them. */
const anyJson: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  hostileString,
  hostileNumber,
  fc.constant({ ['__proto__']: { admin: true } }),
  fc.constant(JSON.parse('{"__proto__": {"polluted": 1}, "constructor": {"prototype": {"polluted": 1}}}')),
);

function types(schema: Schema): string[] {
  const type = schema.type;
  return Array.isArray(type) ? (type as string[]) : typeof type === 'string' ? [type] : [];
}

function stringOf(schema: Schema): fc.Arbitrary<string> {
  const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const max = typeof schema.maxLength === 'number' ? schema.maxLength : 80;
  const shaped: fc.Arbitrary<string>[] = [fc.string({ minLength: Math.min(min, 80), maxLength: Math.min(max, 80) }), hostileString];
  if (schema.format === 'uri' || schema.format === 'url') shaped.push(fc.webUrl());
  if (schema.format === 'date-time') shaped.push(fc.date({ noInvalidDate: true }).map((date) => date.toISOString()));
  if (schema.format === 'email') shaped.push(fc.emailAddress());
  // Just past the declared bound, where off-by-one checks live.
  if (typeof schema.maxLength === 'number' && schema.maxLength < 100_000) shaped.push(fc.constant('y'.repeat(schema.maxLength + 1)));
  return fc.oneof(...shaped);
}

function numberOf(schema: Schema, integer: boolean): fc.Arbitrary<number> {
  const min = typeof schema.minimum === 'number' ? schema.minimum : undefined;
  const max = typeof schema.maximum === 'number' ? schema.maximum : undefined;
  const inRange = integer
    ? fc.integer({ min: Math.max(min ?? -1e6, -(2 ** 31)), max: Math.min(max ?? 1e6, 2 ** 31) })
    : fc.double({ min: min ?? -1e6, max: max ?? 1e6, noNaN: true, noDefaultInfinity: true });
  const edges = [min, max, min === undefined ? undefined : min - 1, max === undefined ? undefined : max + 1].filter((x): x is number => x !== undefined);
  return fc.oneof(inRange, hostileNumber, ...(edges.length ? [fc.constantFrom(...edges)] : []));
}

/** Values for `schema`: of its shape four times in five, anything else otherwise. */
export function arbitraryOf(schema: Schema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 6) return anyJson;
  return fc.oneof({ weight: 4, arbitrary: shapedOf(schema, depth) }, { weight: 1, arbitrary: anyJson });
}

function shapedOf(schema: Schema, depth: number): fc.Arbitrary<unknown> {
  if (Array.isArray(schema.enum) && schema.enum.length) return fc.constantFrom(...(schema.enum as unknown[]));
  if ('const' in schema) return fc.constant(schema.const);
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    const options = schema[key];
    if (Array.isArray(options) && options.length) return fc.oneof(...(options as Schema[]).map((option) => shapedOf(option, depth + 1)));
  }
  const kinds = types(schema);
  if (!kinds.length) return schema.properties ? objectOf(schema, depth) : anyJson;
  return fc.oneof(
    ...kinds.map((kind): fc.Arbitrary<unknown> => {
      switch (kind) {
        case 'string':
          return stringOf(schema);
        case 'integer':
          return numberOf(schema, true);
        case 'number':
          return numberOf(schema, false);
        case 'boolean':
          return fc.boolean();
        case 'null':
          return fc.constant(null);
        case 'array':
          return fc.array(arbitraryOf(schema.items as Schema | undefined, depth + 1), { maxLength: Math.min(Number(schema.maxItems ?? 5), 5) });
        case 'object':
          return objectOf(schema, depth);
        default:
          return anyJson;
      }
    }),
  );
}

function objectOf(schema: Schema, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  const fields = Object.fromEntries(Object.entries(properties).map(([key, value]) => [key, arbitraryOf(value, depth + 1)]));
  const required = ((schema.required ?? []) as string[]).filter((key) => key in fields);
  // The required keys present most of the time, so that cases get past the validator; a missing one is a case too.
  const record = fc.oneof(
    { weight: 4, arbitrary: fc.record(fields, { requiredKeys: required }) },
    { weight: 1, arbitrary: fc.record(fields, { requiredKeys: [] }) },
  ) as fc.Arbitrary<Record<string, unknown>>;
  // Now and then a key the schema does not know.
  return fc.tuple(record, fc.option(fc.tuple(fc.constantFrom('extra', '__proto__', 'constructor', 'id'), anyJson), { freq: 5 })).map(([value, extra]) => {
    const out: Record<string, unknown> = { ...value };
    if (extra) Object.defineProperty(out, extra[0], { value: extra[1], enumerable: true, configurable: true, writable: true });
    return out;
  });
}
