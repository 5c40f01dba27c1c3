// JSON answers written from their declared schemas (src/api/response-schemas.ts) outside a route:
// the public snapshot serialises its parts here, once per rebuild, as fastify does per request for
// the other routes. And the check the test suite turns on (NEWSCTL_CHECK_ANSWERS=1): an answer its
// schema changed — a field the schema lacks, a value written differently — is an error, not a
// silent loss on the wire.
import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
import type { z } from 'zod';
import { jsonSchemaOf } from '../../../api/response-schemas.js';
import { nextTurn } from '../../../shared/turns.js';

/** Fields a service keeps for itself and its answer's schema leaves out on purpose. */
const INTERNAL_FIELDS = new Set(['assetId']);

export const checkingAnswers = (): boolean => process.env.NEWSCTL_CHECK_ANSWERS === '1';

function withoutInternalFields(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutInternalFields);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => !INTERNAL_FIELDS.has(key))
        .map(([key, field]) => [key, withoutInternalFields(field)]),
    );
  }
  return value;
}

/** Throws when `written` (JSON) is not what `built` says, written plainly (its internal fields aside). */
export function assertAnswerKept(where: string, built: unknown, written: string): void {
  const plain = withoutInternalFields(JSON.parse(JSON.stringify(built)) as unknown);
  if (!isDeepStrictEqual(JSON.parse(written), plain)) {
    throw new Error(`${where}: the answer's schema changed it.\nbuilt: ${JSON.stringify(plain).slice(0, 2000)}\nsent:  ${written.slice(0, 2000)}`);
  }
}

/** A function writing values of `schema` as JSON, through the schema (compiled once). */
export function answerWriter(where: string, schema: z.ZodType): (value: unknown) => string {
  const write = fastJson(jsonSchemaOf(schema) as unknown as Parameters<typeof fastJson>[0]);
  if (!checkingAnswers()) return write;
  return (value) => {
    const written = write(value);
    assertAnswerKept(where, value, written);
    return written;
  };
}

/**
 * A function writing an array of `element` values as JSON in parts, `perTurn` elements a turn of
 * the event loop: the parts joined are the array's JSON (a large answer, 2,000 sites' lists,
 * written at once held the daemon's thread for up to 140 ms).
 */
export function arrayPartsWriter(where: string, element: z.ZodType, perTurn: number): (items: readonly unknown[]) => Promise<string[]> {
  const write = answerWriter(where, element);
  return async (items) => {
    const parts = ['['];
    for (let start = 0; start < items.length; start += perTurn) {
      if (start > 0) await nextTurn();
      const written = items
        .slice(start, start + perTurn)
        .map(write)
        .join(',');
      parts.push(start > 0 ? `,${written}` : written);
    }
    parts.push(']');
    return parts;
  };
}
