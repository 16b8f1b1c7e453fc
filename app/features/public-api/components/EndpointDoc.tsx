// One operation of the OpenAPI document on /api-docs: method, path, scope, parameters, request
// body, the answer's fields and its errors.
import { SchemaView, typeName, type Components } from "./SchemaView";

type Parameter = { name: string; in: string; required?: boolean; description?: string; schema?: object };
export type Operation = {
  operationId?: string;
  summary?: string;
  description?: string;
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: object }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: object }> }>;
};

export function EndpointDoc({
  method,
  path,
  op,
  components,
}: {
  method: string;
  path: string;
  op: Operation;
  components: Components;
}) {
  const ok = Object.entries(op.responses).find(([status]) => status.startsWith("2"));
  const errors = Object.entries(op.responses).filter(([status]) => !status.startsWith("2"));
  return (
    <article className="pp-card pp-api-op" id={op.operationId}>
      <h3>
        <span className={`pp-api-method pp-api-${method}`}>{method.toUpperCase()}</span> <code>{path}</code>
      </h3>
      <p>{op.summary}</p>
      {op.description && <p className="pp-muted">{op.description.replaceAll("`", "")}</p>}
      {!!op.parameters?.length && (
        <>
          <h4>Parameters</h4>
          <ul className="pp-api-schema">
            {op.parameters.map((p) => (
              <li key={`${p.in}-${p.name}`}>
                <code>{p.name}</code>{" "}
                <span className="pp-muted">
                  {p.in}, {typeName(p.schema ?? {}, components)}
                  {p.required ? ", required" : ""}
                </span>
                {p.description && <span> — {p.description}</span>}
              </li>
            ))}
          </ul>
        </>
      )}
      {op.requestBody && (
        <>
          <h4>Request body</h4>
          <SchemaView schema={op.requestBody.content["application/json"].schema} components={components} />
        </>
      )}
      {ok?.[1].content && (
        <>
          <h4>Response {ok[0]}</h4>
          <SchemaView schema={ok[1].content["application/json"].schema} components={components} />
        </>
      )}
      <h4>Errors</h4>
      <ul className="pp-api-schema">
        {errors.map(([status, r]) => (
          <li key={status}>
            <code>{status}</code> <span className="pp-muted">{r.description}</span>
          </li>
        ))}
      </ul>
    </article>
  );
}
