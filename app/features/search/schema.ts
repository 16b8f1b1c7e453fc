// The header search's query string, checked the same way in the browser (before a fetch)
// and on the server (GET /api/search?q=…, docs/product/admin-shell.md#search).
import { z } from "zod";
import { BAD_TEXT_MESSAGE, isStorableText } from "~/lib/text";

/** Longer queries name nothing a merchant types into a search box, and would only cost the database. */
export const MAX_QUERY_LENGTH = 100;

export const searchQuerySchema = z.object({
  q: z
    .string({ message: "Type something to search for" })
    .trim()
    .min(1, "Type something to search for")
    .max(MAX_QUERY_LENGTH, `Search for at most ${MAX_QUERY_LENGTH} characters`)
    .refine(isStorableText, BAD_TEXT_MESSAGE),
});

/** What the endpoint answers: up to a few rows of each kind, each with the screen that shows it. */
export type SearchHit = { id: string; title: string; detail: string; url: string };
export type SearchResults = { invoices: SearchHit[]; products: SearchHit[]; customers: SearchHit[] };
