/**
 * Attribute converters for the props plain HTML can set. Object props take JSON text; size limits
 * also take a short form (`10 MB`); lists also take comma-separated words. A value that cannot be
 * read is ignored with a console warning naming the attribute, rather than throwing inside the
 * browser's attribute callback.
 */
import type { ComplexAttributeConverter } from 'lit';
import type { FileSizeLimit } from '../../engine/core/file-limits.js';
import { readSizeUnit } from '../../engine/core/sizes.js';

function warnIgnored(attribute: string, value: string, expected: string): undefined {
  console.warn(`<svc-uploader> ignored ${attribute}="${value}": expected ${expected}.`);
  return undefined;
}

function parseJson(attribute: string, value: string): unknown {
  try {
    return JSON.parse(value);
  } catch {
    return warnIgnored(attribute, value, 'JSON');
  }
}

/**
 * What a renderer that can only write attributes makes of an object: `String({})` is
 * `[object Object]`, and an array of objects joins those with commas. Server rendering writes
 * such text for object props (Svelte's does, for every prop bound to an object); the real value
 * arrives as a property when the page hydrates. The text carries nothing to read.
 */
export function isStringifiedObject(value: string): boolean {
  return /^\[object [A-Za-z]+\](?:,\[object [A-Za-z]+\])*$/.test(value.trim());
}

/** JSON text for an object (or array) prop; an absent or empty attribute means "not set". */
export function jsonConverter(attribute: string): ComplexAttributeConverter<unknown> {
  return {
    fromAttribute: (value) => (value === null || value.trim() === '' ? undefined : parseJson(attribute, value)),
    toAttribute: (value) => (value === undefined ? null : JSON.stringify(value)),
  };
}

/** Plain text; a removed attribute means "not set" (undefined), never `null`. */
export const stringConverter: ComplexAttributeConverter<string | undefined> = {
  fromAttribute: (value) => value ?? undefined,
  toAttribute: (value) => value ?? null,
};

/** A finite number; anything else means "not set" so the engine default applies. */
export function numberConverter(attribute: string): ComplexAttributeConverter<number | undefined> {
  return {
    fromAttribute(value) {
      if (value === null || value.trim() === '') return undefined;
      const number = Number(value);
      return Number.isFinite(number) ? number : warnIgnored(attribute, value, 'a number');
    },
    toAttribute: (value) => (value === undefined ? null : String(value)),
  };
}

/**
 * `{"size": 10, "unit": "MB"}` or the short form `10 MB` / `10MB` / `512` (bytes) / `8 MiB`: decimal
 * units are powers of 1000, `KiB`, `MiB`... powers of 1024; the unit's letter case is free.
 */
export function sizeLimitConverter(attribute: string): ComplexAttributeConverter<FileSizeLimit | undefined> {
  return {
    fromAttribute(value) {
      if (value === null || value.trim() === '') return undefined;
      const text = value.trim();
      if (text.startsWith('{')) return parseJson(attribute, text) as FileSizeLimit | undefined;
      const match = /^(\d+(?:\.\d+)?)\s*([a-z]*)$/i.exec(text);
      const unit = match ? readSizeUnit(match[2] || 'B') : undefined;
      if (!match || unit === undefined) return warnIgnored(attribute, value, 'a size such as "10 MB" or {"size":10,"unit":"MB"}');
      return { size: Number(match[1]), unit };
    },
    toAttribute: (value) => (value === undefined ? null : JSON.stringify(value)),
  };
}

/** A JSON array, or words separated by commas or spaces: `local, url, camera`. */
export function listConverter(attribute: string): ComplexAttributeConverter<string[] | undefined> {
  return {
    fromAttribute(value) {
      if (value === null || value.trim() === '') return undefined;
      if (value.trim().startsWith('[')) return parseJson(attribute, value) as string[] | undefined;
      return value.split(/[\s,]+/).filter(Boolean);
    },
    toAttribute: (value) => (value === undefined ? null : value.join(',')),
  };
}

/** `allowed-file-types`: a comma-separated string as the contract allows, or a JSON array. */
export function fileTypesConverter(attribute: string): ComplexAttributeConverter<string | string[] | undefined> {
  return {
    fromAttribute(value) {
      if (value === null || value.trim() === '') return undefined;
      return value.trim().startsWith('[') ? (parseJson(attribute, value) as string[] | undefined) : value;
    },
    toAttribute: (value) => (value === undefined ? null : Array.isArray(value) ? value.join(',') : value),
  };
}

/**
 * For a prop whose default is `true`: the attribute is its negation (`no-animations`), so plain
 * HTML turns the feature off by presence, and removing the attribute turns it back on.
 */
export const negatedBooleanConverter: ComplexAttributeConverter<boolean> = {
  fromAttribute: (value) => value === null,
  toAttribute: (value) => (value ? null : ''),
};

/** Three states: absent is "not set" (automatic), `"false"` is false, anything else true. */
export const optionalBooleanConverter: ComplexAttributeConverter<boolean | undefined> = {
  fromAttribute: (value) => (value === null ? undefined : value !== 'false'),
  toAttribute: (value) => (value === undefined ? null : String(value)),
};

/** `image-editor`: `"false"` disables, empty or `"true"` enables with defaults, JSON sets options. */
export function booleanOrJsonConverter(attribute: string): ComplexAttributeConverter<unknown> {
  return {
    fromAttribute(value) {
      if (value === null) return undefined;
      const text = value.trim();
      if (text === '' || text === 'true') return true;
      if (text === 'false') return false;
      return parseJson(attribute, text);
    },
    toAttribute: (value) => (value === undefined ? null : typeof value === 'boolean' ? String(value) : JSON.stringify(value)),
  };
}
