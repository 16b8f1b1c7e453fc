// A JSON schema from the OpenAPI document as a nested list of fields and types ($refs resolved
// from the document's components), for /api-docs.
type Schema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  anyOf?: Schema[];
  description?: string;
  default?: unknown;
  const?: unknown;
};

export type Components = Record<string, Schema>;

function resolve(schema: Schema, components: Components): Schema {
  return schema.$ref ? (components[schema.$ref.split("/").pop() ?? ""] ?? {}) : schema;
}

export function typeName(schema: Schema, components: Components): string {
  const s = resolve(schema, components);
  if (s.anyOf) return s.anyOf.map((x) => typeName(x, components)).join(" | ");
  if (s.enum) return s.enum.map((v) => JSON.stringify(v)).join(" | ");
  if (s.const !== undefined) return JSON.stringify(s.const);
  const t = Array.isArray(s.type) ? s.type.join(" | ") : (s.type ?? "object");
  if (t === "array" && s.items) return `${typeName(s.items, components)}[]`;
  return t;
}

/** The object's fields (or an array's items' fields) nested below it; `depth` stops runaway nesting. */
export function SchemaView({
  schema,
  components,
  depth = 0,
}: {
  schema: Schema;
  components: Components;
  depth?: number;
}) {
  let s = resolve(schema, components);
  if (s.anyOf) s = resolve(s.anyOf.find((x) => resolve(x, components).type !== "null") ?? s, components);
  if (s.type === "array" && s.items) s = resolve(s.items, components);
  if (!s.properties || depth > 4) return null;
  return (
    <ul className="pp-api-schema">
      {Object.entries(s.properties).map(([name, prop]) => (
        <li key={name}>
          <code>{name}</code>{" "}
          <span className="pp-muted">
            {typeName(prop, components)}
            {s.required?.includes(name) ? "" : ", optional"}
          </span>
          {resolve(prop, components).description && <span> — {resolve(prop, components).description}</span>}
          <SchemaView schema={prop} components={components} depth={depth + 1} />
        </li>
      ))}
    </ul>
  );
}
