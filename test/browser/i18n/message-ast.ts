/**
 * What a compiled ICU message asks for: its arguments (by kind) and the options of each plural and
 * select, read from intl-messageformat's AST so translations can be compared with English.
 */
import type IntlMessageFormat from 'intl-messageformat';

type Ast = ReturnType<IntlMessageFormat['getAst']>;

/** Element types of @formatjs/icu-messageformat-parser. */
const ARGUMENT = 1;
const NUMBER = 2;
const SELECT = 5;
const PLURAL = 6;

export type ArgumentKind = 'text' | 'number' | 'select' | 'plural';

export interface MessageShape {
  arguments: Map<string, ArgumentKind>;
  /** Options of every plural argument, e.g. `count` → ['one', 'other']. */
  pluralOptions: Array<{ argument: string; options: string[] }>;
  /** Options of every select argument, e.g. `kind` → ['folder', 'other']. */
  selectOptions: Map<string, Set<string>>;
}

interface AnyElement {
  type: number;
  value?: unknown;
  options?: Record<string, { value: AnyElement[] }>;
}

export function shapeOf(ast: Ast): MessageShape {
  const shape: MessageShape = { arguments: new Map(), pluralOptions: [], selectOptions: new Map() };
  const visit = (elements: readonly AnyElement[]) => {
    for (const element of elements) {
      const name = String(element.value);
      if (element.type === ARGUMENT) shape.arguments.set(name, 'text');
      if (element.type === NUMBER) shape.arguments.set(name, 'number');
      if (element.type === SELECT || element.type === PLURAL) {
        shape.arguments.set(name, element.type === SELECT ? 'select' : 'plural');
        const options = Object.keys(element.options ?? {});
        if (element.type === PLURAL) shape.pluralOptions.push({ argument: name, options });
        else shape.selectOptions.set(name, new Set([...(shape.selectOptions.get(name) ?? []), ...options]));
        for (const option of Object.values(element.options ?? {})) visit(option.value);
      }
    }
  };
  visit(ast as unknown as AnyElement[]);
  return shape;
}
