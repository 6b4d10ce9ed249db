/**
 * zod's English messages ("Invalid option: expected one of 13|15"), which every "bad options", "bad state" and
 * "bad config" message quotes, as an error map of tengym's own. The classic `zod` sets them when imported; `zod/mini`
 * leaves them to the app, and `zod/locales` brings all 65 of zod's languages with the English one. A bundler that
 * does not tree-shake (Metro) would ship every one, so the words are kept here, the same as zod's `en` locale says
 * them for every issue zod raises.
 */
import type * as z from 'zod/mini';

/** The unit of a size check, by what was measured; other origins are compared as values. */
const SIZE_UNITS: Record<string, string> = {
  string: 'characters',
  file: 'bytes',
  array: 'items',
  set: 'items',
  map: 'entries',
};

/** A string format's name in a message, where it differs from the format's own. */
const FORMAT_NAMES: Record<string, string> = {
  regex: 'input',
  email: 'email address',
  url: 'URL',
  uuid: 'UUID',
  uuidv4: 'UUIDv4',
  uuidv6: 'UUIDv6',
  guid: 'GUID',
  ulid: 'ULID',
  xid: 'XID',
  ksuid: 'KSUID',
  datetime: 'ISO datetime',
  date: 'ISO date',
  time: 'ISO time',
  duration: 'ISO duration',
  ipv4: 'IPv4 address',
  ipv6: 'IPv6 address',
  mac: 'MAC address',
  cidrv4: 'IPv4 range',
  cidrv6: 'IPv6 range',
  base64: 'base64-encoded string',
  base64url: 'base64url-encoded string',
  json_string: 'JSON string',
  e164: 'E.164 number',
  currency_code: 'currency code',
  credit_card: 'credit card number',
  iban: 'IBAN',
  jwt: 'JWT',
  template_literal: 'input',
};

/** A value in a message as zod quotes it: a string in double quotes, a bigint with its n. */
function quoted(value: unknown): string {
  return typeof value === 'bigint' ? `${value}n` : typeof value === 'string' ? `"${value}"` : `${String(value)}`;
}

/** What an input is, as zod names it: "nan", "null", "array", a class's name, or its `typeof`. */
function inputType(input: unknown): string {
  if (typeof input === 'number') return Number.isNaN(input) ? 'nan' : 'number';
  if (typeof input !== 'object') return typeof input;
  if (input === null) return 'null';
  if (Array.isArray(input)) return 'array';
  const made = Object.getPrototypeOf(input) !== Object.prototype && 'constructor' in input ? input.constructor : null;
  return typeof made === 'function' ? made.name : 'object';
}

/** A type's name in a message: "NaN" for zod's "nan", and an infinite number as itself. */
function typeName(type: string, input?: unknown): string {
  if (type === 'number' && typeof input === 'number' && !Number.isFinite(input)) return String(input);
  return type === 'nan' ? 'NaN' : type;
}

/** One issue's message, in the words of zod's English locale. */
export function zodEnglishMessage(issue: z.core.$ZodRawIssue): string {
  // zod's own helpers are not imported: reading them through `z.core` would keep all of zod's core in a bundle.
  const joinValues = (values: readonly unknown[], separator: string) => values.map(quoted).join(separator);
  switch (issue.code) {
    case 'invalid_type': {
      const received = typeName(inputType(issue.input), issue.input);
      return `Invalid input: expected ${typeName(issue.expected)}, received ${received}`;
    }
    case 'invalid_value':
      return issue.values.length === 1
        ? `Invalid input: expected ${quoted(issue.values[0])}`
        : `Invalid option: expected one of ${joinValues(issue.values, '|')}`;
    case 'too_big':
    case 'too_small': {
      const big = issue.code === 'too_big';
      const bound = (big ? issue.maximum : issue.minimum).toString();
      const adjective = issue.exact ? 'exactly ' : issue.inclusive ? (big ? '<=' : '>=') : big ? '<' : '>';
      const unit = issue.origin === undefined ? undefined : SIZE_UNITS[issue.origin];
      // zod says "value" for a too_big issue of no origin, and leaves a too_small one's as it is.
      const origin = big ? (issue.origin ?? 'value') : issue.origin;
      return unit === undefined
        ? `Too ${big ? 'big' : 'small'}: expected ${origin} to be ${adjective}${bound}`
        : `Too ${big ? 'big' : 'small'}: expected ${origin} to have ${adjective}${bound} ${unit}`;
    }
    case 'invalid_format': {
      const format = issue as z.core.$ZodRawIssue<z.core.$ZodIssueInvalidStringFormat> & {
        prefix?: string;
        suffix?: string;
        includes?: string;
        pattern?: string;
      };
      if (format.format === 'starts_with') return `Invalid string: must start with "${format.prefix}"`;
      if (format.format === 'ends_with') return `Invalid string: must end with "${format.suffix}"`;
      if (format.format === 'includes') return `Invalid string: must include "${format.includes}"`;
      if (format.format === 'regex') return `Invalid string: must match pattern ${format.pattern}`;
      return `Invalid ${FORMAT_NAMES[format.format] ?? format.format}`;
    }
    case 'not_multiple_of':
      return `Invalid number: must be a multiple of ${issue.divisor}`;
    case 'unrecognized_keys':
      return `Unrecognized key${issue.keys.length > 1 ? 's' : ''}: ${joinValues(issue.keys, ', ')}`;
    case 'invalid_key':
      return `Invalid key in ${issue.origin}`;
    case 'invalid_union': {
      const options = (issue as { options?: unknown }).options;
      if (Array.isArray(options) && options.length > 0)
        return `Invalid discriminator value. Expected ${options.map((o) => `'${o}'`).join(' | ')}`;
      return (issue as { inclusive?: boolean }).inclusive === false
        ? 'Invalid input: more than one option matched'
        : 'Invalid input';
    }
    case 'invalid_element':
      return `Invalid value in ${issue.origin}`;
    default:
      return 'Invalid input';
  }
}
