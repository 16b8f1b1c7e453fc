// Reading a CSV file posted in a multipart form (docs/decisions/090-csv-imports.md): a body
// over the import's cap is a 413 before it is read, as is a file over it; a form without a
// file is a 400. The file's text and the form's other fields come back for the feature.
import { CSV_IMPORT_MAX_BYTES, csvTooLargeMessage } from "~/lib/csv-limits";
import { formToObject, type FieldErrors } from "~/lib/forms";
import { unstorableText } from "~/lib/text";

/** Room for the form's other fields and the multipart boundaries beside the file. */
const FORM_OVERHEAD = 64 * 1024;

export type CsvUpload =
  | { ok: true; text: string | null; fileName: string | null; values: Record<string, string> }
  | { ok: false; status: 400 | 413; fieldErrors: FieldErrors };

export async function readCsvUpload(request: Request): Promise<CsvUpload> {
  const tooLarge: CsvUpload = { ok: false, status: 413, fieldErrors: { file: [csvTooLargeMessage()] } };
  if (Number(request.headers.get("content-length") ?? 0) > CSV_IMPORT_MAX_BYTES + FORM_OVERHEAD) return tooLarge;
  const form = await request.formData().catch(() => null);
  if (!form) return { ok: false, status: 400, fieldErrors: { _form: ["Send the form's fields"] } };
  const values = formToObject(form);
  const unstorable: FieldErrors = {};
  unstorableText(values, [], unstorable);
  if (Object.keys(unstorable).length) return { ok: false, status: 400, fieldErrors: unstorable };
  const file = form.get("file");
  if (!(file instanceof Blob)) return { ok: true, text: null, fileName: null, values };
  if (file.size > CSV_IMPORT_MAX_BYTES) return tooLarge;
  const text = await file.text();
  if (text.includes("\u0000"))
    return { ok: false, status: 400, fieldErrors: { file: ["The file is not a text CSV file."] } };
  const name = "name" in file && typeof file.name === "string" ? file.name : null;
  return { ok: true, text, fileName: name ? name.replace(/[^\p{L}\p{N} ._()-]/gu, "").slice(0, 200) : null, values };
}
