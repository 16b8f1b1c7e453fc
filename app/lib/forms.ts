/** Input that passed the form's schema but not a rule only the server knows (e.g. the shop's currency). */
export class FieldError extends Error {
  constructor(public readonly fieldErrors: Record<string, string[]>) {
    super(Object.values(fieldErrors).flat().join(" "));
    this.name = "FieldError";
  }
}
