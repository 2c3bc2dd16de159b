/**
 * Every event's type written out for the custom-elements manifest: `CustomEvent<{ file:
 * UploadFileRecord; key: string; result: UploadResult }>` rather than the generic
 * `SvcUploaderEventMap['svc-file-upload-complete']`, which tools that read only the manifest
 * (Storybook, language servers, wrapper generators) cannot resolve. The TypeScript checker reads the
 * event table itself, so the text is the element's own typing, one level deep: each detail field by
 * name, a field whose type is a few words (`'user' | 'offline'`) with the words in the order its
 * source declares them, and other field types by their exported names.
 */
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const EVENTS_SOURCE = fileURLToPath(new URL('../../elements/svc-uploader/events.ts', import.meta.url));
const FORMAT = ts.TypeFormatFlags.NoTruncation | ts.TypeFormatFlags.UseSingleQuotesForStringLiteralType;

function createChecker(): { checker: ts.TypeChecker; source: ts.SourceFile } {
  const config = ts.readConfigFile(`${ROOT}tsconfig.json`, ts.sys.readFile);
  const { options } = ts.parseJsonConfigFileContent(config.config, ts.sys, ROOT);
  const program = ts.createProgram([EVENTS_SOURCE], { ...options, noEmit: true });
  return { checker: program.getTypeChecker(), source: program.getSourceFile(EVENTS_SOURCE)! };
}

function isLiteral(type: ts.Type): boolean {
  return (type.flags & (ts.TypeFlags.StringLiteral | ts.TypeFlags.NumberLiteral | ts.TypeFlags.BooleanLiteral)) !== 0;
}

/**
 * The literal words of a type node (`'a' | 'b'`, or an alias of such a union, or a union of such
 * aliases) in declaration order, or undefined when the node is anything else.
 */
function declaredWords(checker: ts.TypeChecker, node: ts.TypeNode): string[] | undefined {
  if (ts.isParenthesizedTypeNode(node)) return declaredWords(checker, node.type);
  if (ts.isLiteralTypeNode(node) && node.literal.kind !== ts.SyntaxKind.NullKeyword) {
    return [checker.typeToString(checker.getTypeFromTypeNode(node), undefined, FORMAT)];
  }
  if (ts.isUnionTypeNode(node)) {
    const words = node.types.map((member) => declaredWords(checker, member));
    return words.every((list) => list !== undefined) ? [...new Set(words.flat())] : undefined;
  }
  if (ts.isTypeReferenceNode(node) && !node.typeArguments) {
    let symbol = checker.getSymbolAtLocation(node.typeName);
    if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
    const alias = symbol?.declarations?.find(ts.isTypeAliasDeclaration);
    return alias ? declaredWords(checker, alias.type) : undefined;
  }
  return undefined;
}

function fieldText(checker: ts.TypeChecker, field: ts.Symbol): string {
  const optional = (field.flags & ts.SymbolFlags.Optional) !== 0;
  // An optional field's type carries `| undefined`, which the `?` already says.
  const type = optional ? checker.getNonNullableType(checker.getTypeOfSymbol(field)) : checker.getTypeOfSymbol(field);
  const declaration = field.valueDeclaration;
  const declared = declaration && ts.isPropertySignature(declaration) && declaration.type ? declaredWords(checker, declaration.type) : undefined;
  const allLiterals = type.isUnion() && type.types.every(isLiteral);
  const text =
    declared?.join(' | ') ??
    // Words from a computed union (no declaration to read the order from), still written out.
    checker.typeToString(type, undefined, FORMAT | (allLiterals ? ts.TypeFormatFlags.InTypeAlias : 0));
  return `${field.name}${optional ? '?' : ''}: ${text}`;
}

function detailText(checker: ts.TypeChecker, detail: ts.Type): string {
  const fields = checker.getPropertiesOfType(detail);
  // A detail without fields (`Record<string, never>`) is clearest under its own name.
  if (fields.length === 0) return checker.typeToString(detail, undefined, FORMAT);
  return `{ ${fields.map((field) => fieldText(checker, field)).join('; ')} }`;
}

/** `CustomEvent<{ ... }>` of every event in the element's event table, keyed by event name. */
export function readEventTypes(): Map<string, string> {
  const { checker, source } = createChecker();
  const eventMap = source.statements.find(
    (node): node is ts.TypeAliasDeclaration => ts.isTypeAliasDeclaration(node) && node.name.text === 'SvcUploaderEventMap',
  );
  if (!eventMap) throw new Error(`type SvcUploaderEventMap not found in ${EVENTS_SOURCE}`);
  const types = new Map<string, string>();
  for (const event of checker.getTypeAtLocation(eventMap.name).getProperties()) {
    const detail = checker.getTypeOfSymbol(event).getProperty('detail');
    if (!detail) throw new Error(`${event.name} is not a CustomEvent`);
    types.set(event.name, `CustomEvent<${detailText(checker, checker.getTypeOfSymbol(detail))}>`);
  }
  return types;
}
