// What the Team tab sends (browser-safe: the form checks the same rules).
import { z } from "zod";

const memberId = z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, "Unknown member");

export const teamActionSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("invite"),
    email: z.email("Enter an e-mail address like name@example.com").max(254),
    role: z.enum(["admin", "viewer"], { message: "Role must be Admin or Viewer" }),
  }),
  z.object({
    intent: z.literal("changeRole"),
    memberId,
    role: z.enum(["admin", "viewer"], { message: "Role must be Admin or Viewer" }),
  }),
  z.object({ intent: z.literal("remove"), memberId }),
  z.object({ intent: z.literal("transferOwnership"), memberId }),
]);
export type TeamAction = z.infer<typeof teamActionSchema>;
