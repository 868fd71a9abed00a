/**
 * The answers' shapes for the API reference (issue 28). The contract declares each endpoint's
 * answer as a TypeScript type only (`response: returns<Page<BrandRow>>()`), gone at run time; this
 * reads those types with the TypeScript compiler and writes them as JSON Schema to
 * api-docs/responses.json, which platform/openapi.ts reads when it builds the document. A build-time
 * tool: the server never imports it (TypeScript is a development dependency), and
 * openapi-responses.test.ts fails when the file no longer matches the contract.
 *
 *   npx tsx packages/server/src/platform/openapi-responses.ts
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { ERROR_SCHEMA_NAME, RESPONSES_FILE, type ResponseSchemas } from './openapi.js';
import { REPO_ROOT } from './paths.js';

type JsonSchema = Record<string, unknown>;

const ENDPOINTS_FILE = path.join(REPO_ROOT, 'packages', 'contract', 'src', 'endpoints.ts');
/** Nesting past this is cut to an open schema: only a generic type that recurses through itself gets here. */
const MAX_DEPTH = 24;

export function describeResponses(): ResponseSchemas {
  const configFile = path.join(REPO_ROOT, 'packages', 'contract', 'tsconfig.json');
  const parsed = ts.getParsedCommandLineOfConfigFile(configFile, {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: (diagnostic) => { throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')); } });
  if (!parsed) throw new Error(`cannot read ${configFile}`);
  const program = ts.createProgram({ rootNames: [ENDPOINTS_FILE], options: parsed.options });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(ENDPOINTS_FILE)!;
  const endpointsSymbol = checker.getExportsOfModule(checker.getSymbolAtLocation(source)!).find((symbol) => symbol.name === 'ENDPOINTS');
  if (!endpointsSymbol) throw new Error(`no ENDPOINTS in ${ENDPOINTS_FILE}`);

  const schemas: Record<string, JsonSchema> = {};
  const nameOf = new Map<ts.Type, string>();
  // The document's own schema keeps its name.
  const taken = new Set<string>([ERROR_SCHEMA_NAME]);

  const describe = (type: ts.Type, depth: number): JsonSchema => {
    if (depth > MAX_DEPTH) return {};
    const flags = type.flags;
    if (flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) return {};
    if (flags & ts.TypeFlags.Never) return { not: {} };
    if (flags & ts.TypeFlags.Null) return { type: 'null' };
    if (flags & ts.TypeFlags.StringLiteral) return { type: 'string', const: (type as ts.StringLiteralType).value };
    if (flags & ts.TypeFlags.NumberLiteral) return { type: 'number', const: (type as ts.NumberLiteralType).value };
    if (flags & ts.TypeFlags.BooleanLiteral) return { type: 'boolean', const: checker.typeToString(type) === 'true' };
    if (flags & ts.TypeFlags.String) return { type: 'string' };
    if (flags & ts.TypeFlags.Number) return { type: 'number' };
    if (flags & ts.TypeFlags.Boolean) return { type: 'boolean' };
    if (type.isUnion()) return describeUnion(type, depth);
    if (checker.isArrayType(type)) return { type: 'array', items: describe(checker.getTypeArguments(type as ts.TypeReference)[0], depth + 1) };
    if (checker.isTupleType(type)) {
      const items = checker.getTypeArguments(type as ts.TypeReference).map((item) => describe(item, depth + 1));
      return { type: 'array', prefixItems: items, minItems: items.length, maxItems: items.length };
    }
    if (flags & ts.TypeFlags.Object || type.isIntersection()) return named(type, depth) ?? describeObject(type, depth);
    return {};
  };

  const describeUnion = (type: ts.UnionType, depth: number): JsonSchema => {
    const members = type.types.filter((member) => !(member.flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Void)));
    // `boolean` is the union `true | false`.
    const booleans = members.filter((member) => member.flags & ts.TypeFlags.BooleanLiteral);
    const rest = booleans.length === 2 ? members.filter((member) => !booleans.includes(member)) : members;
    const parts = [...(booleans.length === 2 ? [{ type: 'boolean' }] : []), ...rest.map((member) => describe(member, depth + 1))];
    // Literals (and null: `'ok' | 'failed' | null`) are one enum.
    const isNull = (part: JsonSchema) => part.type === 'null';
    const literals = parts.filter((part) => !isNull(part));
    if (literals.length > 1 && literals.every((part) => 'const' in part && (part.type === 'string' || part.type === 'number'))) {
      const types = [...new Set(parts.map((part) => part.type))];
      return { type: types.length === 1 ? types[0] : types, enum: parts.map((part) => (isNull(part) ? null : part.const)) };
    }
    return parts.length === 1 ? parts[0] : { anyOf: parts };
  };

  /** A named, non-generic interface or type alias of the contract: one component, referred to (recursion included). */
  const named = (type: ts.Type, depth: number): JsonSchema | undefined => {
    const symbol = type.aliasSymbol ?? type.getSymbol();
    const generic = (type.aliasTypeArguments?.length ?? 0) > 0 || ((type as ts.TypeReference).typeArguments?.length ?? 0) > 0;
    const declaration = symbol?.declarations?.[0];
    if (!symbol || generic || symbol.name.startsWith('__') || !declaration || !declaration.getSourceFile().fileName.includes('/packages/contract/')) return undefined;
    let name = nameOf.get(type);
    if (!name) {
      name = symbol.name;
      for (let suffix = 2; taken.has(name); suffix += 1) name = `${symbol.name}${suffix}`;
      taken.add(name);
      nameOf.set(type, name);
      schemas[name] = {};
      schemas[name] = describeObject(type, depth);
    }
    return { $ref: `#/components/schemas/${name}` };
  };

  const describeObject = (type: ts.Type, depth: number): JsonSchema => {
    if (type.getSymbol()?.name === 'Date') return { type: 'string', format: 'date-time' };
    if (type.getCallSignatures().length > 0) return {};
    const properties: Record<string, JsonSchema> = {};
    const required: string[] = [];
    for (const property of checker.getPropertiesOfType(type)) {
      const propertyType = checker.getTypeOfSymbol(property);
      const schema = describe(propertyType, depth + 1);
      const doc = ts.displayPartsToString(property.getDocumentationComment(checker)).trim();
      properties[property.name] = doc && !('$ref' in schema) ? { ...schema, description: doc } : schema;
      if (!(property.flags & ts.SymbolFlags.Optional)) required.push(property.name);
    }
    const index = checker.getIndexInfosOfType(type).find((info) => info.keyType.flags & (ts.TypeFlags.String | ts.TypeFlags.Number));
    const schema: JsonSchema = { type: 'object', properties };
    if (required.length > 0) schema.required = required;
    if (index) schema.additionalProperties = describe(index.type, depth + 1);
    return schema;
  };

  const responses: Record<string, JsonSchema> = {};
  const endpointsType = checker.getTypeOfSymbol(endpointsSymbol);
  for (const area of checker.getPropertiesOfType(endpointsType)) {
    for (const entry of checker.getPropertiesOfType(checker.getTypeOfSymbol(area))) {
      const response = checker.getPropertyOfType(checker.getTypeOfSymbol(entry), 'response');
      if (!response) continue;
      const returned = checker.getPropertyOfType(checker.getNonNullableType(checker.getTypeOfSymbol(response)), '__returns');
      if (!returned) continue;
      responses[`${area.name}.${entry.name}`] = describe(checker.getNonNullableType(checker.getTypeOfSymbol(returned)), 0);
    }
  }
  return { responses, schemas };
}

/** The file's text: stable key order, so a regeneration without a change writes the same bytes. */
export const responsesText = (described: ResponseSchemas) => `${JSON.stringify(described, null, 1)}\n`;

const runDirectly = process.argv[1] !== undefined && fs.realpathSync(process.argv[1]) === fs.realpathSync(fileURLToPath(import.meta.url));
if (runDirectly) {
  const described = describeResponses();
  fs.writeFileSync(RESPONSES_FILE, responsesText(described));
  console.log(`${RESPONSES_FILE}: ${Object.keys(described.responses).length} answers, ${Object.keys(described.schemas).length} named types`);
}
