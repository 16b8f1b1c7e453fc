// What goes into the server log about an error: its kind and a short message with
// e-mail addresses masked and nothing past MAX characters, so a log line never
// echoes a request body or a customer's address. Stack frames name our code only.
const EMAIL = /[A-Z0-9._%+-]+@([A-Z0-9-]+\.)+[A-Z]{2,}/gi;
const MAX = 300;

/** "ada.lovelace@example.com" → "a***@example.com". Give it bounded text (describeError clips first). */
export function maskEmails(text: string): string {
  return text.replace(EMAIL, (address) => {
    const at = address.lastIndexOf("@");
    return `${address[0]}***${address.slice(at)}`;
  });
}

/** The first `max` characters with whitespace runs as single spaces, and how many more there were. */
function clipped(text: string, max: number): string {
  // Masked before it is cut, so an address across the cut is masked too; the slice keeps the pattern's work bounded.
  const head = maskEmails(text.slice(0, max + 256)).replace(/\s+/g, " ");
  return head.length > max ? `${head.slice(0, max)}… (${text.length - max} more characters)` : head;
}

/** One line for the log: the error's name and masked, clipped message, then where it was thrown. */
export function describeError(error: unknown, max = MAX): string {
  if (!(error instanceof Error)) return `non-error thrown (${typeof error})`;
  const code = (error as { code?: unknown }).code;
  // Clipped before masking: the pattern is then matched on a bounded text.
  const message = clipped(error.message, max);
  const head = `${error.name}${typeof code === "string" || typeof code === "number" ? ` [${code}]` : ""}: ${message}`;
  const frames = (error.stack ?? "")
    .split("\n")
    .filter((line) => /^\s+at /.test(line))
    .slice(0, 5)
    .map((line) => line.trim());
  return frames.length ? `${head} | ${frames.join(" | ")}` : head;
}
