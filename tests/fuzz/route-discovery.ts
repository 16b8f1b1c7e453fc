// What the route fuzz learns from the route files themselves (issue 35): the URL of a
// flat-route file, and the intents and field names its action reads, mined from its
// source and from the zod schemas it imports. Nothing here lists a route by hand.
/** The URL path of a Remix flat-route file name, with each `$param` filled from `params`. */
export function pathOf(name: string, params: Record<string, string>): string {
  // A literal dot is written "[.]" (robots[.]txt); it is kept while splitting on the others.
  const segments = name.replaceAll("[.]", "\u0001").split(".");
  const parts: string[] = [];
  for (const raw of segments) {
    const segment = raw.replaceAll("\u0001", ".");
    if (segment === "_index" || segment.startsWith("_")) continue;
    const plain = segment.endsWith("_") ? segment.slice(0, -1) : segment;
    if (plain === "$") parts.push(encodeURIComponent(params["*"] ?? "x"));
    else if (plain.startsWith("$")) parts.push(encodeURIComponent(params[plain.slice(1)] ?? "x"));
    else parts.push(plain);
  }
  return `/${parts.join("/")}`;
}

/** The `$param` names of a flat-route file name. */
export const paramsOf = (name: string) =>
  name
    .split(".")
    .filter((s) => s.startsWith("$") && s.length > 1)
    .map((s) => s.slice(1).replace(/_$/, ""));

/** The names the route imports, by module specifier. */
function importsOf(source: string): { names: string[]; from: string }[] {
  return [...source.matchAll(/import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*"([^"]+)"/g)].map(([, names, from]) => ({
    names: names
      .split(",")
      .map((n) => n.trim().replace(/^type\s+/, ""))
      .map((n) => n.split(/\s+as\s+/).pop() ?? n)
      .filter(Boolean),
    from,
  }));
}

type Def = { type: string; [key: string]: unknown };
const defOf = (schema: unknown): Def | undefined => (schema as { _zod?: { def?: Def } })?._zod?.def;

/** The field schemas of an object schema, through wrappers, pipes, unions and intersections. */
export function fieldsOfSchema(schema: unknown, depth = 0): Record<string, unknown> {
  const def = defOf(schema);
  if (!def || depth > 8) return {};
  switch (def.type) {
    case "object":
      return { ...(def.shape as Record<string, unknown>) };
    case "pipe":
      return { ...fieldsOfSchema(def.in, depth + 1), ...fieldsOfSchema(def.out, depth + 1) };
    case "union":
      return Object.assign({}, ...(def.options as unknown[]).map((o) => fieldsOfSchema(o, depth + 1)));
    case "intersection":
      return { ...fieldsOfSchema(def.left, depth + 1), ...fieldsOfSchema(def.right, depth + 1) };
    default:
      return "innerType" in def ? fieldsOfSchema(def.innerType, depth + 1) : {};
  }
}

/** The core type of a field ("string", "number", "boolean", "enum"…) and an enum's first value. */
export function kindOf(schema: unknown, depth = 0): { type: string; first?: string } {
  const def = defOf(schema);
  if (!def || depth > 8) return { type: "unknown" };
  if (def.type === "enum") return { type: "enum", first: String(Object.values(def.entries as object)[0]) };
  if (def.type === "literal") return { type: "enum", first: String((def.values as unknown[])[0]) };
  if (def.type === "pipe") {
    const inner = kindOf(def.in, depth + 1);
    return inner.type === "unknown" || inner.type === "transform" ? kindOf(def.out, depth + 1) : inner;
  }
  if (def.type === "union") return kindOf((def.options as unknown[])[0], depth + 1);
  if ("innerType" in def) return kindOf(def.innerType, depth + 1);
  return { type: def.type };
}

export type Mined = {
  /** Intents the action distinguishes (empty: it has none). */
  intents: string[];
  /** Field names with their schema where one is known. */
  fields: Record<string, unknown>;
};

const IDENT = /^[a-zA-Z][\w-]{0,40}$/;

/**
 * Mines a route's source: intents compared against or posted (`intent === "x"`,
 * `intent: "x"`, string arrays such as an `INTENTS` list or the intents passed to a
 * shared action), field names read (`values.x`, `form.get("x")`, `name="x"`), and the
 * fields of every imported `…Schema` (loaded through `load`).
 */
export async function mine(source: string, load: (specifier: string) => Promise<Record<string, unknown>>) {
  const intents = new Set<string>();
  for (const [, v] of source.matchAll(/intent["']?\s*(?:===|!==|==|:|,)\s*"([\w-]+)"/g)) intents.add(v);
  for (const [, v] of source.matchAll(/case\s+"([\w-]+)"\s*:/g)) intents.add(v);
  for (const [list] of source.matchAll(/\[\s*"[\w-]+"(?:\s*,\s*"[\w-]+")+\s*,?\s*\]/g))
    for (const [, v] of list.matchAll(/"([\w-]+)"/g)) intents.add(v);

  const fields: Record<string, unknown> = {};
  const add = (name: string, schema?: unknown) => {
    if (IDENT.test(name) && !(name in fields && fields[name])) fields[name] = schema;
  };
  for (const [, v] of source.matchAll(/\bvalues\.(\w+)/g)) add(v);
  for (const [, v] of source.matchAll(/form\.get\("([\w.-]+)"\)/g)) add(v);
  for (const [, v] of source.matchAll(/\bname="([\w.-]+)"/g)) add(v);
  for (const { names, from } of importsOf(source)) {
    const schemas = names.filter((n) => /Schema$/.test(n));
    if (!schemas.length) continue;
    const mod = await load(from).catch(() => ({}) as Record<string, unknown>);
    for (const n of schemas) for (const [k, s] of Object.entries(fieldsOfSchema(mod[n]))) add(k, s);
  }
  delete fields.intent;
  return { intents: [...intents].filter((i) => IDENT.test(i)).sort(), fields } satisfies Mined;
}
