/**
 * The part of the custom-elements manifest schema 2.1 (github.com/webcomponents/custom-elements-manifest,
 * `schema.d.ts`) that `<svc-uploader>`'s manifest uses, so the generators are checked against it.
 */
export interface Type {
  text: string;
}
export interface Reference {
  name: string;
  module?: string;
  package?: string;
}

export interface Attribute {
  name: string;
  description?: string;
  type?: Type;
  default?: string;
  fieldName?: string;
}

export interface ClassField {
  kind: 'field';
  name: string;
  description?: string;
  type?: Type;
  default?: string;
  readonly?: boolean;
  attribute?: string;
  reflects?: boolean;
}

export interface Parameter {
  name: string;
  type?: Type;
  optional?: boolean;
  default?: string;
  description?: string;
}

export interface ClassMethod {
  kind: 'method';
  name: string;
  description?: string;
  parameters?: Parameter[];
  return?: { type?: Type };
}

export interface Event {
  name: string;
  description?: string;
  type?: Type;
}
export interface CssPart {
  name: string;
  description?: string;
}
export interface CssCustomProperty {
  name: string;
  description?: string;
  default?: string;
  syntax?: string;
}
export interface Slot {
  name: string;
  description?: string;
}

export interface CustomElementDeclaration {
  kind: 'class';
  name: string;
  customElement: true;
  tagName: string;
  summary?: string;
  description?: string;
  superclass?: Reference;
  attributes?: Attribute[];
  members?: (ClassField | ClassMethod)[];
  events?: Event[];
  cssParts?: CssPart[];
  cssProperties?: CssCustomProperty[];
  slots?: Slot[];
}

export type Export = { kind: 'js'; name: string; declaration: Reference } | { kind: 'custom-element-definition'; name: string; declaration: Reference };

export interface JavaScriptModule {
  kind: 'javascript-module';
  path: string;
  declarations?: CustomElementDeclaration[];
  exports?: Export[];
}

export interface Package {
  schemaVersion: string;
  readme?: string;
  modules: JavaScriptModule[];
}
